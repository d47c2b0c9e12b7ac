// The last N batches of each partition below an offset, read on the source: a window of N offsets first
// (a batch holds at least one), then windows eightfold wider before the earliest batch found, towards the log
// start, while fewer than N batches were found.

import { errors as kafkaErrors } from '../../kafka/error-codes.js';
import { type BatchSummary, nextOf } from './batch-summary.js';
import type { Cluster, ReadProgress } from './compare-partitions.js';
import { fetchRound, partitionKey, type PartitionRef } from './fetch-round.js';

export interface TailAsk extends PartitionRef {
  readonly lo: bigint;
  readonly to: bigint;
  readonly batches: number;
}

export interface TailFound {
  readonly batches: BatchSummary[];
  readonly error?: string;
}

interface TailState {
  readonly ask: TailAsk;
  window: bigint;
  segStart: bigint;
  segEnd: bigint;
  cursor: bigint;
  segment: BatchSummary[];
  found: BatchSummary[];
  done: boolean;
  starved: number;
  error?: string;
}

const maxOf = (a: bigint, b: bigint): bigint => (a > b ? a : b);

export async function findTails(
  source: Cluster,
  asks: readonly TailAsk[],
  progress: ReadProgress,
): Promise<Map<string, TailFound>> {
  const states = asks.map((ask): TailState => {
    const segStart = maxOf(ask.lo, ask.to - BigInt(ask.batches));
    return {
      ask,
      window: BigInt(ask.batches),
      segStart,
      segEnd: ask.to,
      cursor: segStart,
      segment: [],
      found: [],
      done: ask.to <= ask.lo,
      starved: 0,
    };
  });
  let active = states.filter((s) => !s.done);
  while (active.length > 0) {
    const answers = await fetchRound(
      source,
      active.map((s) => ({ ...s.ask, offset: s.cursor })),
      (n) => (progress.bytes += n),
    );
    for (const s of active) {
      const answer = answers.get(partitionKey(s.ask));
      if (!answer || answer.errorCode !== 0) {
        s.error = answer
          ? `Fetch at offset ${s.cursor}: ${answer.errorName ?? answer.errorCode}`
          : 'no Fetch answer from the leader';
        if (answer?.errorCode === kafkaErrors.OFFSET_OUT_OF_RANGE.code) s.error += ` (log start ${answer.logStart})`;
        s.done = true;
        continue;
      }
      const batches = answer.batches.filter((b) => b.baseOffset < s.segEnd && nextOf(b) > s.cursor);
      s.segment.push(...batches);
      const last = batches[batches.length - 1];
      if (last) {
        s.cursor = nextOf(last);
        s.starved = 0;
      } else if (answer.highWatermark > s.cursor && !answer.batches.some((b) => b.baseOffset >= s.segEnd)) {
        // Starved by the response's size limit: asked again next round.
        if (!answer.crowdedOut && ++s.starved >= 50) {
          s.error = `no batch returned at offset ${s.cursor} after 50 fetches`;
          s.done = true;
        }
        continue;
      }
      if (!last || s.cursor >= s.segEnd) segmentRead(s);
    }
    active = active.filter((s) => !s.done);
  }
  return new Map(
    states.map((s) => [partitionKey(s.ask), { batches: s.found, ...(s.error ? { error: s.error } : {}) }]),
  );
}

function segmentRead(s: TailState): void {
  s.found = [...s.segment, ...s.found];
  s.segment = [];
  if (s.found.length >= s.ask.batches || s.segStart <= s.ask.lo) {
    s.found = s.found.slice(-s.ask.batches);
    s.done = true;
    return;
  }
  // The next window ends where the earliest batch found begins: one batch can hold more offsets than the whole
  // window, so a window counted back from the end could still lie inside it.
  s.window *= 8n;
  s.segEnd = s.found[0]?.baseOffset ?? s.segStart;
  s.segStart = maxOf(s.ask.lo, s.segEnd - s.window);
  s.cursor = s.segStart;
  if (s.segStart >= s.segEnd) {
    s.found = s.found.slice(-s.ask.batches);
    s.done = true;
  }
}
