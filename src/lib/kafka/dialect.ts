// A dialect is which message definitions kmirror speaks to a cluster: the running prototype's
// (keys 94–105) or the seed KIP's (revision 57, `--protocol kip-draft`). kmirror's domain writes its
// requests in the prototype's messages; the dialect says, per request, what goes on the wire
// instead: the same definition, a translation into the seed's message and back, or nothing (the
// seed has no such RPC). A dialect is a value handed to the client and the emulator, never global.

import type { ApiDefinition, VersionRange } from './definition.js';
import { parseVersions } from './definition.js';
import type { MessageInput, RequestOf, ResponseOf } from './message-types.js';
import {
  ADMIN_MIRROR_APIS,
  ALL_APIS,
  DescribeConfigs,
  FindCoordinator,
  IncrementalAlterConfigs,
  MIRROR_APIS,
  RECORD_APIS,
} from './messages/index.js';
import { KIP_DRAFT_APIS, LastMirroredOffsets } from './messages/kip-draft/index.js';
import { ApiKeyMap, type KeyedApiNames, TBD } from './mirror-api-keys.js';
import { DialectSettingMissingError, NotInDialectError } from './errors.js';
import type { FanOutResult } from './fan-out.js';

export const PROTOCOLS = ['prototype', 'kip-draft'] as const;
export type ProtocolName = (typeof PROTOCOLS)[number];
export const DEFAULT_PROTOCOL: ProtocolName = 'prototype';

/** Config resource type 64, CLUSTER_MIRROR (PROTOCOL.md §7). */
export const CLUSTER_MIRROR_RESOURCE_TYPE = 64;

/** The standard RPCs whose versions the seed says are bumped for mirror resources (it names none). */
export const BUMPED_CONFIG_APIS = [DescribeConfigs, IncrementalAlterConfigs] as const;
export type BumpedConfigApiName = (typeof BUMPED_CONFIG_APIS)[number]['name'];

/** What a translation may send besides its own exchange (the client, without a second translation). */
export interface WireSender {
  sendToEvery<A extends ApiDefinition>(api: A, body: MessageInput<RequestOf<A>>): Promise<FanOutResult<ResponseOf<A>>>;
}

/** One domain request in another dialect's message, and its answer back in the domain's message. */
export interface Translation {
  readonly wire: ApiDefinition;
  /** Other RPCs `complete` sends, so the gate checks them before anything is sent. */
  readonly alsoNeeds?: readonly ApiDefinition[];
  /** `note`: what the wire message could not carry, for the operator. */
  toWire(body: unknown, note: (message: string) => void): unknown;
  fromWire(response: unknown, body: unknown): unknown;
  /** A second step after the exchange, for what the wire answer lacks. */
  complete?(response: unknown, body: unknown, sender: WireSender): Promise<unknown>;
}

export type WirePlan =
  /** Sent as written, on this definition (re-versioned for a dialect where needed). */
  | { readonly kind: 'direct'; readonly api: ApiDefinition }
  | { readonly kind: 'translated'; readonly translation: Translation }
  /** The dialect has no such RPC. */
  | { readonly kind: 'absent'; readonly reason: string }
  /** The dialect has it, but the operator has not given a setting it needs. */
  | { readonly kind: 'unset'; readonly setting: DialectSetting; readonly name: string };

export type DialectSetting = '--api-keys' | '--api-versions';

export interface Dialect {
  readonly name: ProtocolName;
  /** How messages name it: `the prototype`, `the KIP draft (revision 57)`. */
  readonly title: string;
  readonly apiKeys: ApiKeyMap;
  /** What goes on the wire for a domain request; `body` absent means "as a mirror command uses it". */
  plan(api: ApiDefinition, body?: unknown): WirePlan;
  /** Every mirror RPC of the dialect (what `check` reports and the emulator serves). */
  readonly mirrorApis: readonly ApiDefinition[];
  /** The ones an admin tool sends: the verdict of `check` rests on them. */
  readonly adminMirrorApis: readonly ApiDefinition[];
  /** DescribeConfigs and IncrementalAlterConfigs as used on mirror resources. */
  readonly mirrorConfigApis: readonly ApiDefinition[];
  /** A complete value for each setting this dialect reads, for hints. */
  readonly settingExamples: ReadonlyMap<DialectSetting, string>;
  /** Whether StartMirrorTopics' include/exclude patterns reach the broker (saved for auto-discovery). */
  readonly savesTopicPatterns: boolean;
}

/**
 * Keys of the standard APIs kmirror sends and the record APIs the emulator serves: a mirror RPC of
 * the seed must not be numbered onto one.
 */
export function reservedApiKeys(): Map<number, string> {
  const reserved = new Map<number, string>();
  for (const api of [...ALL_APIS, ...RECORD_APIS, FindCoordinator])
    if (!MIRROR_APIS.includes(api)) reserved.set(api.apiKey, api.name);
  return reserved;
}

/** `DescribeConfigs=5,IncrementalAlterConfigs=2`, each name at most once. */
export function parseApiVersions(text: string): Map<BumpedConfigApiName, number> {
  const known = BUMPED_CONFIG_APIS.map((api) => api.name as string);
  const result = new Map<BumpedConfigApiName, number>();
  for (const item of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const match = /^([A-Za-z]+)=(\d{1,5})$/.exec(item);
    if (!match) throw new Error(`invalid API version '${item}': expected Name=version`);
    const [, name = '', version = ''] = match;
    if (!known.includes(name)) throw new Error(`'${name}' takes no version here; only ${known.join(' and ')} do`);
    const value = Number(version);
    if (value > 0x7fff) throw new Error(`version ${value} of ${name} is out of range (0-32767)`);
    if (result.has(name as BumpedConfigApiName)) throw new Error(`${name} is given twice`);
    result.set(name as BumpedConfigApiName, value);
  }
  return result;
}

/** A config RPC whose only version is `version` (the seed's bump adds no field; assumed, SKIPPED.md). */
export function atVersion<A extends ApiDefinition>(api: A, version: number): A {
  const validVersions = String(version);
  return {
    ...api,
    request: { ...api.request, validVersions },
    response: { ...api.response, validVersions },
  };
}

/** The prototype (PROTOCOL.md): every definition as written, the mirror RPCs on `apiKeys`. */
export function prototypeDialect(apiKeys: ApiKeyMap = ApiKeyMap.DEFAULT): Dialect {
  return {
    name: 'prototype',
    title: 'the prototype',
    apiKeys,
    plan(api) {
      if (api === LastMirroredOffsets)
        return {
          kind: 'absent',
          reason:
            'the prototype removed it; its epoch lookup moved into DescribeClusterMirrors (use --protocol ' +
            'kip-draft for a cluster built from KIP-1279 revision 57)',
        };
      if (KIP_DRAFT_APIS.includes(api))
        return { kind: 'absent', reason: `${api.name} is an RPC of KIP-1279 revision 57 (--protocol kip-draft)` };
      return { kind: 'direct', api };
    },
    mirrorApis: MIRROR_APIS,
    adminMirrorApis: ADMIN_MIRROR_APIS,
    mirrorConfigApis: BUMPED_CONFIG_APIS,
    settingExamples: new Map([['--api-keys', 'CreateClusterMirror=94,DescribeClusterMirrors=99']]),
    savesTopicPatterns: true,
  };
}

/** The names --api-keys accepts under a dialect, for parsing and its error messages. */
export function keyedNames(protocol: ProtocolName): KeyedApiNames {
  const draft = Object.fromEntries(KIP_DRAFT_APIS.map((api) => [api.name, TBD]));
  const prototype = Object.fromEntries(MIRROR_APIS.map((api) => [api.name, api.apiKey]));
  return protocol === 'kip-draft'
    ? {
        dialect: 'KIP-1279 revision 57',
        keys: draft,
        reserved: reservedApiKeys(),
        otherDialect: { flag: '--protocol prototype', names: Object.keys(prototype) },
      }
    : {
        dialect: 'the prototype',
        keys: prototype,
        otherDialect: { flag: '--protocol kip-draft', names: Object.keys(draft) },
      };
}

/** The range a definition speaks (for errors that name it). */
export function speaks(api: ApiDefinition): VersionRange {
  return parseVersions(api.request.validVersions);
}

/**
 * What `apis` (the domain's requests) need on the wire in a dialect, checked without sending
 * anything: an RPC the dialect lacks is a NotInDialectError, settings it needs and was not given
 * (--api-keys, --api-versions) one DialectSettingMissingError naming all of them.
 */
export function wireApisOf(dialect: Dialect, apis: readonly ApiDefinition[]): ApiDefinition[] {
  const wire: ApiDefinition[] = [];
  const missing = new Map<string, string[]>();
  for (const api of apis) {
    const plan = dialect.plan(api);
    switch (plan.kind) {
      case 'absent':
        throw new NotInDialectError(api.name, dialect.title, plan.reason);
      case 'unset': {
        const names = missing.get(plan.setting) ?? [];
        if (!names.includes(plan.name)) names.push(plan.name);
        missing.set(plan.setting, names);
        break;
      }
      case 'direct':
        wire.push(plan.api);
        break;
      case 'translated':
        wire.push(plan.translation.wire, ...(plan.translation.alsoNeeds ?? []));
    }
  }
  if (missing.size > 0) throw new DialectSettingMissingError(dialect.title, missing, dialect.settingExamples);
  return [...new Set(wire)];
}
