// Cutover receipts: what promote or failback leaves as evidence, and the later check that the clusters still
// hold what a receipt recorded.

import type { KafkaClient } from '../../kafka/client.js';
import { ControlType } from '../../kafka/record-batch.js';
import { InvalidInputError } from '../core/errors.js';
import { BatchComparison } from './batch-compare.js';
import type { BatchSummary } from './batch-summary.js';
import type { Cluster, ReadProgress } from './compare-partitions.js';
import { partitionKey, type PartitionRef } from './fetch-round.js';
import { locatePartitions, readLogBounds, readTarget } from './log-bounds.js';
import { findTails } from './tail-batches.js';
import { verdictOf, verifySummary } from './verify-outcome.js';
import type { BatchFacts, PartitionVerification, Side, VerifyResult } from './verify-types.js';

export interface ReceiptCluster {
  readonly clusterId: string | null;
  readonly bootstrap: string[];
}

export interface ReceiptBatch extends BatchFacts {
  /** A control batch's type (0 ABORT, 1 COMMIT, 7 MIRROR_PID_RESET), else null. */
  readonly controlType: number | null;
}

export interface ReceiptPartition {
  readonly topic: string;
  /** @minimum 0 */
  readonly partition: number;
  readonly sourceEnd: bigint | null;
  readonly destinationEnd: bigint | null;
  /** Offsets of the broker's stop markers on the destination (PID reset, abort markers). */
  readonly stopMarkers: bigint[];
  /** failback: the records A lost to truncation (written there after the failover). @minimum 0 */
  readonly truncated?: bigint | null;
  /** The tail verify before the stop. */
  readonly verdict: PartitionVerification['verdict'];
  /** The destination's batches from the first compared one to its end: what a later check expects. */
  readonly batches: ReceiptBatch[];
}

export interface Receipt {
  readonly receiptVersion: 1;
  readonly command: 'promote' | 'failback';
  readonly kmirrorVersion: string;
  readonly mirror: string;
  readonly source: ReceiptCluster;
  readonly destination: ReceiptCluster;
  /** Each step and when it ended (ISO 8601). */
  readonly steps: { readonly step: string; readonly at: string }[];
  readonly partitions: ReceiptPartition[];
  readonly verify: VerifyResult['summary'];
  /** The consumer groups' committed offsets on both sides, as the command reported them. */
  readonly groups: unknown;
}

const summaryOf = (b: ReceiptBatch): BatchSummary => ({
  baseOffset: b.baseOffset,
  lastOffsetDelta: b.lastOffsetDelta,
  recordCount: b.recordCount,
  attributes: b.attributes,
  crc: Number.parseInt(b.crc, 16),
  crcValid: b.crcValid,
  controlType: b.controlType,
  bytes: 0,
});

/**
 * The markers the stop wrote: the control batches from the source end on, or, where promote --force stopped
 * before the copy reached the source end, from its MIRROR_PID_RESET on (with the aborts right before it).
 */
export function stopMarkersOf(batches: readonly ReceiptBatch[], sourceEnd: bigint | null): bigint[] {
  let from = sourceEnd ?? 0n;
  const isReset = (b: ReceiptBatch): boolean => b.controlType === ControlType.MIRROR_PID_RESET;
  // A reset below the source end is one the source itself holds (copied) unless none follows it.
  if (!batches.some((b) => isReset(b) && b.baseOffset >= from)) {
    let first = batches.findLastIndex(isReset);
    while (first > 0 && batches[first - 1]?.controlType === ControlType.ABORT) first--;
    if (first >= 0) from = batches[first]?.baseOffset ?? from;
  }
  return batches.filter((b) => b.controlType !== null && b.baseOffset >= from).map((b) => b.baseOffset);
}

const factsOfSummary = (b: BatchSummary): ReceiptBatch => ({
  baseOffset: b.baseOffset,
  lastOffsetDelta: b.lastOffsetDelta,
  recordCount: b.recordCount,
  attributes: b.attributes,
  crc: b.crc.toString(16).padStart(8, '0'),
  crcValid: b.crcValid,
  controlType: b.controlType,
});

async function readStretches(
  cluster: Cluster,
  stretches: readonly (PartitionRef & { readonly from: bigint; readonly to: bigint })[],
  progress: ReadProgress,
): Promise<Map<string, { batches: BatchSummary[]; error?: string }>> {
  return findTails(
    cluster,
    stretches.map((s) => ({ ...s, lo: s.from, to: s.to, batches: Number.MAX_SAFE_INTEGER })),
    progress,
  );
}

export async function receiptPartitions(
  destination: KafkaClient,
  verified: VerifyResult,
  ends: (p: PartitionRef) => { sourceEnd: bigint | null; destinationEnd: bigint | null; truncated?: bigint | null },
): Promise<ReceiptPartition[]> {
  const refs = verified.partitions.map((p) => ({ topic: p.topic, partition: p.partition }));
  const located = await locatePartitions(destination, refs);
  const target = readTarget(destination, located);
  const bounds = await readLogBounds(target, located, refs);
  const stretches = verified.partitions.flatMap((p) => {
    const end = bounds.bounds.get(partitionKey(p))?.end;
    return p.from !== null && end !== undefined ? [{ ...p, from: p.from, to: end }] : [];
  });
  const read = await readStretches(target, stretches, {
    bytes: 0,
    offsetsDone: 0n,
  });
  return verified.partitions.map((p) => {
    const batches = (read.get(partitionKey(p))?.batches ?? []).map(factsOfSummary);
    const e = ends(p);
    return {
      topic: p.topic,
      partition: p.partition,
      sourceEnd: e.sourceEnd,
      destinationEnd: bounds.bounds.get(partitionKey(p))?.end ?? e.destinationEnd,
      stopMarkers: stopMarkersOf(batches, e.sourceEnd),
      ...(e.truncated !== undefined ? { truncated: e.truncated } : {}),
      verdict: p.verdict,
      batches,
    };
  });
}

/** The receipt plays the other side: a batch changed or gone names the partition. */
export async function checkReceipt(
  cluster: KafkaClient,
  receipt: Receipt,
  side: Side,
  progress: ReadProgress,
): Promise<PartitionVerification[]> {
  const refs = receipt.partitions.map((p) => ({ topic: p.topic, partition: p.partition }));
  const located = await locatePartitions(cluster, refs);
  const target = readTarget(cluster, located);
  const bounds = await readLogBounds(target, located, refs);
  const stretches = receipt.partitions.flatMap((p) => {
    const first = p.batches[0];
    const recordedEnd = p.destinationEnd;
    return first && recordedEnd !== null ? [{ ...p, from: first.baseOffset, to: recordedEnd }] : [];
  });
  const read = await readStretches(target, stretches, progress);
  return receipt.partitions.map((p) => {
    const key = partitionKey(p);
    const now = bounds.bounds.get(key) ?? null;
    const first = p.batches[0];
    if (!now || !first)
      return verdictOf(p, { kind: 'missing', side }, undefined, undefined, { source: null, destination: now });
    const comparison = new BatchComparison(false);
    const found = read.get(key)?.batches ?? [];
    const recorded = p.batches.map(summaryOf);
    const theirs: Side = side === 'destination' ? 'source' : 'destination';
    comparison.push(theirs, recorded);
    comparison.push(side, found);
    comparison.end('source');
    comparison.end('destination');
    const to = p.destinationEnd ?? first.baseOffset;
    return verdictOf(
      p,
      { kind: 'compare', from: first.baseOffset, to },
      { ...p, from: first.baseOffset, to, compacted: false },
      { comparison },
      side === 'destination' ? { source: null, destination: now } : { source: now, destination: null },
    );
  });
}

export { verifySummary };

/** Offsets are JSON numbers in the file (exact below 2^53). */
export function receiptFromJson(doc: unknown): Receipt {
  const r = doc as Receipt & { partitions: unknown };
  if (typeof r !== 'object' || r === null || r.receiptVersion !== 1 || !Array.isArray(r.partitions))
    throw new InvalidInputError('not a kmirror receipt (receiptVersion 1 with partitions)', {
      hint: 'give the file written by kmirror promote --receipt or failback --receipt',
    });
  const big = (v: unknown): bigint | null => (v === null || v === undefined ? null : BigInt(v as number | string));
  return {
    ...r,
    partitions: (r.partitions as ReceiptPartition[]).map((p) => ({
      ...p,
      sourceEnd: big(p.sourceEnd),
      destinationEnd: big(p.destinationEnd),
      ...(p.truncated !== undefined ? { truncated: big(p.truncated) } : {}),
      stopMarkers: p.stopMarkers.map((o) => big(o) as bigint),
      batches: p.batches.map((b) => ({ ...b, baseOffset: big(b.baseOffset) as bigint })),
    })),
  };
}
