// The mirroring engine (PROTOCOL.md §10), advanced by tick(): every partition of every mirror
// topic walks its state machine from where it was last left up to `now`, event by event (timed
// phases, retries, desired-state changes at the moment they were requested), so the outcome does
// not depend on how often the server ticks, only on when requests and outages happened.

import { FIRST_FETCH_DELAY_MS } from './cluster-options.js';
import type { EmulatedCluster, MirrorTiming } from './cluster.js';
import { copyEpochs, epochsAt, highestEpochIn, noteRecords, truncateEpochs, type EpochStart } from './epoch-history.js';
import { reverseMirrorOf, type ReverseMirror } from './failback.js';
import { mirrorRecords, type MirrorRecords } from './mirror-records.js';
import type { DesiredState, MirrorPartition, MirrorStateName } from './partition-state.js';
import { sourceStatus, SOURCE_METADATA_FAILED, SOURCE_TOPIC_DELETED, type SourceProblem } from './source-link.js';
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
  readonly desired: DesiredState;
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
  /** The batches behind the offsets (mirror-records.ts); absent where nothing is copied. */
  readonly records?: MirrorRecords;
}

interface SourceView {
  readonly end: bigint;
  readonly epoch: number;
  readonly epochs: readonly EpochStart[];
}

const NO_SOURCE: SourceView = { end: 0n, epoch: -1, epochs: [] };

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
  for (const mirrorName of cluster.mirrors.namesWithTopics()) {
    const status = sourceStatus(cluster, mirrorName);
    for (const topic of cluster.mirrors.topicsOf(mirrorName)) {
      const link = topic.mirror;
      if (!link) continue;
      const sourceTopic = status.ok ? status.cluster.topics.get(topic.name) : undefined;
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
            desired: link.desired,
            changedAt: link.changedAt,
            problem,
            source: () => {
              if (!sourceTopic || !sp) return NO_SOURCE;
              const end = endOffset(sourceTopic, sp, sourceNow);
              return { end, epoch: sp.leaderEpoch, epochs: epochsAt(sp, end, !isFrozen(sp)) };
            },
            reverse,
            fetchIntervalMs: cluster.mirrorFetchIntervalMs,
            timing: cluster.timing,
            retry,
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

function advancePartition(e: PartitionEnv, now: number): void {
  const m = e.m;
  let at = m.processedAt;
  // An attempt waiting on an unreachable source returns as soon as the source answers again.
  if (m.state === 'FAILED' && !m.startup && !e.problem && Number.isFinite(m.deadline)) {
    m.deadline = Math.min(m.deadline, Math.max(at, now) + e.retry.initialMs);
  }
  // Each pass handles one event; a partition has at most a handful per tick plus its retries.
  for (let guard = 0; guard < 1000; guard++) {
    if (m.state === 'FAILED' || TIMED.has(m.state)) {
      if (m.deadline > now) break;
      at = Math.max(at, m.deadline);
      if (m.state === 'FAILED') retry(e, at);
      else completePhase(e, at);
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
  m.processedAt = now;
}

/** Where a partition in a resting state goes for a desired state; null to stay. */
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
    // BumpLeaderEpochs done: the local epoch now exceeds every epoch the fetcher brought.
    materialize(e.topic, e.p, at);
    e.p.leaderEpoch = Math.max(e.p.leaderEpoch, e.m.fenceTo);
    enter(e, e.desired === 'STOPPED' ? 'STOPPING' : 'MIRRORING', at);
  } else if (e.desired === 'STOPPED') enter(e, 'STOPPING', at);
  else {
    if (!e.problem) truncateLog(e, at);
    // A failback looks up the last mirrored epochs first, then fails to read source metadata once.
    if (e.reverse?.kind === 'failback' && startupFailure(e.m, at, e.timing, 'MIRRORING')) return;
    enter(e, 'MIRRORING', at);
  }
}

/**
 * Truncation: drop local records the source never had. After a failback the logs part where the
 * source stopped mirroring from here (its end offset of the last epoch it mirrored), so records
 * written here after the failover go even when the source has since grown past them.
 */
function truncateLog(e: PartitionEnv, at: number): void {
  const point =
    e.reverse?.kind === 'failback' ? (e.reverse.truncationPoint(e.p.index) ?? e.source().end) : e.source().end;
  if (e.p.base <= point) return;
  truncateEpochs(e.p, point);
  setEndOffset(e.p, at, point);
}

/** A fetch brought records of a newer leader epoch than this partition's: EPOCH_FENCING. */
function startFencingIfNeeded(e: PartitionEnv, at: number): boolean {
  const source = e.source();
  const highest = highestEpochIn(source.epochs, e.p.base, source.end);
  if (highest <= e.p.leaderEpoch) return false;
  materialize(e.topic, e.p, at);
  e.m.fenceTo = highest + 1;
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
  // The loop check comes before truncation: the source mirrors this very topic from here.
  if (next === 'LOG_TRUNCATION' && e.reverse?.kind === 'loop') {
    fail(e, at, { retryable: true, message: e.reverse.message }, 'LOG_TRUNCATION');
    return;
  }
  const previous = m.state;
  const failback = e.reverse?.kind === 'failback';
  // On the prototype every newly started partition first fails to read source metadata (a failback
  // does so after its truncation instead, see completePhase).
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
      if (m.firstFetchPending) {
        // The fetcher's first answer is not in yet: offsets and lag read 0 whatever the source holds.
        m.firstFetchPending = false;
        m.fetchHoldUntil = at + FIRST_FETCH_DELAY_MS;
        m.sourceOffset = 0n;
      }
      break;
    case 'PAUSING':
      m.deadline = at + e.timing.pausingMs;
      break;
    case 'STOPPING':
      // Leaving MIRRORING, the last fetch lands before the fetcher goes away.
      if (previous === 'MIRRORING' && !e.problem) {
        const source = e.source();
        if (source.end > p.base) {
          copyEpochs(p, source.epochs, p.base, source.end);
          setEndOffset(p, at, e.records?.copy(p.base, source.end) ?? source.end);
        }
      }
      m.deadline = at + e.timing.stoppingMs;
      break;
    case 'PAUSED':
      m.failure = null;
      break;
    case 'STOPPED':
      m.failure = null;
      m.lastMirroredOffset = p.base;
      // The leader epoch bump of failover, then one MIRROR_PID_RESET control batch in the new epoch.
      p.leaderEpoch += 1;
      noteRecords(p, p.leaderEpoch, p.base);
      e.records?.stopMarker(p.base, p.leaderEpoch);
      setEndOffset(p, at, p.base + 1n);
      break;
    default:
      break;
  }
  m.state = next;
  if (next === 'MIRRORING' && !e.problem) startFencingIfNeeded(e, at);
}

function nextRetryAt(e: PartitionEnv, at: number, attempts: number): number {
  if (attempts >= e.retry.maxAttempts) return Infinity;
  const backoff = Math.min(e.retry.maxMs, e.retry.initialMs * 2 ** attempts);
  // An unreachable source makes each attempt wait out the request timeout before it counts.
  const waiting = e.problem?.message === SOURCE_METADATA_FAILED ? e.timing.sourceRequestTimeoutMs : 0;
  return at + waiting + backoff;
}

/**
 * Puts a partition into the prototype's transient FAILED ("Failed to get source metadata", retry 1)
 * that a start or a config change causes; `resume` is where it goes when that passes. False when
 * the timing option turns the transient off.
 */
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
  if (m.state !== 'FAILED') m.preFailureState = resume ?? m.state;
  m.state = 'FAILED';
  if (!problem.retryable) {
    m.failure = { retryAttempt: -1, message: problem.message };
    m.deadline = Infinity;
    return;
  }
  // The record survives a retry that went straight back to MIRRORING, so attempts keep counting.
  const attempts = m.failure && m.failure.retryAttempt > 0 ? m.failure.retryAttempt : 0;
  m.failure = { retryAttempt: attempts, message: problem.message };
  m.deadline = nextRetryAt(e, at, attempts);
}

function retry(e: PartitionEnv, at: number): void {
  const m = e.m;
  if (m.startup) {
    m.startup = false;
    if (!e.problem) {
      // The record of the startup failure stays on the partition after it starts mirroring.
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
    m.failure = { retryAttempt: attempt, message: e.problem.message };
    m.deadline = nextRetryAt(e, at, attempt);
    return;
  }
  m.failure = { retryAttempt: attempt, message: m.failure?.message ?? '' };
  const pre = m.preFailureState;
  enter(e, pre === 'UNKNOWN' || pre === 'LOG_TRUNCATION' ? 'LOG_TRUNCATION' : 'MIRRORING', at);
}

/** Copies records toward the source's end at the configured rate, up to time `to`. */
function copy(e: PartitionEnv, to: number): void {
  const { m, p } = e;
  if (e.problem) return;
  if (to <= m.fetchHoldUntil) {
    m.fetchedAt = Math.max(m.fetchedAt, to);
    return;
  }
  // The next fetch response is not in yet: offsets and lag stay what the last one said.
  if (e.fetchIntervalMs > 0 && to < m.lastFetchAt + e.fetchIntervalMs) return;
  m.lastFetchAt = to;
  m.fetchedAt = Math.max(m.fetchedAt, m.fetchHoldUntil);
  const { end, epoch, epochs } = e.source();
  m.sourceOffset = end;
  m.lastMirrorEpoch = epoch;
  const elapsed = Math.max(0, to - m.fetchedAt);
  m.fetchedAt = Math.max(m.fetchedAt, to);
  if (p.base >= end) {
    m.carry = 0;
    return;
  }
  const budget = m.carry + (elapsed * e.timing.copyRecordsPerSec) / 1000;
  const whole = Math.floor(budget);
  const budgeted = BigInt(whole) >= end - p.base ? end : p.base + BigInt(whole);
  const reached = e.records?.copy(p.base, budgeted) ?? budgeted;
  copyEpochs(p, epochs, p.base, reached);
  setEndOffset(p, to, reached);
  m.carry = reached === end ? 0 : budget - whole;
}

/**
 * A partition failed from outside the fetcher (the periodic sync); it retries like any failure.
 * The engine must have advanced the partition to `at` already.
 */
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
      desired: link?.desired ?? 'MIRRORING',
      changedAt: link?.changedAt ?? at,
      problem,
      source: () => NO_SOURCE,
      reverse: null,
      fetchIntervalMs: 0,
      timing: cluster.timing,
      retry: retryPolicyOf(cluster),
    },
    at,
    problem,
  );
}

/**
 * A config change on the prototype restarts every fetcher of the mirror: each MIRRORING partition
 * goes through the startup FAILED again. Call after the engine has been advanced to `now`.
 */
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

/**
 * A simulated restart of the destination brokers: the non-retryable marks live in broker memory,
 * so partitions held FAILED with retry -1 try again (through log truncation) after a short while.
 */
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
