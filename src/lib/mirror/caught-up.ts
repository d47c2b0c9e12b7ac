// The one definition of "caught up" that --wait commands share (add-topics, resume, and later
// promote): every watched partition is MIRRORING, and its destination end offset (ListOffsets on
// the destination) has reached the source end offset read with ListOffsets on the source when the
// wait began. The lag the broker reports is not used: it is computed from the broker's last fetch
// and reads 0 while a partition is far behind (seen on the real prototype right after a start).

import type { KafkaClient } from '../kafka/client.js';
import { MirrorError } from './errors.js';
import { describeMirrors } from './describe.js';
import { readEndOffsets } from './end-offsets.js';

/** How the wait decides, in words a command prints. */
export const CAUGHT_UP_RULE =
  'every partition is MIRRORING and its destination end offset (ListOffsets on the destination) reached the ' +
  "source end offset read with ListOffsets on the source when the wait began; the broker's reported lag is not used";

/** topic → partition → the source end offset when the wait began. */
export type CatchUpTargets = ReadonlyMap<string, ReadonlyMap<number, bigint>>;

export interface PendingPartition {
  readonly topic: string;
  readonly partition: number;
  readonly state: string | null;
  readonly destinationEnd: bigint | null;
  readonly target: bigint;
}

export interface CatchUpProgress {
  readonly done: number;
  readonly total: number;
  readonly pending: PendingPartition[];
}

/** Reads the targets on the source; a partition whose end offset cannot be read makes the wait impossible. */
export async function readCatchUpTargets(
  source: KafkaClient,
  topics: ReadonlyMap<string, number>,
  sourceLabel: string,
): Promise<CatchUpTargets> {
  const wanted = new Map([...topics].map(([topic, count]) => [topic, Array.from({ length: count }, (_, i) => i)]));
  const { offsets, failures } = await readEndOffsets(source, wanted);
  const missing = [...wanted].flatMap(([topic, parts]) =>
    parts.filter((p) => offsets.get(topic)?.get(p) === undefined).map((p) => `${topic}-${p}`),
  );
  if (missing.length > 0) {
    throw new MirrorError(
      `cannot read the source end offsets of ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''} on ${sourceLabel}, so kmirror cannot tell when the mirror has caught up`,
      'failed',
      { hint: failures[0]?.message ?? 'ListOffsets on the source answered without these partitions' },
    );
  }
  return offsets;
}

/** Pure: which partitions have caught up, given the described states and the destination end offsets. */
export function catchUpProgress(
  targets: CatchUpTargets,
  states: ReadonlyMap<string, ReadonlyMap<number, string>>,
  destinationEnds: ReadonlyMap<string, ReadonlyMap<number, bigint>>,
): CatchUpProgress {
  const pending: PendingPartition[] = [];
  let total = 0;
  for (const [topic, partitions] of targets) {
    for (const [partition, target] of partitions) {
      total++;
      const state = states.get(topic)?.get(partition) ?? null;
      const destinationEnd = destinationEnds.get(topic)?.get(partition) ?? null;
      if (state === 'MIRRORING' && destinationEnd !== null && destinationEnd >= target) continue;
      pending.push({ topic, partition, state, destinationEnd, target });
    }
  }
  return { done: total - pending.length, total, pending };
}

/**
 * Polls DescribeClusterMirrors (for the states) and ListOffsets on the destination (for the end
 * offsets) until {@link catchUpProgress} has nothing pending. `sleep` throws when the budget is spent.
 */
export async function waitUntilCaughtUp(
  destination: KafkaClient,
  mirror: string,
  targets: CatchUpTargets,
  sleep: (ms: number, what: string) => Promise<void>,
  onProgress?: (progress: CatchUpProgress) => void,
): Promise<CatchUpProgress> {
  const wanted = new Map([...targets].map(([topic, parts]) => [topic, [...parts.keys()]]));
  const what = `waiting for ${targets.size} topic(s) of mirror '${mirror}' to catch up (${CAUGHT_UP_RULE})`;
  for (;;) {
    const described = await describeMirrors(destination, [mirror]);
    const states = new Map<string, Map<number, string>>();
    for (const t of described.mirrors.find((m) => m.name === mirror)?.topics ?? []) {
      if (targets.has(t.name)) states.set(t.name, new Map(t.partitions.map((p) => [p.partition, p.state])));
    }
    const { offsets } = await readEndOffsets(destination, wanted);
    const progress = catchUpProgress(targets, states, offsets);
    onProgress?.(progress);
    // A broker that did not answer hides its partitions: not done until every broker answered.
    if (progress.pending.length === 0 && described.brokerWarnings.length === 0) return progress;
    await sleep(500, what);
  }
}
