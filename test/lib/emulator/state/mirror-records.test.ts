// What mirroring is for: the destination holds the source's batches at the same offsets, byte for
// byte; a stop appends the PID-reset control batch; failback truncation cuts batches as it cuts offsets.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { EmulatedCluster } from '../../../../src/lib/emulator/state/cluster.js';
import { appendProducedBatch, recordLog } from '../../../../src/lib/emulator/state/record-store.js';
import {
  ControlType,
  controlTypeOf,
  decodeRecords,
  encodeBatch,
  isControl,
  readBatchHeader,
} from '../../../../src/lib/kafka/record-batch.js';
import { createMirror, ctx, pair, run, startReverseMirror, startTopics, type Pair } from './setup.js';

const DESTINATION_ADDRESS = 'destination:9092';

function produce(cluster: EmulatedCluster, topic: string, values: string[]): bigint {
  const t = cluster.topics.get(topic);
  const p = t?.partitions[0];
  assert.ok(t && p);
  const batch = encodeBatch({
    baseOffset: 0n,
    leaderEpoch: -1,
    baseTimestamp: BigInt(cluster.clock.now()),
    records: values.map((v) => ({ timestampDelta: 0n, key: null, value: Buffer.from(v), headers: [] })),
  });
  return appendProducedBatch(cluster, t, p, batch);
}

function batchesOf(cluster: EmulatedCluster, topic: string): Buffer[] {
  const t = cluster.topics.get(topic);
  const p = t?.partitions[0];
  assert.ok(t && p);
  return recordLog(cluster, t, p)
    .read(0n, Number.MAX_SAFE_INTEGER)
    .map((b) => b.bytes);
}

function valuesOf(batches: Buffer[]): string[] {
  return batches
    .filter((b) => !isControl(readBatchHeader(b)))
    .flatMap((b) => decodeRecords(b).map((r) => r.value?.toString() ?? ''));
}

function mirrored(): Pair {
  const p = pair();
  p.registry.register(DESTINATION_ADDRESS, p.destination);
  p.source.createTopic('orders', { partitions: 1 });
  for (let i = 0; i < 5; i++) produce(p.source, 'orders', [`r${2 * i}`, `r${2 * i + 1}`]);
  createMirror(p, 'fwd');
  startTopics(p, 'fwd', ['orders']);
  run(p, 2000);
  return p;
}

describe('mirroring copies batches', () => {
  it('puts the source’s batches on the destination at the same offsets, byte for byte', () => {
    const p = mirrored();
    assert.equal(p.destination.endOffset('orders', 0), 10n);
    const source = batchesOf(p.source, 'orders');
    const destination = batchesOf(p.destination, 'orders');
    assert.equal(destination.length, 5);
    assert.deepEqual(destination, source);
    // More records on the source follow as they come.
    produce(p.source, 'orders', ['late']);
    run(p, 500);
    assert.deepEqual(batchesOf(p.destination, 'orders'), batchesOf(p.source, 'orders'));
  });

  it('copies the traffic generator’s batches too', () => {
    const p = pair();
    p.source.createTopic('clicks', { partitions: 1, growthPerSec: 50 });
    createMirror(p, 'm1');
    startTopics(p, 'm1', ['clicks']);
    run(p, 1500);
    // A consumer on the source reads meanwhile: the batches it sees are the ones the destination gets.
    const early = batchesOf(p.source, 'clicks');
    run(p, 1500);
    p.source.setTraffic(false);
    run(p, 1000);
    const source = batchesOf(p.source, 'clicks');
    assert.ok(source.length > 1);
    assert.deepEqual(batchesOf(p.destination, 'clicks'), source);
    assert.deepEqual(source.slice(0, early.length), early);
    assert.equal(valuesOf(source)[0], 'clicks-0@0');
  });

  it('ends a stop with one MIRROR_PID_RESET control batch in the new leader epoch, then takes writes', () => {
    const p = mirrored();
    const res = p.destination.stopMirrorTopics(ctx(), { MirrorName: 'fwd', Topics: [{ TopicName: 'orders' }] });
    assert.equal(res.ErrorCode, 0);
    run(p, 1000);
    assert.equal(p.destination.endOffset('orders', 0), 11n);
    const batches = batchesOf(p.destination, 'orders');
    const marker = batches[batches.length - 1];
    assert.ok(marker);
    const h = readBatchHeader(marker);
    assert.equal(h.baseOffset, 10n);
    assert.equal(isControl(h), true);
    assert.equal(controlTypeOf(marker), ControlType.MIRROR_PID_RESET);
    assert.equal(h.partitionLeaderEpoch, p.destination.topics.get('orders')?.partitions[0]?.leaderEpoch);
    assert.match(decodeRecords(marker)[0]?.value?.toString('latin1') ?? '', new RegExp(p.source.clusterId));
    assert.equal(produce(p.destination, 'orders', ['after']), 11n);
    assert.deepEqual(valuesOf(batchesOf(p.destination, 'orders')).slice(-1), ['after']);
  });

  it('failback truncates the old source’s log to where the logs part and copies the new one’s batches', () => {
    const p = mirrored();
    // Failover: B stops mirroring and takes the writes.
    assert.equal(
      p.destination.stopMirrorTopics(ctx(), { MirrorName: 'fwd', Topics: [{ TopicName: 'orders' }] }).ErrorCode,
      0,
    );
    run(p, 1000);
    produce(p.destination, 'orders', ['on-b']);
    // A stray write reached A after the failover: failback must drop it.
    produce(p.source, 'orders', ['stray-on-a']);
    startReverseMirror(p, DESTINATION_ADDRESS, 'orders', 1);
    run(p, 8000, 50);
    assert.equal(p.source.topics.get('orders')?.partitions[0]?.mirror?.state, 'MIRRORING');
    assert.equal(p.source.endOffset('orders', 0), p.destination.endOffset('orders', 0));
    assert.deepEqual(batchesOf(p.source, 'orders'), batchesOf(p.destination, 'orders'));
    assert.ok(!valuesOf(batchesOf(p.source, 'orders')).includes('stray-on-a'));
  });
});

describe('the record log is bounded', () => {
  it('keeps at most retention.bytes per partition; the log start moves as batches go', () => {
    const p = pair();
    p.source.createTopic('busy', { partitions: 1, growthPerSec: 1000, configs: { 'retention.bytes': '20000' } });
    const t = p.source.topics.get('busy');
    const part = t?.partitions[0];
    assert.ok(t && part);
    // Read every 100 ms: each stretch the generator owes fits, so it is retention that keeps the bound.
    for (let i = 0; i < 600; i++) {
      run(p, 100);
      recordLog(p.source, t, part);
    }
    const log = recordLog(p.source, t, part);
    assert.equal(log.end, 60_000n);
    assert.ok(log.sizeBytes <= 20_000, `${log.sizeBytes} bytes held`);
    assert.ok(log.start > 0n);
    assert.equal(readBatchHeader(log.read(log.start, 1)[0]?.bytes ?? Buffer.alloc(0)).baseOffset, log.start);
  });
});
