// The flags of `kmirror verify`: which offsets to compare (--tail N, --from/--to, --full), checked before
// anything is sent.

import { readFileSync } from 'node:fs';
import * as Flags from '@oclif/core/flags';
import { type Receipt, receiptFromJson } from '../../mirror/verify/receipt.js';
import type { RangeBound, VerifyRange } from '../../mirror/verify/verify-types.js';
import { UsageError } from '../failures/errors.js';
import { sourceConfigFlag, sourceProfileFlag } from './flags.js';

export const DEFAULT_TAIL_BATCHES = 10;

export const verifyFlags = {
  topic: Flags.string({
    char: 't',
    summary: 'only this topic of the mirror (repeatable, or a comma-separated list)',
    multiple: true,
    helpValue: '<name>',
  }),
  tail: Flags.integer({
    summary: `compare the last N batches of each partition (default ${DEFAULT_TAIL_BATCHES})`,
    min: 1,
    helpValue: '<N>',
  }),
  from: Flags.string({
    summary: 'compare from this offset, or from the first record at or after this time (ISO 8601)',
    helpValue: '<offset|time>',
  }),
  to: Flags.string({
    summary: 'compare up to this offset (exclusive), or up to the first record at or after this time',
    helpValue: '<offset|time>',
  }),
  full: Flags.boolean({ summary: 'compare every offset both logs hold' }),
  receipt: Flags.string({
    summary: 'check that the destination still holds what this promote or failback receipt recorded',
    helpValue: '<file>',
  }),
  'source-config': sourceConfigFlag(
    "properties file for reaching the source cluster from this machine; overrides the mirror's stored settings",
  ),
  ...sourceProfileFlag,
};

function parseBound(text: string, flag: string): RangeBound {
  const t = text.trim();
  if (/^\d+$/.test(t)) return { offset: BigInt(t) };
  // A time needs a date: a bare number is an offset, never epoch milliseconds.
  const ms = /^\d{4}-\d{2}-\d{2}/.test(t) ? Date.parse(t) : Number.NaN;
  if (Number.isNaN(ms))
    throw new UsageError(`invalid ${flag} value '${text}': neither an offset nor a time`, {
      hint: 'give an offset (e.g. 1500) or an ISO 8601 time (e.g. 2026-12-02T10:00:00Z)',
    });
  return { timestamp: BigInt(ms) };
}

export function verifyRangeOf(f: {
  readonly tail?: number;
  readonly from?: string;
  readonly to?: string;
  readonly full?: boolean;
}): VerifyRange {
  const ranged = f.from !== undefined || f.to !== undefined;
  const chosen = [f.tail !== undefined, ranged, f.full === true].filter(Boolean).length;
  if (chosen > 1)
    throw new UsageError('--tail, --from/--to and --full choose the offsets in different ways: give one', {
      hint: 'kmirror verify MIRROR --tail 100, --from 1000 --to 2000, or --full',
    });
  if (f.full) return { kind: 'full' };
  if (ranged) {
    const from = f.from === undefined ? null : parseBound(f.from, '--from');
    const to = f.to === undefined ? null : parseBound(f.to, '--to');
    if (from && to && 'offset' in from && 'offset' in to && to.offset <= from.offset)
      throw new UsageError(`--to ${to.offset} is not after --from ${from.offset}`, {
        hint: '--to is exclusive: --from 100 --to 200 compares offsets 100 to 199',
      });
    return { kind: 'range', from, to };
  }
  return { kind: 'tail', batches: f.tail ?? DEFAULT_TAIL_BATCHES };
}

export function receiptInput(
  f: { readonly receipt?: string; readonly topic?: readonly string[] } & Parameters<typeof verifyRangeOf>[0],
): Receipt | null {
  if (f.receipt === undefined) return null;
  if (f.tail !== undefined || f.from !== undefined || f.to !== undefined || f.full || (f.topic ?? []).length > 0)
    throw new UsageError(
      '--receipt checks what the receipt recorded: it takes no --tail, --from, --to, --full or --topic',
      {
        hint: `kmirror verify MIRROR --receipt ${f.receipt}`,
      },
    );
  let text: string;
  try {
    text = readFileSync(f.receipt, 'utf8');
  } catch (err) {
    throw new UsageError(`--receipt ${f.receipt}: ${(err as Error).message}`, {
      hint: 'give the file promote or failback wrote',
    });
  }
  try {
    return receiptFromJson(JSON.parse(text));
  } catch (err) {
    throw new UsageError(`--receipt ${f.receipt}: ${(err as Error).message}`, {
      hint: 'give the file written by kmirror promote --receipt or failback --receipt',
    });
  }
}

/** The mirror verify reads: the argument, else the receipt's (both must name the same); undefined: neither. */
export function verifiedMirror(argument: string | undefined, receipt: Receipt | null): string | undefined {
  if (receipt && argument !== undefined && argument !== receipt.mirror)
    throw new UsageError(`the receipt is of mirror '${receipt.mirror}', not '${argument}'`, {
      hint: 'leave MIRROR out with --receipt: the receipt names its mirror',
    });
  return argument ?? receipt?.mirror;
}
