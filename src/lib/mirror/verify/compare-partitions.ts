// The read loop of verify: rounds of fetches on both clusters at once; a side waits while the other catches
// up (BatchComparison.wants), so nothing piles up.

import { errors as kafkaErrors } from '../../kafka/error-codes.js';
import { BatchComparison } from './batch-compare.js';
import { type BatchSummary, nextOf } from './batch-summary.js';
import { type FetchAnswer, fetchRound, type FetchTarget, partitionKey, type PartitionRef } from './fetch-round.js';
import type { NotComparable, Side } from './verify-types.js';

/** Rounds in a row a partition may get no batch below its high watermark before it counts as unreadable. */
const STARVED_ROUNDS = 50;

export type Cluster = FetchTarget;

export interface CompareJob extends PartitionRef {
  readonly from: bigint;
  readonly to: bigint;
  readonly compacted: boolean;
  readonly sourceBatches?: readonly BatchSummary[];
}

export interface JobOutcome {
  readonly comparison: BatchComparison;
  readonly error?: { readonly side: Side; readonly message: string };
  readonly moved?: NotComparable;
}

export interface ReadProgress {
  bytes: number;
  offsetsDone: bigint;
}

interface Cursor {
  offset: bigint;
  starved: number;
}

const inRange = (b: BatchSummary, from: bigint, to: bigint): boolean => nextOf(b) > from && b.baseOffset < to;

export async function comparePartitions(
  clusters: Record<Side, Cluster>,
  jobs: readonly CompareJob[],
  progress: ReadProgress,
  onRound: () => void,
): Promise<Map<string, JobOutcome>> {
  const outcomes = new Map<
    string,
    { comparison: BatchComparison; error?: JobOutcome['error']; moved?: NotComparable }
  >();
  const cursors = new Map<string, Record<Side, Cursor>>();
  for (const job of jobs) {
    const comparison = new BatchComparison(job.compacted);
    outcomes.set(partitionKey(job), { comparison });
    cursors.set(partitionKey(job), {
      source: { offset: job.from, starved: 0 },
      destination: { offset: job.from, starved: 0 },
    });
    if (job.sourceBatches) {
      comparison.push('source', job.sourceBatches);
      comparison.end('source');
    }
    if (job.from >= job.to) {
      comparison.end('source');
      comparison.end('destination');
    }
  }
  const open = (job: CompareJob): boolean => {
    const o = outcomes.get(partitionKey(job));
    return o !== undefined && o.comparison.outcome === null && o.error === undefined && o.moved === undefined;
  };
  let active = jobs.filter(open);
  while (active.length > 0) {
    await Promise.all(
      (['source', 'destination'] as const).map(async (side) => {
        const wanting = active.filter((j) => outcomes.get(partitionKey(j))?.comparison.wants(side));
        if (wanting.length === 0) return;
        const asks = wanting.map((j) => ({
          ...j,
          offset: (cursors.get(partitionKey(j)) as Record<Side, Cursor>)[side].offset,
        }));
        const answers = await fetchRound(clusters[side], asks, (n) => (progress.bytes += n));
        for (const job of wanting) take(job, side, answers.get(partitionKey(job)));
      }),
    );
    onRound();
    active = active.filter(open);
  }
  return outcomes;

  function take(job: CompareJob, side: Side, answer: FetchAnswer | undefined): void {
    const key = partitionKey(job);
    const outcome = outcomes.get(key) as {
      comparison: BatchComparison;
      error?: JobOutcome['error'];
      moved?: NotComparable;
    };
    const cursor = (cursors.get(key) as Record<Side, Cursor>)[side];
    if (!answer) {
      outcome.error = { side, message: `no Fetch answer for ${job.topic}-${job.partition} from its leader` };
      return;
    }
    if (answer.errorCode === kafkaErrors.OFFSET_OUT_OF_RANGE.code && answer.logStart > cursor.offset) {
      outcome.moved = {
        cause: 'retention',
        side,
        detail: `the ${side} log start moved to offset ${answer.logStart} while offset ${cursor.offset} was read`,
      };
      return;
    }
    if (answer.errorCode !== 0) {
      outcome.error = { side, message: `Fetch at offset ${cursor.offset}: ${answer.errorName ?? answer.errorCode}` };
      return;
    }
    const batches = answer.batches.filter((b) => inRange(b, job.from, job.to) && nextOf(b) > cursor.offset);
    const last = batches[batches.length - 1];
    if (last) {
      const next = nextOf(last);
      progress.offsetsDone += next - cursor.offset;
      cursor.offset = next;
      cursor.starved = 0;
      outcome.comparison.push(side, batches);
    } else if (answer.highWatermark <= cursor.offset || answer.batches.some((b) => b.baseOffset >= job.to)) {
      // Nothing more below the end: the log ends (or has a gap up to) before `to`.
      cursor.offset = job.to;
    } else if (!answer.crowdedOut && ++cursor.starved >= STARVED_ROUNDS) {
      outcome.error = { side, message: `no batch returned at offset ${cursor.offset} after ${STARVED_ROUNDS} fetches` };
      return;
    }
    if (cursor.offset >= job.to) outcome.comparison.end(side);
  }
}
