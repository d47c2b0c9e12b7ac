// One cluster's transaction coordinator (transactions v1, as librdkafka and kafkajs speak it); an id's coordinator
// is the leader of its `__transaction_state` partition, laid out as `__consumer_offsets` is.

import { errors } from '../../kafka/error-codes.js';
import type { EmulatedCluster } from './cluster-model.js';
import { groupCoordinator } from './groups.js';
import { allocateProducerId } from './producer-ids.js';
import { appendTxnMarker } from './record-store.js';

export const MAX_TRANSACTION_TIMEOUT_MS = 900_000;
const MAX_EPOCH = 32_766;

type TxnState = 'Empty' | 'Ongoing' | 'CompleteCommit' | 'CompleteAbort';

interface PendingOffset {
  readonly group: string;
  readonly topic: string;
  readonly partition: number;
  readonly offset: bigint;
  readonly leaderEpoch: number;
  readonly metadata: string | null;
}

interface TransactionEntry {
  producerId: bigint;
  epoch: number;
  timeoutMs: number;
  state: TxnState;
  startedAt: number;
  readonly partitions: Map<string, { readonly topic: string; readonly partition: number }>;
  readonly offsets: Map<string, PendingOffset>;
}

export interface TxnProducer {
  readonly transactionalId: string;
  readonly producerId: bigint;
  readonly epoch: number;
}

const coordinators = new WeakMap<EmulatedCluster, Map<string, TransactionEntry>>();

function entries(cluster: EmulatedCluster): Map<string, TransactionEntry> {
  let map = coordinators.get(cluster);
  if (!map) {
    map = new Map();
    coordinators.set(cluster, map);
  }
  return map;
}

export function transactionCoordinator(cluster: EmulatedCluster, transactionalId: string): number {
  return groupCoordinator(cluster, transactionalId);
}

function complete(cluster: EmulatedCluster, entry: TransactionEntry, commit: boolean): void {
  for (const { topic, partition } of entry.partitions.values())
    appendTxnMarker(cluster, topic, partition, { producerId: entry.producerId, epoch: entry.epoch, commit });
  if (commit) {
    const now = cluster.clock.now();
    for (const o of entry.offsets.values())
      cluster.groups.commit(o.group, o.topic, o.partition, {
        offset: o.offset,
        leaderEpoch: o.leaderEpoch,
        metadata: o.metadata,
        committedAt: now,
      });
  }
  entry.partitions.clear();
  entry.offsets.clear();
  entry.state = commit ? 'CompleteCommit' : 'CompleteAbort';
}

/** Aborts, with a bumped epoch (fencing the producer), every transaction open longer than its timeout. */
export function expireTransactions(cluster: EmulatedCluster): void {
  const map = coordinators.get(cluster);
  if (!map) return;
  const now = cluster.clock.now();
  for (const entry of map.values()) {
    if (entry.state !== 'Ongoing' || now - entry.startedAt < entry.timeoutMs) continue;
    bumpEpoch(cluster, entry);
    complete(cluster, entry, false);
  }
}

function bumpEpoch(cluster: EmulatedCluster, entry: TransactionEntry): void {
  if (entry.epoch >= MAX_EPOCH) {
    entry.producerId = allocateProducerId(cluster);
    entry.epoch = 0;
  } else entry.epoch += 1;
}

export interface InitAnswer {
  readonly code: number;
  readonly producerId: bigint;
  readonly epoch: number;
}

/** InitProducerId with a transactional id: a new id at epoch 0, or the known one at the next epoch. */
export function initTransactionalProducer(
  cluster: EmulatedCluster,
  transactionalId: string,
  timeoutMs: number,
  claimed: { readonly producerId: bigint; readonly epoch: number },
): InitAnswer {
  if (timeoutMs <= 0 || timeoutMs > MAX_TRANSACTION_TIMEOUT_MS)
    return { code: errors.INVALID_TRANSACTION_TIMEOUT.code, producerId: -1n, epoch: -1 };
  expireTransactions(cluster);
  const map = entries(cluster);
  const entry = map.get(transactionalId);
  if (!entry) {
    const created: TransactionEntry = {
      producerId: allocateProducerId(cluster),
      epoch: 0,
      timeoutMs,
      state: 'Empty',
      startedAt: 0,
      partitions: new Map(),
      offsets: new Map(),
    };
    map.set(transactionalId, created);
    return { code: errors.NONE.code, producerId: created.producerId, epoch: 0 };
  }
  // A producer that names its id and epoch (KIP-360) must be the current one.
  if (claimed.producerId >= 0n && (claimed.producerId !== entry.producerId || claimed.epoch !== entry.epoch))
    return { code: errors.PRODUCER_FENCED.code, producerId: -1n, epoch: -1 };
  bumpEpoch(cluster, entry);
  // An ongoing transaction of the previous producer is aborted in the new epoch, which fences it.
  if (entry.state === 'Ongoing') complete(cluster, entry, false);
  entry.timeoutMs = timeoutMs;
  entry.state = 'Empty';
  return { code: errors.NONE.code, producerId: entry.producerId, epoch: entry.epoch };
}

function current(cluster: EmulatedCluster, who: TxnProducer): TransactionEntry | number {
  expireTransactions(cluster);
  const entry = entries(cluster).get(who.transactionalId);
  if (!entry || entry.producerId !== who.producerId) return errors.INVALID_PRODUCER_ID_MAPPING.code;
  if (entry.epoch !== who.epoch) return errors.PRODUCER_FENCED.code;
  return entry;
}

function begin(cluster: EmulatedCluster, entry: TransactionEntry): void {
  if (entry.state === 'Ongoing') return;
  entry.state = 'Ongoing';
  entry.startedAt = cluster.clock.now();
}

export interface PartitionRef {
  readonly topic: string;
  readonly partition: number;
}

export function addPartitionsToTxn(
  cluster: EmulatedCluster,
  who: TxnProducer,
  partitions: readonly PartitionRef[],
  refusal: (ref: PartitionRef) => number,
): number[] {
  const entry = current(cluster, who);
  if (typeof entry === 'number') return partitions.map(() => entry);
  const codes = partitions.map(refusal);
  if (codes.some((c) => c !== errors.NONE.code))
    return codes.map((c) => (c === errors.NONE.code ? errors.OPERATION_NOT_ATTEMPTED.code : c));
  begin(cluster, entry);
  for (const ref of partitions) entry.partitions.set(`${ref.topic}\0${ref.partition}`, ref);
  return codes;
}

export function addOffsetsToTxn(cluster: EmulatedCluster, who: TxnProducer): number {
  const entry = current(cluster, who);
  if (typeof entry === 'number') return entry;
  begin(cluster, entry);
  return errors.NONE.code;
}

export function txnOffsetCommit(cluster: EmulatedCluster, who: TxnProducer, offsets: readonly PendingOffset[]): number {
  const entry = current(cluster, who);
  if (typeof entry === 'number')
    return entry === errors.PRODUCER_FENCED.code ? entry : errors.INVALID_PRODUCER_ID_MAPPING.code;
  if (entry.state !== 'Ongoing') return errors.INVALID_TXN_STATE.code;
  for (const o of offsets) entry.offsets.set(`${o.group}\0${o.topic}\0${o.partition}`, o);
  return errors.NONE.code;
}

/** EndTxn: markers written, the transaction complete; a retried end of a completed one succeeds. */
export function endTxn(cluster: EmulatedCluster, who: TxnProducer, commit: boolean): number {
  const entry = current(cluster, who);
  if (typeof entry === 'number') return entry;
  if (entry.state === 'Ongoing') {
    complete(cluster, entry, commit);
    return errors.NONE.code;
  }
  if ((entry.state === 'CompleteCommit' && commit) || (entry.state === 'CompleteAbort' && !commit))
    return errors.NONE.code;
  return errors.INVALID_TXN_STATE.code;
}

/** Whether a transactional batch of this producer may be written to the partition (KIP-890's verification). */
export function verifyTransactionalWrite(
  cluster: EmulatedCluster,
  producerId: bigint,
  epoch: number,
  ref: PartitionRef,
): number {
  for (const entry of entries(cluster).values()) {
    if (entry.producerId !== producerId) continue;
    if (epoch < entry.epoch) return errors.INVALID_PRODUCER_EPOCH.code;
    if (entry.state !== 'Ongoing' || !entry.partitions.has(`${ref.topic}\0${ref.partition}`))
      return errors.INVALID_TXN_STATE.code;
    return errors.NONE.code;
  }
  return errors.INVALID_TXN_STATE.code;
}
