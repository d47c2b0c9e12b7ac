// The mirroring engine (PROTOCOL.md §10), advanced by tick(): every partition of every mirror
// topic walks its state machine from where it was last left up to `now`, event by event (timed
// phases, retries, desired-state changes at the moment they were requested), so the outcome does
// not depend on how often the server ticks, only on when requests and outages happened.

import type { EmulatedCluster, MirrorTiming } from './cluster.js';
import type { DesiredState, MirrorPartition, MirrorStateName } from './partition-state.js';
import { sourceStatus, SOURCE_TOPIC_DELETED, type SourceProblem } from './source-link.js';
import { endOffset, materialize, setEndOffset, type Partition, type Topic } from './topics.js';

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
  /** Source high watermark and leader epoch; read only while `problem` is null. */
  readonly source: () => { readonly end: bigint; readonly epoch: number };
  readonly timing: MirrorTiming;
  readonly retry: RetryPolicy;
}

const TIMED: ReadonlySet<MirrorStateName> = new Set(['LOG_TRUNCATION', 'PAUSING', 'STOPPING']);

export function advanceMirrors(cluster: EmulatedCluster, now: number): void {
  const retry: RetryPolicy = {
    initialMs: cluster.brokerConfigs.number('mirror.failed.retry.initial.backoff.ms', 1000),
    maxMs: cluster.brokerConfigs.number('mirror.failed.retry.max.backoff.ms', 300_000),
    maxAttempts: cluster.brokerConfigs.number('mirror.failed.retry.max.attempts', 100),
  };
  for (const mirrorName of cluster.mirrors.namesWithTopics()) {
    const status = sourceStatus(cluster, mirrorName);
    for (const topic of cluster.mirrors.topicsOf(mirrorName)) {
      const link = topic.mirror;
      if (!link) continue;
      const sourceTopic = status.ok ? status.cluster.topics.get(topic.name) : undefined;
      let problem: SourceProblem | null = status.ok ? null : status.problem;
      if (status.ok && !sourceTopic) problem = { retryable: false, message: SOURCE_TOPIC_DELETED };
      const sourceNow = status.ok ? status.cluster.clock.now() : now;
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
            source: () =>
              sourceTopic && sp
                ? { end: endOffset(sourceTopic, sp, sourceNow), epoch: sp.leaderEpoch }
                : { end: 0n, epoch: -1 },
            timing: cluster.timing,
            retry,
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
    else if (m.state === 'MIRRORING') copy(e, now);
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
      return state === 'MIRRORING' || state === 'PAUSED' || state === 'EPOCH_FENCING' ? 'STOPPING' : null;
  }
}

function completePhase(e: PartitionEnv, at: number): void {
  const state = e.m.state;
  if (state === 'PAUSING') enter(e, 'PAUSED', at);
  else if (state === 'STOPPING') enter(e, 'STOPPED', at);
  else if (e.desired === 'STOPPED') enter(e, 'STOPPING', at);
  else {
    // Truncation done: drop local records the source never had (e.g. writes after a failover).
    if (!e.problem) {
      const end = e.source().end;
      if (e.p.base > end) setEndOffset(e.p, at, end);
    }
    enter(e, 'MIRRORING', at);
  }
}

function enter(e: PartitionEnv, next: MirrorStateName, at: number): void {
  const { m, p, topic } = e;
  if ((next === 'LOG_TRUNCATION' || next === 'MIRRORING') && e.problem) {
    fail(e, at, e.problem);
    return;
  }
  const previous = m.state;
  materialize(topic, p, at);
  m.deadline = Infinity;
  switch (next) {
    case 'LOG_TRUNCATION':
      m.failure = null;
      m.deadline = at + e.timing.logTruncationMs;
      break;
    case 'MIRRORING':
      m.fetchedAt = at;
      m.carry = 0;
      break;
    case 'PAUSING':
      m.deadline = at + e.timing.pausingMs;
      break;
    case 'STOPPING':
      // Leaving MIRRORING, the last fetch lands before the fetcher goes away.
      if (previous === 'MIRRORING' && !e.problem) {
        const end = e.source().end;
        if (end > p.base) setEndOffset(p, at, end);
      }
      m.deadline = at + e.timing.stoppingMs;
      break;
    case 'PAUSED':
      m.failure = null;
      break;
    case 'STOPPED':
      m.failure = null;
      // One MIRROR_PID_RESET control batch per partition, and the leader epoch bump of failover.
      setEndOffset(p, at, p.base + 1n);
      p.leaderEpoch += 1;
      break;
    default:
      break;
  }
  m.state = next;
}

function nextRetryAt(e: PartitionEnv, at: number, attempts: number): number {
  if (attempts >= e.retry.maxAttempts) return Infinity;
  return at + Math.min(e.retry.maxMs, e.retry.initialMs * 2 ** attempts);
}

function fail(e: PartitionEnv, at: number, problem: SourceProblem): void {
  const m = e.m;
  materialize(e.topic, e.p, at);
  if (m.state !== 'FAILED') m.preFailureState = m.state;
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
  const { end, epoch } = e.source();
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
  if (BigInt(whole) >= end - p.base) {
    setEndOffset(p, to, end);
    m.carry = 0;
  } else {
    setEndOffset(p, to, p.base + BigInt(whole));
    m.carry = budget - whole;
  }
}
