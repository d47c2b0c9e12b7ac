// What the request handlers of one node know: which node they run on, the engine's cluster behind
// it, and the listener addresses of every node (the engine knows node ids, not ports).

import type { RequestContext as EngineContext } from '../state/types.js';
import type { EmulatedCluster } from '../state/cluster-model.js';
import type { RequestContext } from './handler.js';

export interface NodeEndpoint {
  readonly nodeId: number;
  readonly host: string;
  readonly port: number;
  readonly rack: string | null;
}

/** `prototype`: the inkless-linking broker; `old`: a Kafka 4.1 broker without mirroring. */
export type BrokerSoftware = 'prototype' | 'old';

export interface BrokerContext {
  readonly nodeId: number;
  readonly cluster: EmulatedCluster;
  readonly software: BrokerSoftware;
  /** Every node of the cluster, up or down. */
  endpoints(): readonly NodeEndpoint[];
  /** Records per second and partition that topics created through CreateTopics grow by. */
  readonly newTopicGrowthPerSec: number;
}

export function engineContext(ctx: RequestContext): EngineContext {
  return { principal: ctx.session.principal, nodeId: ctx.nodeId };
}
