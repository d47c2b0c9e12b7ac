// The test hook's offsets-only transaction (`cluster.beginTransaction`); a stop aborts it with one marker
// (PROTOCOL.md §18 "Transactions at a stop"). Real transactions live in the records (producer-state.ts).

export interface OpenTransaction {
  readonly firstOffset: bigint;
}

interface TransactionHolder {
  openTransaction: OpenTransaction | null;
}

/** What a read_committed consumer may read up to: the first open transaction's start, else `end`. */
export function lastStableOffset(p: TransactionHolder, end: bigint): bigint {
  const open = p.openTransaction;
  return open !== null && open.firstOffset < end ? open.firstOffset : end;
}

/** After a copy up to `copiedTo`: the destination holds the source's open transaction once it copied its start. */
export function copyTransaction(dest: TransactionHolder, source: OpenTransaction | null, copiedTo: bigint): void {
  dest.openTransaction = source !== null && source.firstOffset < copiedTo ? source : null;
}

/** A stop aborts the hook's open transaction: true when there was one (its abort marker is then written). */
export function takeStopAbort(p: TransactionHolder, end: bigint): boolean {
  const open = p.openTransaction !== null && p.openTransaction.firstOffset < end;
  p.openTransaction = null;
  return open;
}
