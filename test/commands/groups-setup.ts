// Emulated clusters for the `groups` and `diff` end-to-end tests: one manual clock, a 2 s sync
// period on the destination, a mirror m1 with `orders` (3 partitions) started, `audit` left out.
// Offsets and configs are set through the engine; the commands read them over the wire.

import { ManualClock, startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import type { EmulatedCluster } from '../../src/lib/emulator/state/cluster.js';
import { groupCoordinator } from '../../src/lib/emulator/state/groups.js';
import { offsetCommit } from '../../src/lib/emulator/apis/groups.js';
import { startTopics } from './describe-setup.js';

export const SYNC_MS = 2000;
const ADMIN = { principal: 'User:admin', nodeId: 1 };

export async function startMirrored(
  seed: string,
  mirrorConfigs: Record<string, string> = {},
  sourceTopicConfigs: Record<string, string> = {},
  /** Nodes and broker configs of both clusters (e.g. a replication factor, for a leader that can move). */
  sides: { readonly nodes?: number; readonly brokerConfigs?: Record<string, string> } = {},
): Promise<EmulatedClusters> {
  const emulator = await startEmulatedClusters({
    seed,
    clock: new ManualClock(1_000_000),
    timing: { startupFailureMs: 0 },
    source: sides,
    destination: {
      ...sides,
      brokerConfigs: { ...sides.brokerConfigs, 'mirror.metadata.refresh.interval.ms': String(SYNC_MS) },
    },
  });
  const source = emulator.source.cluster;
  source.createTopic('orders', { partitions: 3, configs: sourceTopicConfigs });
  source.createTopic('audit', { partitions: 1 });
  source.appendRecords('orders', 1000);
  const created = emulator.destination.cluster.createClusterMirror(ADMIN, {
    MirrorName: 'm1',
    Config: Object.entries({
      'bootstrap.servers': emulator.source.bootstrap,
      'mirror.source.cluster.id': emulator.source.clusterId,
      ...mirrorConfigs,
    }).map(([Name, Value]) => ({ Name, Value })),
  });
  if (created.ErrorCode !== 0) throw new Error(`CreateClusterMirror failed with ${created.ErrorCode}`);
  startTopics(emulator, 'm1', ['orders']);
  sync(emulator);
  return emulator;
}

/** Moves the clock one sync period on, so the destination's periodic sync runs. */
export function sync(emulator: EmulatedClusters, periods = 1): void {
  emulator.destination.cluster.advance(SYNC_MS * periods, 500);
}

/** A simple commit (generation -1, no member) at the group's coordinator; fails on any error code. */
export function commit(cluster: EmulatedCluster, group: string, offsets: Record<string, Record<number, bigint>>): void {
  const answer = offsetCommit(
    cluster,
    { principal: 'User:admin', nodeId: groupCoordinator(cluster, group) },
    {
      GroupId: group,
      GenerationId: -1,
      MemberId: '',
      Topics: Object.entries(offsets).map(([Name, partitions]) => ({
        Name,
        Partitions: Object.entries(partitions).map(([p, offset]) => ({
          PartitionIndex: Number(p),
          CommittedOffset: offset,
          CommittedMetadata: null,
        })),
      })),
    },
  );
  const codes = answer.Topics.flatMap((t) => t.Partitions.map((p) => p.ErrorCode));
  if (codes.some((c) => c !== 0)) throw new Error(`OffsetCommit ${group}: ${codes.join(',')}`);
}

export function alterTopicConfig(cluster: EmulatedCluster, topic: string, key: string, value: string | null): void {
  const answer = cluster.incrementalAlterConfigs(ADMIN, {
    ValidateOnly: false,
    Resources: [
      {
        ResourceType: 2,
        ResourceName: topic,
        Configs: [{ Name: key, ConfigOperation: value === null ? 1 : 0, Value: value }],
      },
    ],
  });
  if (answer.Responses[0]?.ErrorCode !== 0) throw new Error(`alter ${topic} ${key}: ${JSON.stringify(answer)}`);
}
