// DescribeClusterMirrors: each node reports only the partitions it leads, so a client asks every node and merges
// (PROTOCOL.md §3, §17.2); also the tagged last-mirror-epoch lookup of a failback.

import { AUTHORIZED_OPERATIONS_OMITTED, CLUSTER_MIRROR_OPERATIONS } from '../state/acl.js';
import type * as B from '../state/message-bodies.js';
import type { RequestContext } from '../state/types.js';
import type { EmulatedCluster } from '../state/cluster-model.js';
import { errors } from '../../kafka/error-codes.js';
import { coordinatorOf } from '../state/mirror-coordinators.js';
import { authorizeMirror } from '../state/rpc-common.js';
import { endOffset, type Partition, type Topic } from '../state/topics.js';
import { DescribeClusterMirrors } from '../../kafka/messages/index.js';
import { engineContext, type BrokerContext } from '../server/broker-context.js';
import { defineHandler, type RegisteredHandler } from '../server/handler.js';

export function describeClusterMirrors(
  cluster: EmulatedCluster,
  ctx: RequestContext,
  body: B.DescribeClusterMirrorsRequestBody,
): B.DescribeClusterMirrorsResponseBody {
  const response: B.DescribeClusterMirrorsResponseBody = {
    ThrottleTimeMs: 0,
    ErrorCode: errors.NONE.code,
    ErrorMessage: null,
    Mirrors: [],
    LookupResults: [],
  };
  if (!cluster.mirroringEnabled()) return { ...response, ErrorCode: errors.UNSUPPORTED_VERSION.code };
  const explicit = body.MirrorNames.length > 0;
  const names = explicit ? [...new Set(body.MirrorNames)] : cluster.mirrors.names();
  const now = cluster.clock.now();
  for (const name of names) {
    if (!authorizeMirror(cluster, ctx, name, 'DESCRIBE')) {
      // Asked for by name: an error entry. Asked for "all": silently left out.
      if (explicit) {
        response.Mirrors.push({
          ErrorCode: errors.CLUSTER_MIRROR_AUTHORIZATION_FAILED.code,
          MirrorName: name,
          AuthorizedOperations: AUTHORIZED_OPERATIONS_OMITTED,
          Topics: [],
        });
      }
      continue;
    }
    response.Mirrors.push({
      ErrorCode: errors.NONE.code,
      MirrorName: name,
      AuthorizedOperations: body.IncludeAuthorizedOperations
        ? cluster.authorizer.authorizedOperations(ctx.principal, 'CLUSTER_MIRROR', name, CLUSTER_MIRROR_OPERATIONS)
        : AUTHORIZED_OPERATIONS_OMITTED,
      // An unknown name is not an error: it simply has no topics.
      Topics: describeTopics(cluster, name, ctx.nodeId, now),
    });
  }
  response.LookupResults = lookupLastMirrorEpochs(cluster, ctx.nodeId, body);
  return response;
}

function describeTopics(
  cluster: EmulatedCluster,
  mirrorName: string,
  nodeId: number,
  now: number,
): B.DescribedMirrorTopic[] {
  const topics = [...cluster.mirrors.topicsOf(mirrorName)].sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
  const described: B.DescribedMirrorTopic[] = [];
  for (const topic of topics) {
    const partitions = describePartitions(cluster, topic, nodeId, now);
    if (partitions.length > 0) described.push({ TopicName: topic.name, Partitions: partitions });
  }
  return described;
}

interface LeaderIndex {
  readonly version: number;
  readonly size: number;
  readonly byLeader: ReadonlyMap<number, readonly Partition[]>;
}
const leaderIndexes = new WeakMap<Topic, LeaderIndex>();

/** The partitions `nodeId` leads, grouped once per leadership change: every node asks, so no scan per node. */
function partitionsLedBy(cluster: EmulatedCluster, topic: Topic, nodeId: number): readonly Partition[] {
  let index = leaderIndexes.get(topic);
  if (!index || index.version !== cluster.leadershipVersion || index.size !== topic.partitions.length) {
    const byLeader = new Map<number, Partition[]>();
    for (const p of topic.partitions) {
      const led = byLeader.get(p.leader);
      if (led) led.push(p);
      else byLeader.set(p.leader, [p]);
    }
    index = { version: cluster.leadershipVersion, size: topic.partitions.length, byLeader };
    leaderIndexes.set(topic, index);
  }
  return index.byLeader.get(nodeId) ?? [];
}

function describePartitions(
  cluster: EmulatedCluster,
  topic: Topic,
  nodeId: number,
  now: number,
): B.MirrorPartitionDetail[] {
  const details: B.MirrorPartitionDetail[] = [];
  for (const p of partitionsLedBy(cluster, topic, nodeId)) {
    const m = p.mirror;
    if (!m) continue;
    const mirroring = m.state === 'MIRRORING' && m.sourceOffset >= 0n;
    const destination = mirroring ? endOffset(topic, p, now) : -1n;
    const source = mirroring ? m.sourceOffset : -1n;
    details.push({
      PartitionIndex: p.index,
      SourceOffset: source,
      DestinationOffset: destination,
      Lag: mirroring ? (source > destination ? source - destination : 0n) : -1n,
      StateValue: m.state,
      RetryAttempt: m.failure?.retryAttempt ?? 0,
      ErrorMessage: m.failure?.message ?? null,
    });
  }
  return details;
}

/** Failback's last-mirror-epoch lookup: answered for the partitions whose `__mirror_state` this node leads. */
function lookupLastMirrorEpochs(
  cluster: EmulatedCluster,
  nodeId: number,
  body: B.DescribeClusterMirrorsRequestBody,
): B.LookupResult[] {
  const clusterId = body.ClusterId ?? null;
  const lookups = body.LastMirrorEpochLookups ?? [];
  if (clusterId === null || lookups.length === 0) return [];
  const matching = new Set(
    cluster.mirrors.names().filter((n) => cluster.mirrors.config(n, 'mirror.source.cluster.id') === clusterId),
  );
  if (matching.size === 0) return [];
  const results: B.LookupResult[] = [];
  for (const lookup of lookups) {
    const topic = cluster.topics.getById(lookup.TopicId);
    if (!topic) continue;
    const inMatchingMirror = topic.mirror !== null && matching.has(topic.mirror.name);
    results.push({
      TopicId: lookup.TopicId,
      Partitions: lookup.Partitions.map((index) => {
        const p = topic.partitions[index];
        const mirror = topic.mirror?.name ?? '';
        const local = inMatchingMirror && p?.mirror && coordinatorOf(cluster, mirror, topic.id, index) === nodeId;
        const epoch = local && p?.mirror ? p.mirror.lastMirrorEpoch : -1;
        return { PartitionIndex: index, LastMirrorEpoch: epoch };
      }),
    });
  }
  return results;
}

export function describeClusterMirrorsHandlers(broker: BrokerContext): RegisteredHandler[] {
  const cluster = broker.cluster;
  return [
    defineHandler({
      api: DescribeClusterMirrors,
      handle: (ctx, body) => describeClusterMirrors(cluster, engineContext(ctx), body),
    }),
  ];
}
