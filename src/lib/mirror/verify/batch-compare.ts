// One partition's comparison, batch by batch (pure). The source's batches are copied to the same offsets, so
// each pair must agree in header fields and stored CRC; the bytes are never compared whole (the leader epoch
// is the destination's own). A stop appends the broker's own markers (PROTOCOL.md §18): from the PID-reset
// marker on, markers are known additions and a data batch was written after the stop.

import { ControlType } from '../../kafka/record-batch.js';
import { type BatchSummary, crcHex } from './batch-summary.js';
import type { BatchFacts, BrokerAddition, Divergence, NotComparable, Side, Verdict } from './verify-types.js';

export const QUEUE_LIMIT = 512;

export interface ComparisonOutcome {
  readonly verdict: Verdict;
  readonly divergence?: Divergence;
  readonly notComparable?: NotComparable;
}

export function factsOf(b: BatchSummary): BatchFacts {
  return {
    baseOffset: b.baseOffset,
    lastOffsetDelta: b.lastOffsetDelta,
    recordCount: b.recordCount,
    attributes: b.attributes,
    crc: crcHex(b.crc),
    crcValid: b.crcValid,
  };
}

const COMPARED_FIELDS = ['lastOffsetDelta', 'recordCount', 'attributes', 'crc'] as const;

function differingFields(s: BatchSummary, d: BatchSummary): string[] {
  return COMPARED_FIELDS.filter((f) => s[f] !== d[f]);
}

function additionKind(controlType: number | null): BrokerAddition['kind'] | null {
  if (controlType === ControlType.MIRROR_PID_RESET) return 'pid-reset';
  if (controlType === ControlType.ABORT) return 'abort';
  if (controlType === ControlType.COMMIT) return 'commit';
  return null;
}

/** A source that later ends a transaction open at the stop answers with its own marker at the same offset. */
function isStopMarker(b: BatchSummary): boolean {
  return b.controlType === ControlType.MIRROR_PID_RESET || b.controlType === ControlType.ABORT;
}

export class BatchComparison {
  private readonly queues: Record<Side, BatchSummary[]> = { source: [], destination: [] };
  private readonly ended: Record<Side, boolean> = { source: false, destination: false };
  private stopMarker: bigint | null = null;
  matched = 0;
  bytes = 0;
  readonly additions: BrokerAddition[] = [];
  outcome: ComparisonOutcome | null = null;

  /** `compacted`: the topic's cleanup.policy includes compact, so a missing batch may be the cleaner's work. */
  constructor(private readonly compacted: boolean) {}

  wants(side: Side): boolean {
    return this.outcome === null && !this.ended[side] && this.queues[side].length < QUEUE_LIMIT;
  }

  push(side: Side, batches: readonly BatchSummary[]): void {
    if (this.outcome) return;
    for (const b of batches) this.bytes += b.bytes;
    this.queues[side].push(...batches);
    this.advance();
  }

  end(side: Side): void {
    this.ended[side] = true;
    this.advance();
  }

  private diverge(divergence: Divergence): void {
    this.outcome = { verdict: 'diverges', divergence };
  }

  private shift(side: Side): BatchSummary {
    return this.queues[side].shift() as BatchSummary;
  }

  private advance(): void {
    const src = this.queues.source;
    const dst = this.queues.destination;
    while (this.outcome === null) {
      const s = src[0];
      const d = dst[0];
      const waiting = (!s && !this.ended.source) || (!d && !this.ended.destination);
      if (this.stopMarker !== null) {
        if (this.afterStop(s, d, waiting)) continue;
        return;
      }
      if (waiting) return;
      if (!s && !d) {
        this.outcome = { verdict: 'identical' };
        return;
      }
      if (!s || !d) {
        this.oneSided(s ?? (d as BatchSummary), s ? 'source' : 'destination');
        return;
      }
      const badCrc = [s, d].find((b) => !b.crcValid);
      if (badCrc && s.baseOffset === d.baseOffset) {
        this.diverge({
          offset: badCrc.baseOffset,
          reason: 'crc-invalid',
          fields: [],
          source: factsOf(s),
          destination: factsOf(d),
        });
        return;
      }
      if (s.baseOffset !== d.baseOffset) {
        const first = s.baseOffset < d.baseOffset ? s : d;
        if (!first.crcValid) {
          const both =
            first === s ? { source: factsOf(s), destination: null } : { source: null, destination: factsOf(d) };
          this.diverge({ offset: first.baseOffset, reason: 'crc-invalid', fields: [], ...both });
          return;
        }
        this.oneSided(first, first === s ? 'source' : 'destination');
        if (this.outcome === null) continue;
        return;
      }
      const fields = differingFields(s, d);
      if (fields.length === 0) {
        this.matched++;
        this.shift('source');
        this.shift('destination');
        continue;
      }
      if (isStopMarker(d)) {
        this.stopMarker = d.baseOffset;
        continue;
      }
      this.diverge({ offset: s.baseOffset, reason: 'fields', fields, source: factsOf(s), destination: factsOf(d) });
    }
  }

  private oneSided(batch: BatchSummary, side: Side): void {
    if (side === 'destination' && isStopMarker(batch)) {
      this.stopMarker = batch.baseOffset;
      return;
    }
    const other: Side = side === 'source' ? 'destination' : 'source';
    if (this.compacted) {
      this.outcome = {
        verdict: 'not-comparable',
        notComparable: {
          cause: 'compaction',
          side: other,
          detail:
            `the ${other} has no batch at offset ${batch.baseOffset}, which the ${side} holds; ` +
            'the topic is compacted',
        },
      };
      return;
    }
    const facts = factsOf(batch);
    this.diverge({
      offset: batch.baseOffset,
      reason: 'batch-missing',
      fields: [],
      source: side === 'source' ? facts : null,
      destination: side === 'destination' ? facts : null,
    });
  }

  /** From the stop marker on: markers are the brokers' own; a data batch was written after the stop. */
  private afterStop(s: BatchSummary | undefined, d: BatchSummary | undefined, waiting: boolean): boolean {
    const heads = (
      [
        ['destination', d],
        ['source', s],
      ] as const
    ).filter(([, b]) => b !== undefined) as [Side, BatchSummary][];
    heads.sort((x, y) => (x[1].baseOffset < y[1].baseOffset ? -1 : x[1].baseOffset > y[1].baseOffset ? 1 : 0));
    for (const [side, b] of heads) {
      const kind = additionKind(b.controlType);
      if (kind && (side === 'destination' || kind !== 'pid-reset')) {
        this.additions.push({ side, offset: b.baseOffset, kind });
        this.shift(side);
        return true;
      }
    }
    if (waiting) return false;
    const written = [s, d].filter((b): b is BatchSummary => b !== undefined);
    if (written.length === 0) {
      if (this.ended.source && this.ended.destination) this.outcome = { verdict: 'identical' };
      return false;
    }
    const first = written.reduce((a, b) => (b.baseOffset < a.baseOffset ? b : a));
    this.diverge({
      offset: first.baseOffset,
      reason: 'written-after-stop',
      fields: [],
      source: s ? factsOf(s) : null,
      destination: d ? factsOf(d) : null,
    });
    return false;
  }
}
