// The group coordinator's APIs, delegated to the engine (state/group-rpcs.ts) with the principal and
// the receiving node. FindCoordinator turns the engine's node id into that node's listener address,
// one key (v0–3) or a batch of keys (v4+); a dialect may add a key type of its own (the seed KIP's
// MIRROR coordinator), answered beside the group coordinator by the one FindCoordinator handler.

import { DescribeGroups, FindCoordinator, ListGroups, OffsetCommit, OffsetFetch } from '../../kafka/messages/index.js';
import { errors } from '../../kafka/error-codes.js';
import {
  type CoordinatorAnswer,
  describeGroups,
  findCoordinator,
  listGroups,
  offsetCommit,
  offsetFetch,
} from '../apis/groups.js';
import { engineContext, type BrokerContext } from './broker-context.js';
import { defineHandler, type RegisteredHandler } from './handler.js';

/** A further FindCoordinator key type: which node coordinates a key (-1 when none). */
export interface ExtraCoordinator {
  readonly keyType: number;
  nodeOf(key: string): number;
}

export function groupHandlers(broker: BrokerContext, extra?: ExtraCoordinator): RegisteredHandler[] {
  const cluster = broker.cluster;
  const unavailable: CoordinatorAnswer = {
    nodeId: -1,
    errorCode: errors.COORDINATOR_NOT_AVAILABLE.code,
    errorMessage: errors.COORDINATOR_NOT_AVAILABLE.brokerMessage,
  };
  const extraAnswer = (key: string): CoordinatorAnswer => {
    const nodeId = extra?.nodeOf(key) ?? -1;
    const known = broker.endpoints().some((e) => e.nodeId === nodeId);
    return known && cluster.isUp(nodeId) ? { nodeId, errorCode: errors.NONE.code, errorMessage: null } : unavailable;
  };
  const locate = (nodeId: number): { Host: string; Port: number } => {
    const endpoint = broker.endpoints().find((e) => e.nodeId === nodeId);
    return endpoint ? { Host: endpoint.host, Port: endpoint.port } : { Host: '', Port: -1 };
  };
  return [
    defineHandler({
      api: FindCoordinator,
      handle(ctx, body, version) {
        const keyType = body.KeyType;
        const keys = version >= 4 ? body.CoordinatorKeys : [body.Key];
        const answers = keys.map((key) => {
          const found =
            keyType === extra?.keyType ? extraAnswer(key) : findCoordinator(cluster, engineContext(ctx), keyType, key);
          return { key, found, address: found.nodeId < 0 ? { Host: '', Port: -1 } : locate(found.nodeId) };
        });
        const first = answers[0];
        return {
          ThrottleTimeMs: 0,
          ErrorCode: first?.found.errorCode ?? 0,
          // Kafka's one-key answer spells success out as "NONE"; the batched one leaves it empty.
          ErrorMessage: first?.found.errorMessage ?? 'NONE',
          NodeId: first?.found.nodeId ?? -1,
          Host: first?.address.Host ?? '',
          Port: first?.address.Port ?? -1,
          Coordinators:
            version >= 4
              ? answers.map((a) => ({
                  Key: a.key,
                  NodeId: a.found.nodeId,
                  ...a.address,
                  ErrorCode: a.found.errorCode,
                  ErrorMessage: a.found.errorMessage ?? '',
                }))
              : [],
        };
      },
    }),
    defineHandler({
      api: OffsetCommit,
      handle: (ctx, body) => offsetCommit(cluster, engineContext(ctx), body),
      // An injected error must not commit anything, so it is built from the request alone.
      errorResponse: (body, _version, code) => ({
        ThrottleTimeMs: 0,
        Topics: body.Topics.map((t) => ({
          Name: t.Name,
          Partitions: t.Partitions.map((p) => ({ PartitionIndex: p.PartitionIndex, ErrorCode: code })),
        })),
      }),
    }),
    defineHandler({
      api: OffsetFetch,
      handle: (ctx, body, version) => offsetFetch(cluster, engineContext(ctx), body, version),
    }),
    defineHandler({ api: ListGroups, handle: (ctx, body) => listGroups(cluster, engineContext(ctx), body) }),
    defineHandler({ api: DescribeGroups, handle: (ctx, body) => describeGroups(cluster, engineContext(ctx), body) }),
  ];
}
