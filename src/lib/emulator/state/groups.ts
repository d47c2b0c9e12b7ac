// Consumer groups' offsets: the classic coordinator's commits and what ListGroups/DescribeGroups show.
// Join/Sync/Heartbeat are not served (members only via markActive); a "simple" group has no protocol type.

import { javaStringHash } from './java-hash-map.js';

export const OFFSETS_TOPIC_PARTITIONS = 50;
const OFFSETS_TOPIC_REPLICATION = 3;
const INT_MIN = -2147483648;
const SYNC_LOG_LIMIT = 100;

export interface CommittedOffset {
  readonly offset: bigint;
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

  /** The coordinator's commit check (Kafka's OffsetMetadataManager and ClassicGroup). */
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

  forgetTopic(topic: string): void {
    for (const group of this.groups.values()) group.offsets.delete(topic);
  }

  /** Test hook: a consumer joined (Stable, one member, new generation); returns what it commits with. */
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

/** The leader of `__consumer_offsets` partition abs(hash(groupId)) % 50; -1 while every replica is down. */
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
