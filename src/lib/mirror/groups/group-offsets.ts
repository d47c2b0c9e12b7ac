// Consumer groups and their committed offsets on one cluster, behind a narrow interface: ListGroups goes to
// every broker (each lists the groups it coordinates), the rest to the group's coordinator.

import type { KafkaClient } from '../../kafka/client.js';
import { kafkaError, errors } from '../../kafka/error-codes.js';
import { DescribeGroups, FindCoordinator, ListGroups, OffsetFetch } from '../../kafka/messages/index.js';
import type { BrokerAddress } from '../../kafka/transport.js';
import { brokerLabel } from '../../kafka/transport.js';
import { KafkaResponseError } from '../core/errors.js';

export type GroupOffsets = ReadonlyMap<string, ReadonlyMap<number, bigint>>;

export interface ListedGroup {
  readonly group: string;
  /** 'consumer' for a group consumers joined; '' for a group that only has offsets. */
  readonly protocolType: string;
  /** Null when the broker is older than ListGroups v4. */
  readonly state: string | null;
}

export interface DescribedGroup {
  readonly group: string;
  readonly state: string;
  readonly protocolType: string;
  readonly members: number;
}

export interface GroupListing {
  readonly groups: ListedGroup[];
  readonly failures: { readonly broker: string; readonly message: string }[];
}

export interface GroupOffsetsReader {
  listGroups(): Promise<GroupListing>;
  describeGroups(groups: readonly string[]): Promise<Map<string, DescribedGroup>>;
  committedOffsets(group: string): Promise<GroupOffsets>;
}

export const GROUP_READ_APIS = [FindCoordinator, OffsetFetch, ListGroups, DescribeGroups] as const;

export function isActiveGroup(group: DescribedGroup | undefined): boolean {
  if (!group) return false;
  return group.members > 0 || !['Empty', 'Dead', ''].includes(group.state);
}

const GROUP_KEY_TYPE = 0;
const PARALLEL_GROUPS = 8;
const COORDINATOR_RETRIES = 10;
const RETRY_PAUSE_MS = 200;

export async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  });
  await Promise.all(lanes);
  return results;
}

function pause(client: KafkaClient, attempt: number): Promise<void> {
  const ms = Math.min(RETRY_PAUSE_MS * attempt, Math.max(0, client.deadline.remainingMs() - 1));
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function groupOffsetsReader(client: KafkaClient): GroupOffsetsReader {
  const coordinators = new Map<string, BrokerAddress>();

  const findCoordinator = async (group: string): Promise<BrokerAddress> => {
    for (let attempt = 1; ; attempt++) {
      const answer = await client.send(FindCoordinator, {
        Key: group,
        KeyType: GROUP_KEY_TYPE,
        CoordinatorKeys: [group],
      });
      // v4+ answers per key; older versions at the top level.
      const found = answer.Coordinators.find((c) => c.Key === group) ?? {
        NodeId: answer.NodeId,
        Host: answer.Host,
        Port: answer.Port,
        ErrorCode: answer.ErrorCode,
        ErrorMessage: answer.ErrorMessage,
      };
      if (found.ErrorCode === errors.NONE.code) return { host: found.Host, port: found.Port, nodeId: found.NodeId };
      if (!kafkaError(found.ErrorCode).retriable || attempt >= COORDINATOR_RETRIES)
        throw new KafkaResponseError(found.ErrorCode, found.ErrorMessage, { api: 'FindCoordinator', group });
      await pause(client, attempt);
    }
  };

  const atCoordinator = async <T>(
    group: string,
    send: (broker: BrokerAddress) => Promise<T>,
    moved: (answer: T) => number,
  ): Promise<T> => {
    for (let attempt = 1; ; attempt++) {
      let broker = coordinators.get(group);
      if (!broker) {
        broker = await findCoordinator(group);
        coordinators.set(group, broker);
      }
      const answer = await send(broker);
      const code = moved(answer);
      if (code === errors.NONE.code || !kafkaError(code).retriable || attempt >= COORDINATOR_RETRIES) return answer;
      coordinators.delete(group);
      await pause(client, attempt);
    }
  };

  return {
    async listGroups() {
      const fanOut = await client.sendToEvery(ListGroups, { StatesFilter: [] });
      const seen = new Map<string, ListedGroup>();
      const failures: { broker: string; message: string }[] = [];
      for (const f of fanOut.failures) failures.push({ broker: f.broker, message: f.error.message });
      for (const { broker, response } of fanOut.answers) {
        if (response.ErrorCode !== errors.NONE.code) {
          const error = new KafkaResponseError(response.ErrorCode, null, { api: 'ListGroups' });
          failures.push({ broker: brokerLabel(broker), message: error.message });
          continue;
        }
        for (const g of response.Groups) {
          seen.set(g.GroupId, { group: g.GroupId, protocolType: g.ProtocolType, state: g.GroupState || null });
        }
      }
      return { groups: [...seen.values()].sort((a, b) => (a.group < b.group ? -1 : 1)), failures };
    },

    async describeGroups(groups) {
      const described = await mapLimited(groups, PARALLEL_GROUPS, (group) =>
        atCoordinator(
          group,
          (broker) =>
            client.sendTo(DescribeGroups, { Groups: [group], IncludeAuthorizedOperations: false }, broker, {
              retryErrorCodes: false,
            }),
          (answer) => answer.Groups[0]?.ErrorCode ?? errors.NONE.code,
        ),
      );
      const out = new Map<string, DescribedGroup>();
      described.forEach((answer, i) => {
        const group = groups[i] as string;
        const g = answer.Groups.find((d) => d.GroupId === group);
        if (!g) return;
        if (g.ErrorCode !== errors.NONE.code)
          throw new KafkaResponseError(g.ErrorCode, null, { api: 'DescribeGroups', group });
        out.set(group, { group, state: g.GroupState, protocolType: g.ProtocolType, members: g.Members.length });
      });
      return out;
    },

    async committedOffsets(group) {
      const answer = await atCoordinator(
        group,
        (broker) =>
          client.sendTo(
            OffsetFetch,
            { GroupId: group, Topics: null, Groups: [{ groupId: group, Topics: null }], RequireStable: false },
            broker,
            { retryErrorCodes: false },
          ),
        (a) => a.Groups.find((g) => g.groupId === group)?.ErrorCode ?? a.ErrorCode,
      );
      // v8 answers per group; older versions at the top level.
      const batched = answer.Groups.find((g) => g.groupId === group);
      const code = batched ? batched.ErrorCode : answer.ErrorCode;
      if (code !== errors.NONE.code) throw new KafkaResponseError(code, null, { api: 'OffsetFetch', group });
      const offsets = new Map<string, Map<number, bigint>>();
      for (const t of batched ? batched.Topics : answer.Topics) {
        for (const p of t.Partitions) {
          if (p.ErrorCode !== errors.NONE.code || p.CommittedOffset < 0n) continue;
          const partitions = offsets.get(t.Name) ?? new Map<number, bigint>();
          partitions.set(p.PartitionIndex, p.CommittedOffset);
          offsets.set(t.Name, partitions);
        }
      }
      return offsets;
    },
  };
}
