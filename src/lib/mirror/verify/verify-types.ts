// The shapes of a verify: per partition the range compared and the verdict, with the facts behind it.

/** The header fields of one batch that verify compares, as read on one side. */
export interface BatchFacts {
  readonly baseOffset: bigint;
  /** @minimum 0 */
  readonly lastOffsetDelta: number;
  readonly recordCount: number;
  readonly attributes: number;
  /** The stored CRC-32C field, eight hex digits. */
  readonly crc: string;
  /** Whether that CRC matches the batch's bytes. */
  readonly crcValid: boolean;
}

export type Side = 'source' | 'destination';

/**
 * identical: every batch of the range has the same fields on both sides, CRCs valid; diverges: the first batch that
 * does not; missing: the partition (or every record of it) is on one side only; not-comparable: retention or
 * compaction removed records of the range on one side, so the two logs cannot be laid side by side.
 */
export type Verdict = 'identical' | 'diverges' | 'missing' | 'not-comparable';

export interface Divergence {
  /** The offset where the logs part: the first batch that differs. */
  readonly offset: bigint;
  /**
   * fields: both sides hold a batch there with different fields; crc-invalid: a batch's CRC does not match its bytes;
   * batch-missing: one side has a batch the other lacks; written-after-stop: records at or after the stop marker.
   */
  readonly reason: 'fields' | 'crc-invalid' | 'batch-missing' | 'written-after-stop';
  /** The fields that differ (reason fields). */
  readonly fields: string[];
  readonly source: BatchFacts | null;
  readonly destination: BatchFacts | null;
}

export interface NotComparable {
  readonly cause: 'retention' | 'compaction';
  /** The side whose records are gone. */
  readonly side: Side;
  readonly detail: string;
}

/** A batch the brokers add that has no counterpart on the other side (never a divergence). */
export interface BrokerAddition {
  readonly side: Side;
  readonly offset: bigint;
  /** pid-reset: the stop's MIRROR_PID_RESET marker; abort / commit: a transaction marker at or after the stop. */
  readonly kind: 'pid-reset' | 'abort' | 'commit';
}

/** One side's log bounds, null when the partition is not there. */
export interface LogBounds {
  readonly start: bigint;
  readonly end: bigint;
}

export interface PartitionVerification {
  readonly topic: string;
  /** @minimum 0 */
  readonly partition: number;
  readonly verdict: Verdict;
  /** The offsets compared, [from, to); null when nothing could be compared. */
  readonly from: bigint | null;
  readonly to: bigint | null;
  /** Batches found the same on both sides. @minimum 0 */
  readonly batches: number;
  /** Bytes read, both sides together. @minimum 0 */
  readonly bytes: number;
  readonly source: LogBounds | null;
  readonly destination: LogBounds | null;
  readonly divergence?: Divergence;
  /** The side the partition (or its records) is missing from. */
  readonly missingOn?: Side;
  readonly notComparable?: NotComparable;
  readonly brokerAdditions: BrokerAddition[];
  /** With --receipt: the cluster this row checked against the receipt. */
  readonly cluster?: Side;
}

/** Which offsets verify compares. */
export type VerifyRange =
  | { readonly kind: 'tail'; /** @minimum 1 */ readonly batches: number }
  | { readonly kind: 'full' }
  | { readonly kind: 'range'; readonly from: RangeBound | null; readonly to: RangeBound | null }
  | { readonly kind: 'receipt'; readonly command: 'promote' | 'failback'; /** @minimum 0 */ readonly batches: number };

/** --from / --to: an offset, or a timestamp (ms) resolved on the source with ListOffsets. */
export type RangeBound = { readonly offset: bigint } | { readonly timestamp: bigint };

export interface VerifySummary {
  /** @minimum 0 */
  readonly partitions: number;
  /** @minimum 0 */
  readonly identical: number;
  /** @minimum 0 */
  readonly diverged: number;
  /** @minimum 0 */
  readonly missing: number;
  /** @minimum 0 */
  readonly notComparable: number;
  /** @minimum 0 */
  readonly batches: number;
  /** @minimum 0 */
  readonly bytes: number;
}

export interface VerifyResult {
  readonly mirror: string;
  readonly sourceBootstrap: string[];
  readonly range: VerifyRange;
  readonly partitions: PartitionVerification[];
  readonly summary: VerifySummary;
  /** Whether some partition diverges (exit 7). */
  readonly diverged: boolean;
  /** Partitions that could not be read, with why (exit 3 when nothing diverged). */
  readonly errors: {
    readonly topic: string;
    readonly partition: number;
    readonly side: Side;
    readonly message: string;
  }[];
  readonly warnings: string[];
}
