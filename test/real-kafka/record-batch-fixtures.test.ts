// Record batches as a real Kafka 4.4 broker stores and serves them, for the codec tests of `npm test`
// (test/lib/kafka/record-batch-fixtures.test.ts). librdkafka writes the data batches (kcat, plain and
// gzip; confluent-kafka, transactional) and the broker itself writes the COMMIT and ABORT control
// batches, so none of these bytes comes from our encoder. Fetched with Fetch v11 and checked here
// against our decoder; with KMIRROR_WRITE_FIXTURES=1 the bytes are written to test/fixtures/.

import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { CreateTopics, Fetch } from '../../src/lib/kafka/messages/index.js';
import {
  Compression,
  compressionOf,
  controlTypeOf,
  crcMatches,
  decodeRecords,
  isControl,
  readBatchHeader,
  splitBatches,
} from '../../src/lib/kafka/record-batch.js';
import { RawClient } from '../lib/emulator/server/raw-client.js';
import { DEBIAN_PYTHON, runTool } from '../clients/tools.js';
import { repoRoot } from '../helpers/reference.js';
import { markFailureOf, startSingleNode, type SingleNode } from './harness.js';

const TOPIC = 'fixture-batches';
/** librdkafka sends a batch uncompressed when gzip would not make it smaller: these values compress. */
const PADDING = '.'.repeat(300);
export const FIXTURE_PATH = join('test', 'fixtures', 'kafka-4.4-record-batches.json');

const TRANSACTIONS = `
import sys
from confluent_kafka import Producer
p = Producer({"bootstrap.servers": sys.argv[1], "transactional.id": "fixture-tx", "linger.ms": 500})
p.init_transactions(20)
for outcome, values in (("commit", [b"t1", b"t2"]), ("abort", [b"t3"])):
    p.begin_transaction()
    for v in values:
        p.produce("${TOPIC}", value=v, key=b"tk", partition=0)
    p.flush(20)
    (p.commit_transaction if outcome == "commit" else p.abort_transaction)(20)
`;

describe('record batches from Kafka 4.4', () => {
  let kafka: SingleNode;
  before(
    async () => {
      kafka = await startSingleNode();
    },
    { timeout: 240_000 },
  );
  after(() => kafka.stop());

  test('librdkafka data batches and the broker’s control batches decode, CRC-32C intact', () =>
    markFailureOf(kafka, async () => {
      const client = await RawClient.connect(kafka.bootstrap.plaintext, { timeoutMs: 30_000 });
      try {
        const created = await client.request(CreateTopics, 7, {
          Topics: [{ Name: TOPIC, NumPartitions: 1, ReplicationFactor: 1, Assignments: [], Configs: [] }],
          timeoutMs: 15_000,
          validateOnly: false,
        });
        assert.equal(created.Topics[0]?.ErrorCode, 0);
        const kcat = (args: string[], stdin: string) =>
          runTool(
            'kcat',
            ['-b', kafka.bootstrap.plaintext, '-X', 'linger.ms=500', '-P', '-t', TOPIC, '-p', '0', ...args],
            {
              stdin,
            },
          );
        assert.equal((await kcat(['-K', ':', '-H', 'origin=kcat'], 'k1:plain-one\nk2:plain-two\n')).code, 0);
        assert.equal(
          (await kcat(['-z', 'gzip'], ['one', 'two', 'three'].map((v) => `gzip-${v}${PADDING}\n`).join(''))).code,
          0,
        );
        const tx = await runTool(DEBIAN_PYTHON, ['-c', TRANSACTIONS, kafka.bootstrap.plaintext]);
        assert.equal(tx.code, 0, tx.stderr);

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
        const batches = splitBatches(p?.Records ?? Buffer.alloc(0));
        assert.equal(compressionOf(readBatchHeader(batches[1] ?? Buffer.alloc(0))), Compression.GZIP);
        const summary = batches.map((b) => {
          const h = readBatchHeader(b);
          assert.equal(crcMatches(b), true, `CRC-32C of the batch at ${h.baseOffset}`);
          return isControl(h)
            ? { base: h.baseOffset, control: controlTypeOf(b) }
            : { base: h.baseOffset, values: decodeRecords(b).map((r) => r.value?.toString() ?? null) };
        });
        assert.deepEqual(summary, [
          { base: 0n, values: ['plain-one', 'plain-two'] },
          { base: 2n, values: ['one', 'two', 'three'].map((v) => `gzip-${v}${PADDING}`) },
          { base: 5n, values: ['t1', 't2'] },
          { base: 7n, control: 1 },
          { base: 8n, values: ['t3'] },
          { base: 9n, control: 0 },
        ]);
        if (process.env.KMIRROR_WRITE_FIXTURES === '1') {
          const doc = {
            about:
              'Record batches fetched (Fetch v11) from a real Kafka 4.4.0 broker ' +
              'by test/real-kafka/record-batch-fixtures.test.ts: ' +
              'data batches written by librdkafka 2.0.2 (kcat, plain and gzip; confluent-kafka, transactional), ' +
              'control batches (COMMIT, ABORT) written by the broker.',
            highWatermark: String(p?.HighWatermark),
            lastStableOffset: String(p?.LastStableOffset),
            batches: batches.map((b) => b.toString('hex')),
          };
          writeFileSync(join(repoRoot(), FIXTURE_PATH), `${JSON.stringify(doc, null, 2)}\n`);
        }
      } finally {
        client.close();
      }
    }));
});
