// The mirroring engine (PROTOCOL.md §10): tick() walks each partition's state machine event by event up to `now`,
// so the outcome depends on when requests and outages happened, not on how often the server ticks.

import { FAILURE_RECORD_CLEAR_MS, FIRST_FETCH_DELAY_MS } from './cluster-options.js';
import type { EmulatedCluster, MirrorTiming } from './cluster-model.js';
import { copyEpochs, epochsAt, highestEpochIn, noteRecords, truncateEpochs, type EpochStart } from './epoch-history.js';
import { bumpLeaderEpoch, bumpTarget, LEADER_EPOCH_BUMP_THRESHOLD } from './epoch-war.js';
import { reverseMirrorOf, type ReverseMirror } from './failback.js';
import { nextLoopFailure } from './mirror-loop.js';
import { mirrorRecords, type MirrorRecords } from './mirror-records.js';
import type { DesiredState, MirrorPartition, MirrorStateName } from './partition-state.js';
import {
  outageMessage,
  sourceStatus,
  SOURCE_METADATA_FAILED,
  SOURCE_TOPIC_DELETED,
  type SourceProblem,
} from './source-link.js';
import { copyTransaction, takeStopAbort, type OpenTransaction } from './transactions.js';
import { endOffset, isFrozen, materialize, setEndOffset, type Partition, type Topic } from './topics.js';

interface RetryPolicy {
  readonly initialMs: number;
  readonly maxMs: number;
  readonly maxAttempts: number;
}

interface PartitionEnv {
  readonly topic: Topic;
  readonly p: Partition;
  readonly m: MirrorPartition;
  /** What this partition acts on ({@link MirrorPartition.follows}), not always the topic's desired state. */
  desired: DesiredState;
  readonly topicDesired: DesiredState;
  readonly changedAt: number;
  readonly problem: SourceProblem | null;
  /** Source high watermark, leader epoch and the epochs of its records; read only while `problem` is null. */
  readonly source: () => SourceView;
  /** The source cluster mirrors this topic back from here: a loop, or a failback (failback.ts). */
  readonly reverse: ReverseMirror | null;
  /** How often a fetch response arrives (0: every tick); between two, offsets and lag stay as fetched. */
  readonly fetchIntervalMs: number;
  readonly timing: MirrorTiming;
  readonly retry: RetryPolicy;
  /** Another mirror's source is unreachable: the start transient does not end (§18, every mirror stalls). */
  readonly stalled: boolean;
  readonly records?: MirrorRecords;
}

interface SourceView {
  readonly end: bigint;
  readonly epoch: number;
  readonly epochs: readonly EpochStart[];
  readonly transaction: OpenTransaction | null;
}

const NO_SOURCE: SourceView = { end: 0n, epoch: -1, epochs: [], transaction: null };

const TIMED: ReadonlySet<MirrorStateName> = new Set(['LOG_TRUNCATION', 'EPOCH_FENCING', 'PAUSING', 'STOPPING']);

function retryPolicyOf(cluster: EmulatedCluster): RetryPolicy {
  return {
    initialMs: cluster.brokerConfigs.number('mirror.failed.retry.initial.backoff.ms', 1000),
    maxMs: cluster.brokerConfigs.number('mirror.failed.retry.max.backoff.ms', 300_000),
    maxAttempts: cluster.brokerConfigs.number('mirror.failed.retry.max.attempts', 100),
  };
}

export function advanceMirrors(cluster: EmulatedCluster, now: number): void {
  const retry = retryPolicyOf(cluster);
  const names = cluster.mirrors.namesWithTopics();
  const statuses = new Map(names.map((name) => [name, sourceStatus(cluster, name)]));
  const unreachable = names.filter((name) => statuses.get(name)?.ok === false && hasLiveTopics(cluster, name));
  for (const mirrorName of names) {
    const status = statuses.get(mirrorName) ?? sourceStatus(cluster, mirrorName);
    const stalled = unreachable.some((name) => name !== mirrorName);
    for (const topic of cluster.mirrors.topicsOf(mirrorName)) {
      const link = topic.mirror;
      if (!link) continue;
      const found = status.ok ? status.cluster.topics.get(topic.name) : undefined;
      // §18: a source topic recreated under a new id is never fetched (UNKNOWN_TOPIC_ID): MIRRORING, lag 0.
      const recreated = found !== undefined && found.id !== topic.id;
      const sourceTopic = found;
      let problem: SourceProblem | null = status.ok ? null : status.problem;
      const mismatch = cluster.sourceIdMismatch.get(mirrorName);
      if (status.ok && mismatch !== undefined) problem = { retryable: false, message: mismatch };
      else if (status.ok && !sourceTopic) problem = { retryable: false, message: SOURCE_TOPIC_DELETED };
      const sourceNow = status.ok ? status.cluster.clock.now() : now;
      const reverse = status.ok && !problem ? reverseMirrorOf(cluster, mirrorName, topic, status.cluster) : null;
      for (const p of topic.partitions) {
        if (!p.mirror) continue;
        const sp = sourceTopic?.partitions[p.index];
        advancePartition(
          {
            topic,
            p,
            m: p.mirror,
            desired: p.mirror.follows ?? link.desired,
            topicDesired: link.desired,
            changedAt: link.changedAt,
            problem,
            source: () => {
              if (!sourceTopic || !sp) return NO_SOURCE;
              if (recreated) return { end: p.base, epoch: p.leaderEpoch, epochs: [], transaction: null };
              const end = endOffset(sourceTopic, sp, sourceNow);
              return {
                end,
                epoch: sp.leaderEpoch,
                epochs: epochsAt(sp, end, !isFrozen(sp)),
                transaction: sp.openTransaction,
              };
            },
            reverse,
            fetchIntervalMs: cluster.mirrorFetchIntervalMs,
            timing: cluster.timing,
            retry,
            stalled,
            records: mirrorRecords(
              cluster,
              topic,
              p,
              status.ok && sourceTopic && sp ? { cluster: status.cluster, topic: sourceTopic, partition: sp } : null,
              cluster.mirrors.config(mirrorName, 'mirror.source.cluster.id') ?? '',
            ),
          },
          now,
        );
      }
    }
  }
}

function hasLiveTopics(cluster: EmulatedCluster, mirrorName: string): boolean {
  for (const t of cluster.mirrors.topicsOf(mirrorName))
    if (t.partitions.some((p) => p.mirror !== null && p.mirror.state !== 'STOPPED')) return true;
  return false;
}

function advancePartition(e: PartitionEnv, now: number): void {
  const m = e.m;
  let at = m.processedAt;
  takeInDesiredChange(e, m.state === 'FAILED' && !m.startup ? Math.min(m.deadline, now) : Infinity);
  // A retry held behind a sync to an unreachable source runs once that sync answers, never before its own backoff.
  if (m.state === 'FAILED' && !m.startup && !e.problem && Number.isFinite(m.deadline)) {
    m.deadline = Math.min(m.deadline, Math.max(m.retryDueAt, Math.max(at, now) + e.retry.initialMs));
  }
  for (let guard = 0; guard < 1000; guard++) {
    if (m.state === 'MIRRORING' && m.failbackStep === 'metadata-refresh' && e.desired === 'MIRRORING') {
      if (m.deadline > now) break;
      at = Math.max(at, m.deadline);
      refreshFailbackMetadata(e, at);
      continue;
    }
    if (m.state === 'FAILED' || TIMED.has(m.state)) {
      if (m.deadline > now) break;
      at = Math.max(at, m.deadline);
      if (m.state === 'FAILED') retry(e, at);
      else completePhase(e, at);
      takeInDesiredChange(e, m.state === 'FAILED' && !m.startup ? Math.min(m.deadline, now) : Infinity);
      continue;
    }
    const next = steadyTransition(m.state, e.desired);
    if (!next) break;
    at = Math.max(at, e.changedAt);
    if (m.state === 'MIRRORING') copy(e, at);
    enter(e, next, at);
  }
  if (m.state === 'MIRRORING' || m.state === 'LOG_TRUNCATION') {
    if (e.problem) fail(e, now, e.problem);
    else if (m.state === 'MIRRORING' && !startFencingIfNeeded(e, now)) copy(e, now);
  }
  if (m.state === 'MIRRORING' && m.failure !== null && now >= m.failureClearAt) {
    m.failure = null;
    m.failureClearAt = Infinity;
  }
  m.processedAt = now;
}

/** Takes in the topic's latest desired-state change, unless made while really FAILED: then it is missed for good. */
function takeInDesiredChange(e: PartitionEnv, failedUntil: number): void {
  const m = e.m;
  if (m.seenChangeAt === e.changedAt) return;
  if (failedUntil !== Infinity && e.changedAt > failedUntil) return;
  m.seenChangeAt = e.changedAt;
  if (failedUntil === Infinity || m.follows === null) m.follows = e.topicDesired;
  e.desired = m.follows;
}

export function takeInMissedChange(m: MirrorPartition, desired: DesiredState): void {
  m.follows = desired;
}

function steadyTransition(state: MirrorStateName, desired: DesiredState): MirrorStateName | null {
  switch (desired) {
    case 'MIRRORING':
      if (state === 'UNKNOWN' || state === 'STOPPED') return 'LOG_TRUNCATION';
      if (state === 'PAUSED' || state === 'EPOCH_FENCING') return 'MIRRORING';
      return null;
    case 'PAUSED':
      return state === 'MIRRORING' ? 'PAUSING' : null;
    case 'STOPPED':
      return state === 'MIRRORING' || state === 'PAUSED' ? 'STOPPING' : null;
  }
}

function completePhase(e: PartitionEnv, at: number): void {
  const state = e.m.state;
  if (state === 'PAUSING') enter(e, 'PAUSED', at);
  else if (state === 'STOPPING') enter(e, 'STOPPED', at);
  else if (state === 'EPOCH_FENCING') {
    materialize(e.topic, e.p, at);
    bumpLeaderEpoch(e.p, e.m.fenceTo);
    enter(e, e.desired === 'STOPPED' ? 'STOPPING' : 'MIRRORING', at);
  } else if (e.desired === 'STOPPED') enter(e, 'STOPPING', at);
  else if (e.reverse?.kind === 'failback') {
    // §18: MIRRORING at once; the source-metadata read fails once (retry 1) and the fetcher makes the cut later.
    e.m.failbackStep = 'metadata-refresh';
    enter(e, 'MIRRORING', at);
    if (e.m.state !== 'MIRRORING') {
      e.m.failbackStep = null;
      return;
    }
    e.m.deadline = at + e.timing.failbackMetadataRefreshMs;
    e.m.fetchHoldUntil = Infinity;
  } else {
    if (!e.problem) truncateLog(e, at);
    enter(e, 'MIRRORING', at);
  }
}

/** A failback's first fetcher set-up fails once (ReplicaManager.maybeCreateMirrorFetchers: leader not cached). */
function refreshFailbackMetadata(e: PartitionEnv, at: number): void {
  const m = e.m;
  m.failbackStep = 'fetcher-truncation';
  m.fetchHoldUntil = 0;
  m.deadline = Infinity;
  startupFailure(m, at, e.timing, 'MIRRORING');
}

/** Truncation: after a failback, drop records written here past the source's end offset of the last mirrored epoch. */
function truncateLog(e: PartitionEnv, at: number): void {
  const point =
    e.reverse?.kind === 'failback'
      ? (e.reverse.truncationPoint(e.p.index) ?? e.source().end)
      : // A log the mirror never fetched into (a topic that existed here outside any mirror) has no
        e.m.fetched
        ? e.source().end
        : 0n;
  if (e.p.base <= point) return;
  truncateEpochs(e.p, point);
  setEndOffset(e.p, at, point);
}

/** EPOCH_FENCING: the bump asks for the source epoch + 10 (MirrorFetcherThread.validateLeaderEpoch). */
function startFencingIfNeeded(e: PartitionEnv, at: number): boolean {
  if (e.m.failbackStep !== null) return false;
  const source = e.source();
  const highest = highestEpochIn(source.epochs, e.p.base, source.end);
  if (highest <= e.p.leaderEpoch) return false;
  materialize(e.topic, e.p, at);
  e.m.fenceTo = bumpTarget(Math.max(source.epoch, highest), e.p.leaderEpoch) ?? highest;
  e.m.state = 'EPOCH_FENCING';
  e.m.deadline = at + e.timing.epochFencingMs;
  return true;
}

function enter(e: PartitionEnv, next: MirrorStateName, at: number, keepFailure = false): void {
  const { m, p, topic } = e;
  if ((next === 'LOG_TRUNCATION' || next === 'MIRRORING') && e.problem) {
    fail(e, at, e.problem);
    return;
  }
  if (next === 'LOG_TRUNCATION' && e.reverse?.kind === 'loop') {
    failInLoop(e, at, e.reverse.message);
    return;
  }
  const previous = m.state;
  const failback = e.reverse?.kind === 'failback';
  // The prototype's new partitions first fail to read source metadata (a failback after its truncation).
  if (next === 'LOG_TRUNCATION' && (previous === 'UNKNOWN' || previous === 'STOPPED') && !keepFailure && !failback) {
    if (startupFailure(m, at, e.timing, 'LOG_TRUNCATION')) return;
  }
  materialize(topic, p, at);
  m.deadline = Infinity;
  switch (next) {
    case 'LOG_TRUNCATION':
      if (!keepFailure) m.failure = null;
      m.deadline = at + (failback ? e.timing.failbackTruncationMs : e.timing.logTruncationMs);
      break;
    case 'MIRRORING':
      m.fetchedAt = at;
      m.lastFetchAt = -Infinity;
      m.carry = 0;
      m.failureClearAt = m.failure === null ? Infinity : at + FAILURE_RECORD_CLEAR_MS;
      if (previous === 'PAUSED' && e.timing.startupFailureMs > 0) m.fetchHoldUntil = at + FIRST_FETCH_DELAY_MS;
      if (m.firstFetchPending) {
        m.firstFetchPending = false;
        m.fetchHoldUntil = at + FIRST_FETCH_DELAY_MS;
        m.sourceOffset = 0n;
      }
      break;
    case 'PAUSING':
      m.deadline = at + e.timing.pausingMs;
      break;
    case 'STOPPING':
      if (previous === 'MIRRORING' && !e.problem) {
        const source = e.source();
        if (source.end > p.base) {
          copyEpochs(p, source.epochs, p.base, source.end);
          setEndOffset(p, at, e.records?.copy(p.base, source.end) ?? source.end);
        }
        copyTransaction(p, source.transaction, p.base);
      }
      m.deadline = at + e.timing.stoppingMs;
      break;
    case 'PAUSED':
      m.failure = null;
      break;
    case 'STOPPED':
      m.failure = null;
      m.lastMirroredOffset = p.base;
      // The stop's bump asks for the log's latest epoch (ClusterMirrorCoordinator STOPPING: getLatestLocalEpochs),
      // then an abort marker per open copied transaction and one MIRROR_PID_RESET control batch.
      bumpLeaderEpoch(p, p.epochs[p.epochs.length - 1]?.epoch ?? -1);
      noteRecords(p, p.leaderEpoch, p.base);
      {
        const hookAbort = takeStopAbort(p, p.base);
        const written = e.records?.stopMarkers(p.base, p.leaderEpoch, hookAbort) ?? (hookAbort ? 2 : 1);
        setEndOffset(p, at, p.base + BigInt(written));
      }
      break;
    default:
      break;
  }
  m.state = next;
  if (next === 'MIRRORING' && !e.problem) startFencingIfNeeded(e, at);
}

/**
 * ClusterMirrorCoordinator.scheduleFailedRetries: due after initial × 2^attempt (capped, no jitter here);
 * while the source is down the retry also waits behind the blocking source-metadata sync.
 */
function nextRetryAt(e: PartitionEnv, at: number, attempts: number): number {
  if (attempts >= e.retry.maxAttempts) return (e.m.retryDueAt = Infinity);
  const backoff = Math.min(e.retry.maxMs, e.retry.initialMs * 2 ** attempts);
  e.m.retryDueAt = at + backoff;
  const held = e.problem?.unreachable ? e.timing.sourceRequestTimeoutMs : 0;
  return at + Math.max(backoff, held);
}

/** The prototype's start/config-change transient FAILED (retry 1); false when the timing option turns it off. */
export function startupFailure(m: MirrorPartition, at: number, timing: MirrorTiming, resume: MirrorStateName): boolean {
  if (timing.startupFailureMs <= 0) return false;
  m.preFailureState = resume;
  m.state = 'FAILED';
  m.failure = { retryAttempt: 1, message: SOURCE_METADATA_FAILED };
  m.deadline = at + timing.startupFailureMs;
  m.startup = true;
  return true;
}

function fail(e: PartitionEnv, at: number, problem: SourceProblem, resume?: MirrorStateName): void {
  const m = e.m;
  materialize(e.topic, e.p, at);
  const fetching = m.state === 'MIRRORING';
  if (m.state !== 'FAILED') m.preFailureState = resume ?? m.state;
  m.state = 'FAILED';
  if (!problem.retryable) {
    m.failure = { retryAttempt: -1, message: problem.message };
    m.deadline = Infinity;
    return;
  }
  // As updateFailedState: the first failure is attempt 1; a record that survived a retry keeps counting.
  const attempts = m.failure && m.failure.retryAttempt > 0 ? m.failure.retryAttempt + 1 : 1;
  m.failure = { retryAttempt: attempts, message: problemMessage(e, problem, attempts, fetching) };
  m.deadline = nextRetryAt(e, at, attempts);
}

function failInLoop(e: PartitionEnv, at: number, message: string): void {
  const m = e.m;
  materialize(e.topic, e.p, at);
  if (m.state !== 'FAILED') m.preFailureState = 'LOG_TRUNCATION';
  m.state = 'FAILED';
  m.failure = nextLoopFailure(m.failure, message);
  m.deadline = nextRetryAt(e, at, m.failure.retryAttempt);
}

function problemMessage(e: PartitionEnv, problem: SourceProblem, attempt: number, fetching = false): string {
  if (!problem.unreachable) return problem.message;
  return outageMessage(e.p.index, attempt, fetching ? problem.sourceNodeId : undefined);
}

function retry(e: PartitionEnv, at: number): void {
  const m = e.m;
  if (!m.startup && !e.problem && e.reverse?.kind === 'loop') {
    failInLoop(e, at, e.reverse.message);
    return;
  }
  if (m.startup && e.stalled && !e.problem) {
    m.deadline = at + e.timing.startupFailureMs;
    return;
  }
  if (m.startup) {
    m.startup = false;
    if (!e.problem) {
      m.firstFetchPending = true;
      enter(e, m.preFailureState === 'MIRRORING' ? 'MIRRORING' : 'LOG_TRUNCATION', at, true);
      return;
    }
  }
  const attempt = (m.failure?.retryAttempt ?? 0) + 1;
  if (e.problem) {
    if (!e.problem.retryable) {
      m.failure = { retryAttempt: -1, message: e.problem.message };
      m.deadline = Infinity;
      return;
    }
    m.failure = { retryAttempt: attempt, message: problemMessage(e, e.problem, attempt) };
    m.deadline = nextRetryAt(e, at, attempt);
    return;
  }
  m.failure = { retryAttempt: attempt, message: m.failure?.message ?? '' };
  const pre = m.preFailureState;
  enter(e, pre === 'UNKNOWN' || pre === 'LOG_TRUNCATION' ? 'LOG_TRUNCATION' : 'MIRRORING', at);
}

function copy(e: PartitionEnv, to: number): void {
  const { m, p } = e;
  if (e.problem) return;
  if (to <= m.fetchHoldUntil) {
    m.fetchedAt = Math.max(m.fetchedAt, to);
    return;
  }
  if (e.fetchIntervalMs > 0 && to < m.lastFetchAt + e.fetchIntervalMs) return;
  m.lastFetchAt = to;
  m.fetchedAt = Math.max(m.fetchedAt, m.fetchHoldUntil);
  m.fetched = true;
  if (m.failbackStep === 'fetcher-truncation') {
    m.failbackStep = null;
    truncateLog(e, to);
    if (startFencingIfNeeded(e, to)) return;
  }
  const { end, epoch, epochs, transaction } = e.source();
  m.sourceOffset = end;
  m.lastMirrorEpoch = epoch;
  const elapsed = Math.max(0, to - m.fetchedAt);
  m.fetchedAt = Math.max(m.fetchedAt, to);
  if (p.base >= end) {
    m.carry = 0;
    bumpNearEpoch(p, -1, epoch);
    return;
  }
  const budget = m.carry + (elapsed * e.timing.copyRecordsPerSec) / 1000;
  const whole = Math.floor(budget);
  const budgeted = BigInt(whole) >= end - p.base ? end : p.base + BigInt(whole);
  const reached = e.records?.copy(p.base, budgeted) ?? budgeted;
  bumpNearEpoch(p, highestEpochIn(epochs, p.base, reached), epoch);
  copyEpochs(p, epochs, p.base, reached);
  setEndOffset(p, to, reached);
  copyTransaction(p, transaction, reached);
  m.carry = reached === end ? 0 : budget - whole;
}

/** MirrorFetcherThread.validateLeaderEpoch's proactive bump: a batch within 3 epochs of the local one schedules one. */
function bumpNearEpoch(p: Partition, highestBatchEpoch: number, sourceEpoch: number): void {
  if (highestBatchEpoch > p.leaderEpoch - LEADER_EPOCH_BUMP_THRESHOLD)
    bumpLeaderEpoch(p, bumpTarget(sourceEpoch, p.leaderEpoch));
}

export function failMirrorPartition(
  cluster: EmulatedCluster,
  topic: Topic,
  p: Partition,
  at: number,
  message: string,
): void {
  const m = p.mirror;
  if (!m || m.state === 'FAILED') return;
  const link = topic.mirror;
  const problem: SourceProblem = { retryable: true, message };
  fail(
    {
      topic,
      p,
      m,
      desired: m.follows ?? link?.desired ?? 'MIRRORING',
      topicDesired: link?.desired ?? 'MIRRORING',
      changedAt: link?.changedAt ?? at,
      problem,
      source: () => NO_SOURCE,
      reverse: null,
      fetchIntervalMs: 0,
      timing: cluster.timing,
      retry: retryPolicyOf(cluster),
      stalled: false,
    },
    at,
    problem,
  );
}

/** A config change on the prototype restarts every fetcher of the mirror (startup FAILED again). */
export function bounceMirror(cluster: EmulatedCluster, mirrorName: string, now: number): void {
  for (const topic of cluster.mirrors.topicsOf(mirrorName)) {
    if (topic.mirror?.desired !== 'MIRRORING') continue;
    for (const p of topic.partitions) {
      const m = p.mirror;
      if (!m || (m.state !== 'MIRRORING' && m.state !== 'LOG_TRUNCATION')) continue;
      materialize(topic, p, now);
      startupFailure(m, now, cluster.timing, m.state);
    }
  }
}

/** Simulated destination restart: non-retryable marks live in broker memory, so retry -1 partitions try again. */
export function forgetNonRetryableFailures(cluster: EmulatedCluster, now: number): void {
  for (const name of cluster.mirrors.namesWithTopics()) {
    for (const topic of cluster.mirrors.topicsOf(name)) {
      for (const p of topic.partitions) {
        const m = p.mirror;
        if (!m || m.state !== 'FAILED' || m.failure?.retryAttempt !== -1) continue;
        m.failure = { retryAttempt: 0, message: m.failure.message };
        m.preFailureState = 'LOG_TRUNCATION';
        m.deadline = now + cluster.timing.restartRecoveryMs;
      }
    }
  }
}
