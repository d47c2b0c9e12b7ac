// mirror/check/: `kmirror check` (cluster part): what each broker supports and has enabled, and one verdict.

import type { BrokerInfo, KafkaClient } from '../../kafka/client.js';
import type { ApiDefinition } from '../../kafka/definition.js';
import type { Dialect } from '../../kafka/dialect.js';
import {
  type ApiSupport as NegotiatedApi,
  type MirroringVerdict,
  advertisesMirroring,
  apiSupport,
  mirroringVerdict,
} from '../../kafka/negotiation.js';
import type { BrokerAddress } from '../../kafka/transport.js';
import { DescribeCluster, ListOffsets } from '../../kafka/messages/index.js';
import { registeredBrokers, type BrokerRegistration } from '../describe/describe-coverage.js';

export type Verdict = MirroringVerdict;

export interface ReportedApi extends NegotiatedApi {
  /**
   * Whether the verdict depends on it: the admin mirror RPCs of the dialect (the prototype's eight,
   * the KIP draft's five). The broker-internal ones (100, 101, 105), the config RPCs, ListOffsets and
   * DescribeCluster are reported only.
   */
  readonly required: boolean;
}

export interface BrokerCheck {
  readonly nodeId: number | null;
  readonly address: string;
  readonly reachable: boolean;
  readonly error: string | null;
  readonly apis: ReportedApi[];
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
  /**
   * Brokers the controller has registered, fenced (down) ones included (DescribeCluster v2); null when
   * the cluster cannot say. A fenced broker is missing from Metadata, so it is listed unreachable too.
   */
  readonly registeredBrokers: BrokerRegistration[] | null;
}

function fencedBrokerCheck(b: BrokerRegistration): BrokerCheck {
  return {
    nodeId: b.nodeId,
    address: b.address,
    reachable: false,
    error: 'registered but fenced (not live): the partitions it leads have no leader',
    apis: [],
    features: { metadataVersion: null, mirrorVersion: null, mirrorVersionSupported: null },
    verdict: null,
  };
}

function support(api: ApiDefinition, info: BrokerInfo, dialect: Dialect): ReportedApi {
  const found = { ...apiSupport(api, info, dialect.apiKeys), required: dialect.adminMirrorApis.includes(api) };
  if (dialect.mirrorApis.includes(api) && !advertisesMirroring(info))
    return { ...found, broker: null, negotiated: null };
  return found;
}

function reportedApis(dialect: Dialect): ApiDefinition[] {
  return [...dialect.mirrorApis, ...dialect.mirrorConfigApis, ListOffsets, DescribeCluster];
}

/** The broker-internal RPCs are the brokers' own business and decide nothing. */
export function verdictFor(info: BrokerInfo, dialect: Dialect): Verdict {
  return mirroringVerdict(info, dialect.adminMirrorApis, dialect.apiKeys);
}

function brokerCheck(address: BrokerAddress, info: BrokerInfo, dialect: Dialect): BrokerCheck {
  return {
    nodeId: address.nodeId ?? null,
    address: `${address.host}:${address.port}`,
    reachable: true,
    error: null,
    apis: reportedApis(dialect).map((api) => support(api, info, dialect)),
    features: {
      metadataVersion: info.finalizedFeatures.get('metadata.version') ?? null,
      mirrorVersion: info.finalizedFeatures.get('mirror.version') ?? 0,
      mirrorVersionSupported: info.supportedFeatures.get('mirror.version') ?? null,
    },
    verdict: verdictFor(info, dialect),
  };
}

const ORDER: Verdict[] = ['unsupported', 'disabled', 'usable'];

export async function checkCluster(client: KafkaClient): Promise<ClusterCheck> {
  // The KIP draft numbers no RPC: without the keys there is nothing to look for.
  client.requireDialect(client.dialect.adminMirrorApis);
  await client.bootstrap();
  const view = await client.clusterView();
  const settled = await Promise.allSettled(view.brokers.map((b) => client.brokerInfo(b)));
  const registered = await registeredBrokers(client);
  const live = settled.map((outcome, i): BrokerCheck => {
    const address = view.brokers[i] as BrokerAddress;
    if (outcome.status === 'fulfilled') return brokerCheck(address, outcome.value, client.dialect);
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
  const listed = new Set(view.brokers.map((b) => b.nodeId));
  const fenced = (registered ?? []).filter((b) => b.fenced && !listed.has(b.nodeId)).map(fencedBrokerCheck);
  const brokers = [...live, ...fenced];
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
    registeredBrokers: registered,
  };
}
