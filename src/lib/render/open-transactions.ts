// The words for open transactions at a stop: the same sentence in promote's plan, confirmation and
// report, and in remove-topics' preview and result.

import type { OpenTransactionPartition } from '../mirror/describe/open-transactions.js';
import { forTerminal } from '../text/terminal-safe.js';

function openTransactionsSentence(open: readonly OpenTransactionPartition[]): string | null {
  if (open.length === 0) return null;
  const records = open.reduce((n, p) => n + p.records, 0n);
  const shown = open.slice(0, 5).map((p) => `${p.topic}-${p.partition}`);
  const list = shown.join(', ') + (open.length > 5 ? `, … (${open.length} in all)` : '');
  return (
    `open transactions on the source (last stable offset below the high watermark) on ${open.length} ` +
    `partition(s) (${list}): the stop makes the destination abort up to ${records} record(s) of them ` +
    '(read_committed consumers never see those; the stop writes an abort marker, then the PID-reset ' +
    'one, so such a partition ends at source end + 2)'
  );
}

export const openTransactionsText = forTerminal(openTransactionsSentence);
