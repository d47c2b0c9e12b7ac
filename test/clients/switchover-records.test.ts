// A producer and a consumer follow a planned switchover: kafkajs 2.2.4 produces to the source while
// confluent-kafka (librdkafka 2.0.2) reads the destination by partition assignment; `kmirror promote`
// waits for the source to go quiet and stops the topic; the producer moves to the destination. Every
// acknowledged record must be read exactly once, at the offset the cluster that acknowledged it gave.
// A kafkajs transactional producer leaves a transaction open on the source across the promote: the
// stop aborts it on the destination and the producer aborts it on the source afterwards; the consumer
// (read_committed) never reads those records.

import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { Kafka, logLevel, type Producer } from 'kafkajs';
import { startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import { jsonOf, runCli } from '../helpers/in-process-cli.js';
import { startMirror } from './mirror-setup.js';
import { DEBIAN_PYTHON, RECORDS_PROBE, describeRun, describeWithTool, probeConfluentKafka, runTool } from './tools.js';

const confluentKafka = await probeConfluentKafka();
const BEFORE = 30;
const AFTER = 10;
const ABORTED = 5;

async function producerFor(bootstrap: string, transactionalId?: string): Promise<Producer> {
  const producer = new Kafka({
    clientId: 'switchover-producer',
    brokers: bootstrap.split(','),
    logLevel: logLevel.NOTHING,
    retry: { retries: 2 },
  }).producer(
    transactionalId === undefined
      ? { allowAutoTopicCreation: false }
      : { allowAutoTopicCreation: false, transactionalId, idempotent: true, maxInFlightRequests: 1 },
  );
  await producer.connect();
  return producer;
}

/** Sends the values one at a time (acks=-1) and returns each with the offset it was acknowledged at. */
async function produce(producer: Producer, values: string[]): Promise<[number, string][]> {
  const acknowledged: [number, string][] = [];
  for (const value of values) {
    const [meta] = await producer.send({ topic: 'orders', acks: -1, messages: [{ value }] });
    assert.equal(meta?.errorCode, 0);
    acknowledged.push([Number(meta?.baseOffset), value]);
  }
  return acknowledged;
}

describeWithTool(confluentKafka, 'a producer and a consumer follow a switchover', () => {
  let emulator: EmulatedClusters;

  before(async () => {
    emulator = await startEmulatedClusters({ seed: 'clients-switchover', timing: { startupFailureMs: 0 } });
    emulator.source.cluster.createTopic('orders', { partitions: 1 });
    startMirror(emulator.source, emulator.destination, 'm1', ['orders']);
  });

  after(async () => {
    await emulator.close();
  });

  it('every acknowledged record is read once on the destination, at the offset it was given', async () => {
    const consumer = runTool(DEBIAN_PYTHON, [RECORDS_PROBE], {
      stdin: JSON.stringify({
        config: { 'bootstrap.servers': emulator.destination.bootstrap, 'isolation.level': 'read_committed' },
        topic: 'orders',
        partition: 0,
        produce: [],
        read: BEFORE + AFTER,
        from: 0,
      }),
      killAfterMs: 90_000,
    });

    const onSource = await producerFor(emulator.source.bootstrap);
    const first = await produce(
      onSource,
      Array.from({ length: BEFORE }, (_, i) => `before-${i}`),
    );
    await onSource.disconnect();
    // A transaction open on the source when the switch comes (offsets 30-34).
    const transactional = await producerFor(emulator.source.bootstrap, 'switchover-tx');
    const open = await transactional.transaction();
    await open.send({
      topic: 'orders',
      acks: -1,
      messages: Array.from({ length: ABORTED }, (_, i) => ({ value: `aborted-${i}` })),
    });

    const promoted = await runCli([
      'promote',
      'm1',
      '-b',
      emulator.destination.bootstrap,
      '--quiet-period',
      '500ms',
      '--topic',
      'orders',
      '--skip-groups',
      '--yes',
      '--json',
      '--timeout',
      '30s',
    ]);
    assert.equal(promoted.code, 0, `${promoted.stdout}${promoted.stderr}`);
    const report = jsonOf(promoted) as { stopped: string[]; openTransactions: { topic: string }[] };
    assert.deepEqual(report.stopped, ['orders']);
    assert.deepEqual(
      report.openTransactions.map((t) => t.topic),
      ['orders'],
    );
    await open.abort();
    await transactional.disconnect();

    const onDestination = await producerFor(emulator.destination.bootstrap);
    const second = await produce(
      onDestination,
      Array.from({ length: AFTER }, (_, i) => `after-${i}`),
    );
    await onDestination.disconnect();

    // The source gave 0..29; the destination holds them at the same offsets, then the open transaction's
    // records, the stop's abort marker for it and its PID-reset marker.
    assert.deepEqual(
      first.map(([offset]) => offset),
      Array.from({ length: BEFORE }, (_, i) => i),
    );
    assert.deepEqual(
      second.map(([offset]) => offset),
      Array.from({ length: AFTER }, (_, i) => BEFORE + ABORTED + 2 + i),
    );
    const result = await consumer;
    assert.equal(result.code, 0, describeRun('records_probe.py (consumer)', result));
    const { consumed } = JSON.parse(result.stdout) as { consumed: [number, string][] };
    assert.deepEqual(consumed, [...first, ...second]);
    assert.ok(!consumed.some(([, value]) => value.startsWith('aborted-')));
  });
});
