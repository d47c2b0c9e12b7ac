// The cluster as state and API code read and change it. The class in cluster.ts implements it; every
// other file names this interface instead, so no import runs back to the class that imports them.

import type { Authorizer } from './acl.js';
import type { BrokerConfigs } from './broker-configs.js';
import type { Clock } from './clock.js';
import type { GroupStore } from './groups.js';
import type { MirrorStore } from './mirrors.js';
import type { SeededRandom } from './random.js';
import type { TopicTable } from './topics.js';
import type { CreateTopicOptions, MirrorTiming, Topic } from './types.js';

export type { MirrorTiming } from './types.js';

/** How a mirror's `bootstrap.servers` finds its source (registry.ts). */
export interface ClusterLookup {
  resolve(bootstrapServers: string): EmulatedCluster | undefined;
}

export interface EmulatedCluster {
  readonly name: string;
  readonly clusterId: string;
  readonly clock: Clock;
  readonly registry: ClusterLookup | undefined;
  readonly authorizer: Authorizer;
  readonly random: SeededRandom;
  readonly topics: TopicTable;
  readonly mirrors: MirrorStore;
  readonly groups: GroupStore;
  readonly brokerConfigs: BrokerConfigs;
  readonly timing: MirrorTiming;
  readonly verifySourceClusterId: boolean;
  readonly nodeIds: readonly number[];
  /** False simulates a network outage: mirrors reading from this cluster fail. */
  reachable: boolean;
  featuresEpoch: bigint;
  /** Next periodic mirror sync (auto-discovery, exclude enforcement, source cluster id check). */
  nextSyncAt: number;
  /** Mirror → the message of the last sync's source cluster id check, while the ids differ. */
  readonly sourceIdMismatch: Map<string, string>;
  mirrorFetchIntervalMs: number;
  readonly leadershipVersion: number;
  readonly controllerId: number;
  readonly trafficRunning: boolean;

  isUp(nodeId: number): boolean;
  liveNodeIds(): number[];
  setNodeUp(nodeId: number, up: boolean): void;
  featureLevel(name: string): number;
  setFeature(name: string, level: number): void;
  finalizedFeatures(): { name: string; level: number }[];
  mirroringEnabled(): boolean;
  createTopic(name: string, options?: CreateTopicOptions): Topic;
  addTopic(
    name: string,
    id: string,
    numPartitions: number,
    replicationFactor: number,
    options?: CreateTopicOptions,
  ): Topic;
  newTopicId(): string;
  deleteTopic(name: string): boolean;
  appendRecords(topicName: string, count: number, partition?: number): void;
  produce(
    topicName: string,
    partition: number,
    count: number,
  ): { readonly baseOffset: bigint; readonly nextOffset: bigint };
  beginTransaction(topicName: string, partition: number): void;
  endTransaction(topicName: string, partition: number): void;
  endOffset(topicName: string, partition: number): bigint;
}
