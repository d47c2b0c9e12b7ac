// Decoding a DescribeClusterMirrorsResponse of 100,000 partitions: time and extra heap, measured, never asserted.

import { decodeMessage, encodeMessage } from '../src/lib/kafka/codec.js';
import { DescribeClusterMirrors } from '../src/lib/kafka/messages/index.js';
import type { BenchResult } from './measure.js';
import { heapUsed, median, timeRuns } from './measure.js';

export function buildDescribeResponse(topics: number, partitionsPerTopic: number): Buffer {
  const states = ['MIRRORING', 'MIRRORING', 'MIRRORING', 'PAUSED', 'FAILED', 'STOPPED'];
  return encodeMessage(DescribeClusterMirrors.response, 0, {
    Mirrors: [
      {
        MirrorName: 'bench-mirror',
        Topics: Array.from({ length: topics }, (_, t) => ({
          TopicName: `topic-${String(t).padStart(5, '0')}`,
          Partitions: Array.from({ length: partitionsPerTopic }, (_, p) => {
            const state = states[(t + p) % states.length] as string;
            const mirroring = state === 'MIRRORING';
            return {
              PartitionIndex: p,
              SourceOffset: mirroring ? 1_000_000n + BigInt(p) : -1n,
              DestinationOffset: mirroring ? 999_000n + BigInt(p) : -1n,
              Lag: mirroring ? 1000n : -1n,
              StateValue: state,
              RetryAttempt: state === 'FAILED' ? 3 : 0,
              ErrorMessage: state === 'FAILED' ? 'Failed to get source metadata' : null,
            };
          }),
        })),
      },
    ],
  });
}

export function benchDecode(): BenchResult[] {
  const body = buildDescribeResponse(1000, 100);
  const decode = () => decodeMessage(DescribeClusterMirrors.response, 0, body);
  decode(); // warm the compiled plan and the JIT, as a second command invocation would not; see note
  const times = timeRuns(7, decode);
  const before = heapUsed();
  const kept = decode() as { Mirrors: { Topics: { Partitions: unknown[] }[] }[] };
  const after = heapUsed();
  const partitions = kept.Mirrors[0]?.Topics.reduce((n, t) => n + t.Partitions.length, 0) ?? 0;
  return [
    {
      name: 'decode DescribeClusterMirrorsResponse, 100,000 partitions (median of 7)',
      value: median(times),
      unit: 'ms',
      target: '≤ 150 ms',
      detail:
        `${(body.length / 1e6).toFixed(1)} MB body, ${partitions} partitions; first (cold) run ` +
        `${times[0]?.toFixed(1)} ms`,
    },
    { name: 'extra heap held by the decoded result', value: (after - before) / 1e6, unit: 'MB', target: '≤ 150 MB' },
  ];
}
