// Consumer groups of one emulated cluster, as far as their offsets go: the classic group
// coordinator's committed offsets and the state a client sees in ListGroups and DescribeGroups.
// JoinGroup, SyncGroup and Heartbeat are not served, so a group has members only through the test
// hook (markActive); every other group is Empty. A "simple" group, made by a commit with generation
// -1 and an empty member id (librdkafka's commit(offsets=…), kafkajs's admin setOffsets, the
// destination's offset sync), has no protocol type at all.

import { javaStringHash } from './java-hash-map.js';

/** Kafka's `offsets.topic.num.partitions` default: a group's coordinator leads one of these. */
export const OFFSETS_TOPIC_PARTITIONS = 50;
/** Kafka's `offsets.topic.replication.factor` default (capped by the node count). */
const OFFSETS_TOPIC_REPLICATION = 3;
const INT_MIN = -2147483648;
const SYNC_LOG_LIMIT = 100;

export interface CommittedOffset {
  readonly offset: bigint;
  /** -1 when the committer did not say. */
  readonly leaderEpoch: number;
  readonly metadata: string | null;
  readonly committedAt: number;
}

export interface GroupMember {
  readonly memberId: string;
  readonly groupInstanceId: string | null;
  readonly clientId: string;
  readonly clientHost: string;
}

export type GroupState = 'Empty' | 'Stable';

export interface ConsumerGroup {
  readonly id: string;
  /** '' for a group that only ever had simple commits; 'consumer' once a consumer joined. */
  protocolType: string;
  protocol: string;
  generation: number;
  members: GroupMember[];
  readonly offsets: Map<string, Map<number, CommittedOffset>>;
}

export function groupState(group: ConsumerGroup): GroupState {
  return group.members.length > 0 ? 'Stable' : 'Empty';
}

export interface Committer {
  readonly generation: number;
  readonly memberId: string;
  readonly groupInstanceId: string | null;
}

export const SIMPLE_COMMITTER: Committer = { generation: -1, memberId: '', groupInstanceId: null };

export type CommitRefusal = 'UNKNOWN_MEMBER_ID' | 'ILLEGAL_GENERATION';

export class GroupStore {
  private readonly groups = new Map<string, ConsumerGroup>();
  readonly syncLog: string[] = [];

  get(id: string): ConsumerGroup | undefined {
    return this.groups.get(id);
  }

  values(): ConsumerGroup[] {
    return [...this.groups.values()];
  }

  /**
   * The coordinator's check of a commit (Kafka's OffsetMetadataManager and ClassicGroup): a commit
   * without generation is accepted while nobody consumes the group (creating it when missing); a
   * member must be known and in the current generation; a commit without generation while members
   * are there is refused. OffsetCommit below v9 says ILLEGAL_GENERATION for an unknown group.
   */
  refusal(id: string, who: Committer): CommitRefusal | null {
    const group = this.groups.get(id);
    if (!group) return who.generation < 0 ? null : 'ILLEGAL_GENERATION';
    if (who.generation < 0 && group.members.length === 0) return null;
    if (who.generation >= 0 || who.memberId !== '' || who.groupInstanceId !== null) {
      if (!group.members.some((m) => m.memberId === who.memberId)) return 'UNKNOWN_MEMBER_ID';
      return who.generation === group.generation ? null : 'ILLEGAL_GENERATION';
    }
    return 'UNKNOWN_MEMBER_ID';
  }

  commit(id: string, topic: string, partition: number, value: CommittedOffset): void {
    const group = this.getOrCreate(id);
    let partitions = group.offsets.get(topic);
    if (!partitions) {
      partitions = new Map();
      group.offsets.set(topic, partitions);
    }
    partitions.set(partition, value);
  }

  offset(id: string, topic: string, partition: number): CommittedOffset | undefined {
    return this.groups.get(id)?.offsets.get(topic)?.get(partition);
  }

  /** A deleted topic takes its committed offsets with it, as Kafka's coordinator cleans them up. */
  forgetTopic(topic: string): void {
    for (const group of this.groups.values()) group.offsets.delete(topic);
  }

  /**
   * Test hook: a consumer joined the group (JoinGroup/SyncGroup are not modelled), so the group is
   * Stable with that one member in a new generation. Returns what the member commits with.
   */
  markActive(id: string, member: Partial<GroupMember> = {}): Committer {
    const group = this.getOrCreate(id);
    group.generation += 1;
    group.protocolType = 'consumer';
    group.protocol = 'range';
    const memberId = member.memberId ?? `consumer-${id}-${group.generation}`;
    group.members = [
      {
        memberId,
        groupInstanceId: member.groupInstanceId ?? null,
        clientId: member.clientId ?? 'consumer',
        clientHost: member.clientHost ?? '/127.0.0.1',
      },
    ];
    return { generation: group.generation, memberId, groupInstanceId: member.groupInstanceId ?? null };
  }

  /** Test hook: the group's consumers left; it is Empty again and keeps its protocol type and offsets. */
  markIdle(id: string): void {
    const group = this.groups.get(id);
    if (!group || group.members.length === 0) return;
    group.members = [];
    group.protocol = '';
    group.generation += 1;
  }

  log(message: string): void {
    this.syncLog.push(message);
    if (this.syncLog.length > SYNC_LOG_LIMIT) this.syncLog.splice(0, this.syncLog.length - SYNC_LOG_LIMIT);
  }

  private getOrCreate(id: string): ConsumerGroup {
    let group = this.groups.get(id);
    if (!group) {
      group = { id, protocolType: '', protocol: '', generation: 0, members: [], offsets: new Map() };
      this.groups.set(id, group);
    }
    return group;
  }
}

export interface CoordinatorNodes {
  readonly nodeIds: readonly number[];
  isUp(nodeId: number): boolean;
}

/**
 * The node coordinating a group: the leader of `__consumer_offsets` partition
 * abs(hash(groupId)) % 50, whose replicas are laid out round-robin like every topic here; -1 while
 * every replica is down. (The emulator keeps no `__consumer_offsets` topic in Metadata.)
 */
export function groupCoordinator(cluster: CoordinatorNodes, groupId: string): number {
  const hash = javaStringHash(groupId);
  const partition = (hash === INT_MIN ? 0 : Math.abs(hash)) % OFFSETS_TOPIC_PARTITIONS;
  const n = cluster.nodeIds.length;
  for (let r = 0; r < Math.min(OFFSETS_TOPIC_REPLICATION, n); r++) {
    const id = cluster.nodeIds[(partition + r) % n];
    if (id !== undefined && cluster.isUp(id)) return id;
  }
  return -1;
}
