// Open transactions, as offsets (the emulator holds no records yet): a partition's transaction is the
// offset of its first record, which is the last stable offset while it is open. A mirror copies it
// with the records; a stop aborts what is still open on the destination with one abort marker, written
// before the PID-reset batch (PROTOCOL.md §18 "Transactions at a stop"; the order seen in a dump of the
// prototype's log: ABORT at N, MIRROR_PID_RESET at N + 1). A later record store takes this
// state over: it is the one piece a producer's begin / commit and the stop read and write.

/** The oldest open transaction on a partition. */
export interface OpenTransaction {
  /** Offset of its first record: the last stable offset while it is open. */
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

/** The first offset of the transaction a stop at `end` aborts; undefined when none is open there. */
export function openTransactionStart(p: TransactionHolder, end: bigint): bigint | undefined {
  return p.openTransaction !== null && p.openTransaction.firstOffset < end ? p.openTransaction.firstOffset : undefined;
}

/** Control records a stop appends after the copy: an abort marker for an open transaction, then the PID reset. */
export function stopMarkers(p: TransactionHolder, end: bigint): bigint {
  const aborts = openTransactionStart(p, end) === undefined ? 0n : 1n;
  p.openTransaction = null;
  return 1n + aborts;
}
