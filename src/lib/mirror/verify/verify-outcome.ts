// One partition's verdict from its range decision and its comparison's outcome, and the counts (pure).

import type { CompareJob, JobOutcome } from './compare-partitions.js';
import type { PartitionRef } from './fetch-round.js';
import type { RangeDecision } from './partition-range.js';
import { MirrorError } from '../core/errors.js';
import { nameList } from '../core/name-list.js';
import type { LogBounds, PartitionVerification, VerifyResult, VerifySummary } from './verify-types.js';

export function verdictOf(
  p: PartitionRef,
  decision: RangeDecision,
  job: CompareJob | undefined,
  outcome: JobOutcome | undefined,
  bounds: { readonly source: LogBounds | null; readonly destination: LogBounds | null },
): PartitionVerification {
  const base = { topic: p.topic, partition: p.partition, source: bounds.source, destination: bounds.destination };
  if (decision.kind === 'missing')
    return {
      ...base,
      verdict: 'missing',
      missingOn: decision.side,
      from: null,
      to: null,
      batches: 0,
      bytes: 0,
      brokerAdditions: [],
    };
  if (decision.kind === 'not-comparable')
    return {
      ...base,
      verdict: 'not-comparable',
      notComparable: decision.notComparable,
      from: null,
      to: null,
      batches: 0,
      bytes: 0,
      brokerAdditions: [],
    };
  const comparison = outcome?.comparison;
  const compared = {
    from: job?.from ?? null,
    to: job?.to ?? null,
    batches: comparison?.matched ?? 0,
    bytes: comparison?.bytes ?? 0,
    brokerAdditions: comparison?.additions ?? [],
  };
  if (outcome?.moved) return { ...base, ...compared, verdict: 'not-comparable', notComparable: outcome.moved };
  const result = comparison?.outcome ?? { verdict: 'identical' as const };
  return {
    ...base,
    ...compared,
    verdict: result.verdict,
    ...(result.divergence ? { divergence: result.divergence } : {}),
    ...(result.notComparable ? { notComparable: result.notComparable } : {}),
  };
}

export function verifySummary(results: readonly PartitionVerification[]): VerifySummary {
  const count = (v: PartitionVerification['verdict']) => results.filter((r) => r.verdict === v).length;
  return {
    partitions: results.length,
    identical: count('identical'),
    diverged: count('diverges'),
    missing: count('missing'),
    notComparable: count('not-comparable'),
    batches: results.reduce((n, r) => n + r.batches, 0),
    bytes: results.reduce((n, r) => n + r.bytes, 0),
  };
}

export function verifyOutcomeError(result: VerifyResult): MirrorError | null {
  const diverged = result.partitions.filter((p) => p.verdict === 'diverges' || p.verdict === 'missing');
  if (diverged.length > 0)
    return new MirrorError(
      `${diverged.length} partition(s) diverge or are missing on one side: ` +
        nameList(diverged.map((p) => `${p.topic}-${p.partition}`)),
      'condition-holds',
      { hint: 'each divergence is listed above with both batches (`partitions[].divergence` in --json)' },
    );
  if (result.errors.length > 0)
    return new MirrorError(`${result.errors.length} partition(s) could not be read`, 'partial', {
      hint: 'the reasons are listed above (`errors` in --json); the other partitions were compared',
    });
  return null;
}
