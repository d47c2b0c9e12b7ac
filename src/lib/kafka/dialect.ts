// A dialect is which message definitions kmirror speaks: the running prototype's (keys 94–105) or the seed KIP's
// (revision 57, `--protocol kip-draft`). The domain writes prototype messages; the dialect translates per request.

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

export interface WireSender {
  sendToEvery<A extends ApiDefinition>(api: A, body: MessageInput<RequestOf<A>>): Promise<FanOutResult<ResponseOf<A>>>;
}

export interface Translation {
  readonly wire: ApiDefinition;
  readonly alsoNeeds?: readonly ApiDefinition[];
  toWire(body: unknown, note: (message: string) => void): unknown;
  fromWire(response: unknown, body: unknown): unknown;
  complete?(response: unknown, body: unknown, sender: WireSender): Promise<unknown>;
}

export type WirePlan =
  | { readonly kind: 'direct'; readonly api: ApiDefinition }
  | { readonly kind: 'translated'; readonly translation: Translation }
  | { readonly kind: 'absent'; readonly reason: string }
  | { readonly kind: 'unset'; readonly setting: DialectSetting; readonly name: string };

export type DialectSetting = '--api-keys' | '--api-versions';

export interface Dialect {
  readonly name: ProtocolName;
  readonly title: string;
  readonly apiKeys: ApiKeyMap;
  plan(api: ApiDefinition, body?: unknown): WirePlan;
  readonly mirrorApis: readonly ApiDefinition[];
  readonly adminMirrorApis: readonly ApiDefinition[];
  readonly mirrorConfigApis: readonly ApiDefinition[];
  readonly settingExamples: ReadonlyMap<DialectSetting, string>;
  readonly savesTopicPatterns: boolean;
}

/** Keys of the standard APIs kmirror sends and the emulator serves: no seed mirror RPC may be numbered onto one. */
export function reservedApiKeys(): Map<number, string> {
  const reserved = new Map<number, string>();
  for (const api of [...ALL_APIS, ...RECORD_APIS, FindCoordinator])
    if (!MIRROR_APIS.includes(api)) reserved.set(api.apiKey, api.name);
  return reserved;
}

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

export function speaks(api: ApiDefinition): VersionRange {
  return parseVersions(api.request.validVersions);
}

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
