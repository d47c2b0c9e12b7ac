// What promote reports (its --json document).

import { MirrorError } from '../core/errors.js';
import type { PromoteGroups } from './promote-groups.js';
import type { PromoteInput, PromotePlan } from './promote-plan.js';
import type { OpenTransactionPartition } from '../describe/open-transactions.js';

export interface PromotePartition {
  /** @minimum 0 */
  readonly partition: number;
  /** Source end offset (ListOffsets on the source): when planned, or after the stop. @minimum 0 */
  readonly sourceEnd: bigint | null;
  /** Destination end offset (ListOffsets on the destination). @minimum 0 */
  readonly destinationEnd: bigint | null;
  readonly state: string;
  /** Before the stop: records the destination still lacks (source end − destination end); null after it. */
  readonly gap: bigint | null;
  /**
   * After the stop: `ok` when the destination end is at least the source end + 1 (the PID-reset marker);
   * `source-moved` when records written to the source are missing; `unverified` when it was not read.
   */
  readonly verified: 'ok' | 'source-moved' | 'unverified' | null;
  /** After the stop: destination records beyond source end + 1 (abort markers of open transactions). @minimum 0 */
  readonly controlRecords: bigint | null;
  /** After the stop, `source-moved`: records of the source that the destination does not have. @minimum 0 */
  readonly missing: bigint | null;
}

export interface PromoteTopic {
  readonly topic: string;
  readonly partitions: PromotePartition[];
}

export interface PromoteResult {
  readonly mirror: string;
  readonly dryRun: boolean;
  /** Every selected topic was stopped and verified. */
  complete: boolean;
  readonly topics: PromoteTopic[];
  quiet: {
    /** Whether the quiet check ran (false with --force or --dry-run). */
    readonly checked: boolean;
    /** @minimum 0 */
    readonly periodMs: number;
    /** How long promote waited for the producers to stop. @minimum 0 */
    readonly waitedMs: number;
  };
  /** The consumer groups' committed offsets on both sides: when planned (dry run), or as promote left them. */
  groups: PromoteGroups;
  /**
   * Source partitions with open transactions when planned (last stable offset below the high watermark):
   * the stop makes the destination abort up to `records` of each, with an abort marker after the PID reset.
   */
  readonly openTransactions: OpenTransactionPartition[];
  /** Topics confirmed STOPPED. */
  stopped: string[];
  /** Selected topics not (yet) confirmed STOPPED; empty when complete. */
  notStopped: string[];
  /** Whether a stop was sent at all (false: nothing changed). */
  stopSent: boolean;
  /** The kmirror command that finishes the job when promote was interrupted after the stop (set by the command). */
  finishCommand: string | null;
  /** The file the receipt was written to (--receipt, set by the command); null without one. */
  receipt: string | null;
  /** Why promote ended before it verified every topic (a timeout, an interruption, a failed request). */
  interruption: string | null;
  /** @minimum 0 */
  elapsedMs: number;
  readonly warnings: string[];
}

/** The destination is read after the source, so it can be ahead of that read: 0, never negative. */
function gapOf(sourceEnd: bigint | null, destinationEnd: bigint | null): bigint | null {
  if (sourceEnd === null || destinationEnd === null) return null;
  return sourceEnd > destinationEnd ? sourceEnd - destinationEnd : 0n;
}

export function promotePlanResult(plan: PromotePlan, input: PromoteInput, dryRun = true): PromoteResult {
  return {
    mirror: plan.mirror,
    dryRun,
    complete: false,
    topics: plan.topics.map((topic) => ({
      topic,
      partitions: (plan.rows.get(topic) ?? []).map((row) => {
        const sourceEnd = plan.sourceEnds.get(topic)?.get(row.partition) ?? null;
        const destinationEnd = plan.destinationEnds.get(topic)?.get(row.partition) ?? null;
        return {
          partition: row.partition,
          sourceEnd,
          destinationEnd,
          state: row.state,
          gap: gapOf(sourceEnd, destinationEnd),
          verified: null,
          controlRecords: null,
          missing: null,
        };
      }),
    })),
    quiet: { checked: false, periodMs: input.quietPeriodMs, waitedMs: 0 },
    groups: plan.groups.result,
    openTransactions: plan.openTransactions,
    stopped: [],
    notStopped: [...plan.topics],
    stopSent: false,
    finishCommand: null,
    receipt: null,
    interruption: null,
    elapsedMs: 0,
    warnings: [...plan.warnings],
  };
}

export function promoteLossError(result: PromoteResult): MirrorError | null {
  const lost = result.topics.flatMap((t) =>
    t.partitions
      .filter((p) => p.verified === 'source-moved')
      .map((p) => `${t.topic}-${p.partition} (${p.missing} record(s))`),
  );
  if (lost.length === 0) return null;
  return new MirrorError(
    `the topics were stopped, but the source received records the destination does not have: ${lost.join(', ')}`,
    'failed',
    { hint: 'producers still wrote to the source after promote read it; those records exist only on the source' },
  );
}
