// Split brain: a topic STOPPED in a mirror on B (a failover) and writable on its source A, with records
// written on both sides since the stop. Where the two logs part is read on B as failback reads it: the
// last epoch B mirrored from A (DescribeClusterMirrors' lookup), then OffsetForLeaderEpoch for that
// epoch's end. The stop appended its markers there (the PID reset, and an ABORT per transaction open at the
// stop: read, not assumed), so B was written after the stop when its end is past them, and A was written
// after it when its end is past the point. Writable on both sides with
// only one side written (or neither) is a finished switchover: information, not a problem.

import { readEndOffsets } from '../describe/end-offsets.js';
import { divergencePoints } from '../switchover/log-divergence.js';
import { stopMarkerOffsets } from '../switchover/stop-markers.js';
import type { KafkaClient } from '../../kafka/client.js';
import type { StoppedPair } from './topology-findings.js';
import type { StopPointPartition, TopologyFinding } from './topology-types.js';

interface Judged {
  readonly pair: StoppedPair;
  readonly partitions: StopPointPartition[];
}

function partitionsOf(pair: StoppedPair): number[] {
  return Array.from({ length: pair.partitions }, (_, i) => i);
}

async function judge(
  pairs: readonly StoppedPair[],
  clientOf: (label: string) => KafkaClient,
  warn: (message: string) => void,
): Promise<Judged[]> {
  const groups = new Map<string, StoppedPair[]>();
  for (const pair of pairs) {
    const key = `${pair.destination.label}\u0000${pair.source.label}`;
    groups.set(key, [...(groups.get(key) ?? []), pair]);
  }
  const judged = await Promise.all(
    [...groups.values()].map(async (group) => {
      const first = group[0] as StoppedPair;
      const wanted = new Map(group.map((p) => [p.topic, partitionsOf(p)]));
      const b = clientOf(first.destination.label);
      const [divergence, bEnds, aEnds] = await Promise.all([
        divergencePoints(b, first.source.clusterId, wanted),
        readEndOffsets(b, wanted),
        readEndOffsets(clientOf(first.source.label), wanted),
      ]);
      for (const f of [...divergence.failures, ...bEnds.failures])
        warn(`${first.destination.label}: cannot tell where the logs part from ${first.source.label}: ${f.message}`);
      for (const f of aEnds.failures) warn(`${first.source.label}: end offsets not read: ${f.message}`);
      const markers = await stopMarkerOffsets(b, divergence.points);
      return group.map((pair): Judged => ({
        pair,
        partitions: partitionsOf(pair).map((partition): StopPointPartition => {
          const stopPoint = divergence.points.get(pair.topic)?.get(partition) ?? null;
          const sourceEnd = aEnds.offsets.get(pair.topic)?.get(partition) ?? null;
          const destinationEnd = bEnds.offsets.get(pair.topic)?.get(partition) ?? null;
          const since = (end: bigint | null, from: bigint) => (end === null ? null : end > from ? end - from : 0n);
          return {
            partition,
            stopPoint,
            sourceEnd,
            destinationEnd,
            writtenOnSource: stopPoint === null ? null : since(sourceEnd, stopPoint),
            writtenOnDestination:
              stopPoint === null
                ? null
                : since(destinationEnd, stopPoint + (markers.get(pair.topic)?.get(partition) ?? 1n)),
          };
        }),
      }));
    }),
  );
  return judged.flat();
}

const known = (j: Judged) => j.partitions.reduce((n, p) => n + (p.stopPoint ?? 0n), 0n);

/** When each side holds the topic STOPPED from the other, the later stop counts. */
export async function splitBrainFindings(
  pairs: readonly StoppedPair[],
  clientOf: (label: string) => KafkaClient,
  warn: (message: string) => void,
): Promise<TopologyFinding[]> {
  const latest = new Map<string, Judged>();
  for (const j of await judge(pairs, clientOf, warn)) {
    const ends = [j.pair.destination.label, j.pair.source.label].sort();
    const key = [j.pair.topic, ...ends].join('\u0000');
    const other = latest.get(key);
    if (!other || known(j) > known(other)) latest.set(key, j);
  }
  return [...latest.values()].map(({ pair, partitions }): TopologyFinding => {
    const both = partitions.filter((p) => (p.writtenOnSource ?? 0n) > 0n && (p.writtenOnDestination ?? 0n) > 0n);
    const a = pair.source.label;
    const b = pair.destination.label;
    const unknown = partitions.filter((p) => p.stopPoint === null).length;
    const common = {
      topic: pair.topic,
      clusters: [a, b],
      mirrors: [{ cluster: b, mirror: pair.mirror }],
      partitions,
    };
    if (both.length > 0) {
      const onA = both.reduce((n, p) => n + (p.writtenOnSource ?? 0n), 0n);
      const onB = both.reduce((n, p) => n + (p.writtenOnDestination ?? 0n), 0n);
      return {
        kind: 'split-brain',
        severity: 'problem',
        ...common,
        message:
          `split brain: ${pair.topic} was written on both sides after its stop in mirror ${pair.mirror} on ` +
          `${b}: ${onB} record(s) on ${b} and ${onA} on ${a} in ${both.length} partition(s); a failback to ` +
          `${b} truncates what ${a} wrote (kmirror failback --dry-run counts it)`,
      };
    }
    return {
      kind: 'writable-both-sides',
      severity: 'information',
      ...common,
      message:
        `${pair.topic} is writable on ${a} and on ${b} (STOPPED in mirror ${pair.mirror} on ${b}), ` +
        `${unknown > 0 ? `the stop point of ${unknown} partition(s) is not known; ` : ''}` +
        `no partition has records written on both sides since the stop: keep producers on one side`,
    };
  });
}
