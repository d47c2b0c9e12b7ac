// `kmirror check` (cluster part): what each broker supports and has enabled, and one verdict.

import type { BrokerInfo, KafkaClient } from '../kafka/client.js';
import { parseVersions } from '../kafka/definition.js';
import type { ApiDefinition } from '../kafka/definition.js';
import type { ApiKeyMap } from '../kafka/mirror-api-keys.js';
import type { BrokerAddress } from '../kafka/transport.js';
import { CONFIG_APIS, MIRROR_APIS } from './apis.js';

export type Verdict = 'usable' | 'disabled' | 'unsupported';

export interface ApiSupport {
  readonly name: string;
  readonly apiKey: number;
  /** The broker's advertised range, null when it does not advertise the key. */
  readonly broker: { min: number; max: number } | null;
  /** The version kmirror would use, null when none overlaps. */
  readonly negotiated: number | null;
}

export interface BrokerCheck {
  readonly nodeId: number | null;
  readonly address: string;
  readonly reachable: boolean;
  readonly error: string | null;
  readonly apis: ApiSupport[];
  readonly features: {
    readonly metadataVersion: number | null;
    readonly mirrorVersion: number | null;
    readonly mirrorVersionSupported: { min: number; max: number } | null;
  };
  readonly verdict: Verdict | null;
}

export interface ClusterCheck {
  readonly clusterId: string | null;
  readonly controllerId: number | null;
  readonly brokers: BrokerCheck[];
  readonly verdict: Verdict;
  readonly unreachable: string[];
}

/**
 * Kafka 4.4 gives key 94 to UnregisterController: a key number proves nothing by itself. A broker
 * that answered ApiVersions v4 without the mirror.version feature has no mirror RPCs at all.
 */
function mirrorKeysMeanMirroring(info: BrokerInfo): boolean {
  return info.apiVersionsVersion < 4 || info.supportedFeatures.has('mirror.version');
}

function support(api: ApiDefinition, info: BrokerInfo, apiKeys: ApiKeyMap): ApiSupport {
  const key = apiKeys.keyOf(api);
  const foreign = MIRROR_APIS.includes(api) && !mirrorKeysMeanMirroring(info);
  const theirs = foreign ? null : (info.apis.get(key) ?? null);
  const ours = parseVersions(api.request.validVersions);
  let negotiated: number | null = null;
  if (theirs) {
    const max = Math.min(ours.max, theirs.max);
    if (max >= Math.max(ours.min, theirs.min)) negotiated = max;
  }
  return { name: api.name, apiKey: key, broker: theirs ? { min: theirs.min, max: theirs.max } : null, negotiated };
}

export function verdictFor(info: BrokerInfo, apiKeys: ApiKeyMap): Verdict {
  const missing = MIRROR_APIS.some((api) => support(api, info, apiKeys).negotiated === null);
  if (missing) return 'unsupported';
  return (info.finalizedFeatures.get('mirror.version') ?? 0) >= 1 ? 'usable' : 'disabled';
}

function brokerCheck(address: BrokerAddress, info: BrokerInfo, apiKeys: ApiKeyMap): BrokerCheck {
  return {
    nodeId: address.nodeId ?? null,
    address: `${address.host}:${address.port}`,
    reachable: true,
    error: null,
    apis: [...MIRROR_APIS, ...CONFIG_APIS].map((api) => support(api, info, apiKeys)),
    features: {
      metadataVersion: info.finalizedFeatures.get('metadata.version') ?? null,
      mirrorVersion: info.finalizedFeatures.get('mirror.version') ?? 0,
      mirrorVersionSupported: info.supportedFeatures.get('mirror.version') ?? null,
    },
    verdict: verdictFor(info, apiKeys),
  };
}

const ORDER: Verdict[] = ['unsupported', 'disabled', 'usable'];

/** Asks every broker for its ApiVersions; unreachable brokers are reported, not fatal. */
export async function checkCluster(client: KafkaClient): Promise<ClusterCheck> {
  await client.bootstrap();
  const view = await client.clusterView();
  const settled = await Promise.allSettled(view.brokers.map((b) => client.brokerInfo(b)));
  const brokers = settled.map((outcome, i): BrokerCheck => {
    const address = view.brokers[i] as BrokerAddress;
    if (outcome.status === 'fulfilled') return brokerCheck(address, outcome.value, client.apiKeys);
    const error = outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason);
    return {
      nodeId: address.nodeId ?? null,
      address: `${address.host}:${address.port}`,
      reachable: false,
      error,
      apis: [],
      features: { metadataVersion: null, mirrorVersion: null, mirrorVersionSupported: null },
      verdict: null,
    };
  });
  const verdicts = brokers.map((b) => b.verdict).filter((v): v is Verdict => v !== null);
  // The cluster is only as usable as its weakest reachable broker: every broker must serve mirrors.
  const verdict = verdicts.reduce<Verdict>(
    (worst, v) => (ORDER.indexOf(v) < ORDER.indexOf(worst) ? v : worst),
    'usable',
  );
  return {
    clusterId: view.clusterId,
    controllerId: view.controllerId,
    brokers,
    verdict: verdicts.length === 0 ? 'unsupported' : verdict,
    unreachable: brokers
      .filter((b) => !b.reachable)
      .map((b) => (b.nodeId === null ? b.address : `${b.address} (node ${b.nodeId})`)),
  };
}
