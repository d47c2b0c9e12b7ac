// Record batches for the verify tests of `npm test` (test/lib/mirror/verify/): the same payloads
// produced to two real Kafka 4.4 brokers by Kafka's own Java producer (ConsoleProducer, one run
// plain and one gzip), fetched with Fetch v11. Each cluster hands out its own producer ids and each
// run stamps its own timestamps, so the batches hold equal records under different headers and CRCs:
// what a log written twice (split brain) looks like, as opposed to one copied batch for batch.
// With KMIRROR_WRITE_FIXTURES=1 the bytes are written to test/fixtures/.

import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { CreateTopics, Fetch } from '../../src/lib/kafka/messages/index.js';
import { crcMatches, decodeRecords, readBatchHeader, splitBatches } from '../../src/lib/kafka/record-batch.js';
import { RawClient } from '../lib/emulator/server/raw-client.js';
import { runTool } from '../clients/tools.js';
import { repoRoot } from '../helpers/reference.js';
import { kafkaClasspath, markFailureOf, startSingleNode, type SingleNode } from './harness.js';

const TOPIC = 'verify-batches';
export const VERIFY_FIXTURE_PATH = join('test', 'fixtures', 'kafka-4.4-verify-batches.json');
const PLAIN = ['k1:alpha', 'k2:beta', 'k3:gamma'];
const GZIP = ['k4:delta', 'k5:epsilon'].map((l) => `${l}${'.'.repeat(200)}`);

async function produce(bootstrap: string, lines: readonly string[], compression: string): Promise<void> {
  const cp = await kafkaClasspath();
  const run = await runTool(
    'java',
    [
      '-cp',
      cp,
      'org.apache.kafka.tools.ConsoleProducer',
      '--bootstrap-server',
      bootstrap,
      '--topic',
      TOPIC,
      '--compression-codec',
      compression,
      '--producer-property',
      'linger.ms=500',
      '--property',
      'parse.key=true',
      '--property',
      'key.separator=:',
    ],
    { stdin: `${lines.join('\n')}\n`, killAfterMs: 120_000 },
  );
  assert.equal(run.code, 0, run.stderr);
}

async function batchesOf(kafka: SingleNode): Promise<{ batches: Buffer[]; highWatermark: bigint }> {
  const client = await RawClient.connect(kafka.bootstrap.plaintext, { timeoutMs: 30_000 });
  try {
    const created = await client.request(CreateTopics, 7, {
      Topics: [{ Name: TOPIC, NumPartitions: 1, ReplicationFactor: 1, Assignments: [], Configs: [] }],
      timeoutMs: 15_000,
      validateOnly: false,
    });
    assert.equal(created.Topics[0]?.ErrorCode, 0);
    await produce(kafka.bootstrap.plaintext, PLAIN, 'none');
    await produce(kafka.bootstrap.plaintext, GZIP, 'gzip');
    const fetched = await client.request(Fetch, 11, {
      ReplicaId: -1,
      MaxWaitMs: 0,
      MinBytes: 1,
      MaxBytes: 1 << 20,
      IsolationLevel: 0,
      Topics: [{ Topic: TOPIC, Partitions: [{ Partition: 0, FetchOffset: 0n, PartitionMaxBytes: 1 << 20 }] }],
      ForgottenTopicsData: [],
    });
    const p = fetched.Responses[0]?.Partitions[0];
    assert.equal(p?.ErrorCode, 0);
    return { batches: splitBatches(p?.Records ?? Buffer.alloc(0)), highWatermark: p?.HighWatermark ?? -1n };
  } finally {
    client.close();
  }
}

describe('the same payloads produced to two Kafka 4.4 clusters', () => {
  let a: SingleNode;
  let b: SingleNode;
  before(
    async () => {
      [a, b] = await Promise.all([startSingleNode(), startSingleNode()]);
    },
    { timeout: 300_000 },
  );
  after(() => Promise.all([a.stop(), b.stop()]));

  test('hold the same records in batches with the same offsets and different CRCs', () =>
    markFailureOf(a, async () => {
      const one = await batchesOf(a);
      const two = await batchesOf(b);
      const values = (bs: Buffer[]) => bs.map((x) => decodeRecords(x).map((r) => r.value?.toString() ?? null));
      assert.deepEqual(values(one.batches), values(two.batches));
      assert.equal(one.batches.length, 2);
      for (const batch of [...one.batches, ...two.batches]) assert.equal(crcMatches(batch), true);
      assert.notEqual(readBatchHeader(one.batches[0] as Buffer).crc, readBatchHeader(two.batches[0] as Buffer).crc);
      if (process.env.KMIRROR_WRITE_FIXTURES === '1') {
        const side = (x: { batches: Buffer[]; highWatermark: bigint }) => ({
          highWatermark: String(x.highWatermark),
          batches: x.batches.map((batch) => batch.toString('hex')),
        });
        const doc = {
          about:
            `Record batches fetched (Fetch v11) from two real Kafka 4.4.0 brokers by ${'test/real-kafka/'}` +
            'verify-fixtures.test.ts: the same keys and values produced to each by Kafka’s ConsoleProducer ' +
            '(one run uncompressed, one gzip, linger.ms=500), so each cluster’s batches carry its own ' +
            'producer id and timestamps.',
          topic: TOPIC,
          clusterA: side(one),
          clusterB: side(two),
        };
        writeFileSync(join(repoRoot(), VERIFY_FIXTURE_PATH), `${JSON.stringify(doc, null, 2)}\n`);
      }
    }));
});
