// What one node's request handlers know: their node, the engine cluster, every node's listener address.

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
  endpoints(): readonly NodeEndpoint[];
  /** Records per second and partition that topics created through CreateTopics grow by. */
  readonly newTopicGrowthPerSec: number;
}

export function engineContext(ctx: RequestContext): EngineContext {
  return { principal: ctx.session.principal, nodeId: ctx.nodeId };
}
