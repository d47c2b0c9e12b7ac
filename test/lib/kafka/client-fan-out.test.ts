// A request to every broker goes out through a bounded pool (--broker-concurrency): never more than
// the bound in flight, and one slow broker holds one place while the others are asked and answer.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Deadline } from '../../../src/lib/cli/command/deadline.js';
import { startEmulatedClusters, type EmulatedClusters } from '../../../src/lib/emulator/index.js';
import type { WireEvent } from '../../../src/lib/kafka/client.js';
import { createClient } from '../../../src/lib/kafka/connect.js';
import { DEFAULT_FAN_OUT_CONCURRENCY } from '../../../src/lib/kafka/fan-out.js';
import { DescribeClusterMirrors } from '../../../src/lib/kafka/messages/index.js';

const NODES = 6;
const SLOW_MS = 1500;

interface Span {
  readonly broker: string;
  readonly start: number;
  readonly end: number;
}

async function fanOut(emulator: EmulatedClusters, fanOutConcurrency?: number): Promise<Span[]> {
  const spans: Span[] = [];
  const onWire = (e: WireEvent) => {
    const end = performance.now();
    if (e.api === 'DescribeClusterMirrors') spans.push({ broker: e.broker, start: end - e.ms, end });
  };
  const client = createClient(
    {
      bootstrap: emulator.destination.bootstrap.split(','),
      clientId: 'fan-out-test',
      ...(fanOutConcurrency !== undefined ? { fanOutConcurrency } : {}),
    },
    new Deadline(30_000),
    onWire,
  );
  try {
    const result = await client.sendToEvery(DescribeClusterMirrors, { MirrorNames: [] });
    assert.equal(result.answers.length, NODES);
    assert.equal(result.failures.length, 0);
  } finally {
    await client.close();
  }
  return spans;
}

/** Most spans open at one moment. */
function peakInFlight(spans: readonly Span[]): number {
  let peak = 0;
  for (const s of spans) peak = Math.max(peak, spans.filter((o) => o.start <= s.start && s.start < o.end).length);
  return peak;
}

describe('KafkaClient.sendToEvery: bounded fan-out', () => {
  let emulator: EmulatedClusters;
  let slowBroker: string;
  before(async () => {
    emulator = await startEmulatedClusters({ seed: 'fan-out', destination: { nodes: NODES } });
    const slow = emulator.destination.nodes[0];
    assert.ok(slow);
    slow.faults.delay('DescribeClusterMirrors', SLOW_MS);
    slowBroker = `${slow.host}:${slow.port} (node ${slow.nodeId})`;
  });
  after(async () => emulator?.close());

  it('has a default that asks a usual cluster all at once', () => {
    assert.ok(DEFAULT_FAN_OUT_CONCURRENCY >= NODES);
  });

  it('keeps at most the bound in flight; the slow broker does not hold up the others', async () => {
    const spans = await fanOut(emulator, 2);
    assert.equal(spans.length, NODES);
    assert.ok(peakInFlight(spans) <= 2, `peak ${peakInFlight(spans)} in flight`);
    const slow = spans.find((s) => s.broker === slowBroker);
    assert.ok(slow, `no answer from ${slowBroker}`);
    const others = spans.filter((s) => s !== slow);
    assert.ok(
      others.every((s) => s.end <= slow.end),
      'every other broker answered while the slow one was still being waited for',
    );
  });

  it('with a bound of 1, brokers are asked one after the other', async () => {
    const spans = await fanOut(emulator, 1);
    assert.equal(peakInFlight(spans), 1);
  });

  it('by default asks all six at once', async () => {
    const spans = await fanOut(emulator);
    assert.equal(peakInFlight(spans), NODES);
  });
});
