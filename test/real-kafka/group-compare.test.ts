// The comparison services under `kmirror groups` and `kmirror diff` across two real Kafka 4.4
// clusters. Kafka 4.4 has no mirror RPCs, so the mirror side is given as data (its topics, group
// filters and exclude-key list); the groups, offsets and topic configs are real: offsets committed
// by real kafkajs consumers that joined their groups on each side, read back with ListGroups,
// FindCoordinator, OffsetFetch, DescribeGroups, Metadata and DescribeConfigs.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Kafka, logLevel, type Consumer } from 'kafkajs';
import { splitListValue, mirrorConfigKey } from '../../src/lib/mirror/config/config-keys.js';
import { compareGroups, type GroupsComparison } from '../../src/lib/mirror/groups/group-compare.js';
import { groupOffsetsReader } from '../../src/lib/mirror/groups/group-offsets.js';
import { compareTopicConfigs, topicConfigReader } from '../../src/lib/mirror/diff/topic-config-diff.js';
import { markFailureOf, startSingleNode, type SingleNode } from './harness.js';
import { ClientPool, ConfigOp, ResourceType } from './kmirror-client.js';
import { IncrementalAlterConfigs } from '../../src/lib/kafka/messages/index.js';

const HOOK_TIMEOUT = 300_000;
const RECORDS_PER_PARTITION = 20;

function kafkaOf(node: SingleNode): Kafka {
  return new Kafka({ clientId: 'group-compare', brokers: [node.bootstrap.plaintext], logLevel: logLevel.NOTHING });
}

/** Whether the broker's own OffsetFetch shows every offset of `wanted` for `group`. */
async function committedAsWanted(
  kafka: Kafka,
  group: string,
  topic: string,
  wanted: readonly { partition: number; offset: string }[],
): Promise<boolean> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const [committed] = await admin.fetchOffsets({ groupId: group, topics: [topic] });
    const seen = new Map(committed?.partitions.map((p) => [p.partition, p.offset]) ?? []);
    return wanted.every((w) => seen.get(w.partition) === w.offset);
  } finally {
    await admin.disconnect();
  }
}

/**
 * Joins `group` with a real consumer, commits the given offsets as that member, and leaves (unless kept).
 * A fresh-clone CI run once saw the consumer of the first group on a fresh cluster rejoin as a new member
 * in the background and the commit not show: so the consumer never restarts by itself (a restart outlived
 * its disconnect and kept the test process alive), the broker's OffsetFetch must show the commit, and a
 * consumer that crashes, does not join or whose commit does not show is replaced by a new one (three tries).
 */
async function consumeAndCommit(
  kafka: Kafka,
  group: string,
  topic: string,
  offsets: Record<number, number>,
  keep = false,
): Promise<Consumer> {
  const wanted = Object.entries(offsets).map(([partition, offset]) => ({
    topic,
    partition: Number(partition),
    offset: String(offset),
  }));
  for (let attempt = 1; ; attempt++) {
    const consumer = kafka.consumer({
      groupId: group,
      sessionTimeout: 10_000,
      heartbeatInterval: 1000,
      retry: { restartOnFailure: async () => false },
    });
    try {
      await consumer.connect();
      // Joined, or failed: a crash (the consumer does not restart) or no join within 30 s.
      let timer: NodeJS.Timeout | undefined;
      const joined = new Promise<void>((resolve, reject) => {
        consumer.on(consumer.events.GROUP_JOIN, () => resolve());
        consumer.on(consumer.events.CRASH, (event) => reject(event.payload.error));
        timer = setTimeout(() => reject(new Error(`group ${group}: no join within 30 s`)), 30_000);
      });
      await consumer.subscribe({ topic, fromBeginning: true });
      await consumer.run({ autoCommit: false, eachMessage: async () => undefined });
      await joined.finally(() => clearTimeout(timer));
      await consumer.commitOffsets(wanted);
      if (await committedAsWanted(kafka, group, topic, wanted)) {
        if (!keep) await consumer.disconnect();
        return consumer;
      }
      if (attempt === 3) throw new Error(`group ${group}: the commit of ${JSON.stringify(wanted)} does not show`);
    } catch (err) {
      if (attempt === 3) {
        await consumer.disconnect().catch(() => undefined);
        throw err;
      }
    }
    await consumer.disconnect().catch(() => undefined);
  }
}

describe('group and topic-config comparison across two real Kafka 4.4 clusters', () => {
  let source: SingleNode;
  let destination: SingleNode;
  const clients = new ClientPool();
  const running: Consumer[] = [];

  before(
    async () => {
      [source, destination] = await Promise.all([startSingleNode(), startSingleNode()]);
      for (const [node, grownPartitions] of [
        [source, 4],
        [destination, 2],
      ] as const) {
        const admin = kafkaOf(node).admin();
        await admin.connect();
        await admin.createTopics({
          topics: [
            { topic: 'orders', numPartitions: 3 },
            { topic: 'audit', numPartitions: 1 },
            { topic: 'grown', numPartitions: grownPartitions },
          ],
        });
        await admin.disconnect();
        const producer = kafkaOf(node).producer();
        await producer.connect();
        for (const partition of [0, 1, 2])
          await producer.send({
            topic: 'orders',
            messages: Array.from({ length: RECORDS_PER_PARTITION }, (_, i) => ({ partition, value: `r${i}` })),
          });
        await producer.send({ topic: 'audit', messages: [{ partition: 0, value: 'a' }] });
        await producer.disconnect();
      }
      const src = kafkaOf(source);
      const dst = kafkaOf(destination);
      // The first group of a fresh cluster finds no coordinator until __consumer_offsets exists, and its
      // consumer would crash on that: an admin OffsetFetch, asked until it is answered, waits for it first.
      for (const kafka of [src, dst]) {
        const admin = kafka.admin();
        await admin.connect();
        for (let attempt = 1; ; attempt++) {
          try {
            await admin.fetchOffsets({ groupId: 'warm-up', topics: ['orders'] });
            break;
          } catch (err) {
            if (attempt === 60) throw err;
            await new Promise((resolve) => setTimeout(resolve, 500));
          }
        }
        await admin.disconnect();
      }
      await consumeAndCommit(src, 'same', 'orders', { 0: 20, 1: 20, 2: 7 });
      await consumeAndCommit(dst, 'same', 'orders', { 0: 20, 1: 20, 2: 7 });
      await consumeAndCommit(src, 'billing', 'orders', { 0: 15, 1: 12 });
      await consumeAndCommit(dst, 'billing', 'orders', { 0: 10, 1: 12 });
      await consumeAndCommit(src, 'reports', 'orders', { 2: 3 });
      await consumeAndCommit(src, 'audit-app', 'audit', { 0: 1 });
      await consumeAndCommit(src, 'tools-x', 'orders', { 0: 1 });
      await consumeAndCommit(src, 'live', 'orders', { 0: 5 });
      running.push(await consumeAndCommit(dst, 'live', 'orders', { 0: 5 }, true));
    },
    { timeout: HOOK_TIMEOUT },
  );

  after(async () => {
    for (const consumer of running) await consumer.disconnect().catch(() => undefined);
    await clients.closeAll();
    await Promise.all([source?.stop(), destination?.stop()]);
  });

  test('each group gets its verdict from the real offsets; the mirror side (topics, filters) is data', () =>
    markFailureOf(source, async () => {
      const src = clients.connect(source.bootstrap.plaintext).client;
      const dst = clients.connect(destination.bootstrap.plaintext).client;
      const result: GroupsComparison = await compareGroups(groupOffsetsReader(src), groupOffsetsReader(dst), {
        topics: new Set(['orders']),
        include: ['.*'],
        exclude: ['tools-.*'],
      });
      assert.deepEqual(result.brokerWarnings, []);
      assert.deepEqual(Object.fromEntries(result.groups.map((g) => [g.group, [g.verdict, g.direction]])), {
        'audit-app': ['no-mirrored-topics', null],
        billing: ['differs', 'behind'],
        live: ['active-on-destination', null],
        reports: ['not-copied', null],
        same: ['in-sync', null],
        'tools-x': ['excluded', null],
      });
      const billing = result.groups.find((g) => g.group === 'billing');
      assert.deepEqual(billing?.partitions, [
        { topic: 'orders', partition: 0, sourceOffset: 15n, destinationOffset: 10n, difference: 5n },
        { topic: 'orders', partition: 1, sourceOffset: 12n, destinationOffset: 12n, difference: 0n },
      ]);
      assert.equal(result.groups.find((g) => g.group === 'live')?.destinationState, 'Stable');
      assert.equal(result.groups.find((g) => g.group === 'same')?.destinationState, 'Empty');
      const named = await compareGroups(groupOffsetsReader(src), groupOffsetsReader(dst), {
        topics: new Set(['orders']),
        include: ['.*'],
        exclude: [],
        groups: ['same', 'missing'],
      });
      assert.deepEqual(
        named.groups.map((g) => g.group),
        ['same'],
      );
      assert.deepEqual(named.notFound, ['missing']);
    }));

  test('topic configs: expected, pending and never-healing differences, and partition counts', () =>
    markFailureOf(source, async () => {
      const src = clients.connect(source.bootstrap.plaintext).client;
      const dst = clients.connect(destination.bootstrap.plaintext).client;
      const alter = async (client: typeof src, topic: string, configs: Record<string, string>) => {
        const answer = await client.send(IncrementalAlterConfigs, {
          Resources: [
            {
              ResourceType: ResourceType.TOPIC,
              ResourceName: topic,
              Configs: Object.entries(configs).map(([Name, Value]) => ({ Name, ConfigOperation: ConfigOp.SET, Value })),
            },
          ],
          ValidateOnly: false,
        });
        assert.equal(answer.Responses[0]?.ErrorCode, 0, JSON.stringify(answer));
      };
      await alter(src, 'orders', { 'retention.ms': '3600000', 'min.insync.replicas': '2' });
      await alter(dst, 'orders', { 'flush.messages': '5' });
      const excluded = splitListValue(mirrorConfigKey('mirror.topic.properties.exclude')?.default);
      const diffs = await compareTopicConfigs(topicConfigReader(src), topicConfigReader(dst), {
        topics: [
          { topic: 'orders', state: 'mirroring' },
          { topic: 'grown', state: 'mirroring' },
        ],
        excludedKeys: excluded,
      });
      const orders = diffs.find((d) => d.topic === 'orders');
      assert.deepEqual(
        orders?.configs.map((c) => [c.key, c.sourceValue, c.destinationValue, c.verdict, c.reason]),
        [
          ['flush.messages', '9223372036854775807', '5', 'never-heals', 'deleted-on-source'],
          ['min.insync.replicas', '2', '1', 'expected', 'excluded'],
          ['retention.ms', '3600000', '604800000', 'pending', 'source-override'],
        ],
      );
      const grown = diffs.find((d) => d.topic === 'grown');
      assert.deepEqual([grown?.sourcePartitions, grown?.destinationPartitions, grown?.configs], [4, 2, []]);
    }));
});
