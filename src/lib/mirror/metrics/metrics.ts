// mirror/metrics/: what `kmirror exporter` exposes, as data (the README table is generated from METRICS);
// exposition is render/'s job.

import { PARTITION_STATES } from '../describe/lag.js';
import type { DescribeResult } from '../describe/describe-types.js';

export interface MetricDefinition {
  readonly name: string;
  readonly help: string;
  readonly labels: readonly string[];
}

const PARTITION = ['mirror', 'topic', 'partition'] as const;

export const METRICS = {
  up: {
    name: 'kmirror_up',
    help: '1 when the last collection got an answer from at least one broker, else 0',
    labels: [],
  },
  partitionSourceOffset: {
    name: 'kmirror_partition_source_offset',
    help: 'Source high watermark of a MIRRORING partition, as the destination last fetched it',
    labels: PARTITION,
  },
  partitionDestinationOffset: {
    name: 'kmirror_partition_destination_offset',
    help: 'Destination high watermark of a MIRRORING partition',
    labels: PARTITION,
  },
  partitionLag: {
    name: 'kmirror_partition_lag',
    help: 'Records the destination is behind the source (MIRRORING partitions only)',
    labels: PARTITION,
  },
  partitionRetryAttempt: {
    name: 'kmirror_partition_retry_attempt',
    help: 'Retry attempt of the last failure (0 none, -1 non-retryable)',
    labels: PARTITION,
  },
  partitionState: {
    name: 'kmirror_partition_state',
    help: 'Partition state: 1 for the state the partition is in, 0 for the others',
    labels: [...PARTITION, 'state'],
  },
  topicPartitions: {
    name: 'kmirror_topic_partitions',
    help: 'Partitions of a mirrored topic by state',
    labels: ['mirror', 'topic', 'state'],
  },
  topicLag: {
    name: 'kmirror_topic_lag',
    help: 'Sum of the known partition lags of a topic',
    labels: ['mirror', 'topic'],
  },
  topicLagMax: {
    name: 'kmirror_topic_lag_max',
    help: 'Largest known partition lag of a topic',
    labels: ['mirror', 'topic'],
  },
  mirrorPartitions: {
    name: 'kmirror_mirror_partitions',
    help: 'Partitions of a mirror by state',
    labels: ['mirror', 'state'],
  },
  mirrorLag: { name: 'kmirror_mirror_lag', help: 'Sum of the known partition lags of a mirror', labels: ['mirror'] },
  mirrorLagMax: { name: 'kmirror_mirror_lag_max', help: 'Largest known partition lag of a mirror', labels: ['mirror'] },
  brokerUp: {
    name: 'kmirror_broker_up',
    help: "1 when the broker's DescribeClusterMirrors answer arrived in the last collection, else 0",
    labels: ['broker', 'node_id'],
  },
  collectionDuration: {
    name: 'kmirror_collection_duration_seconds',
    help: 'Duration of the last collection (DescribeClusterMirrors to every broker)',
    labels: [],
  },
  collectionTimestamp: {
    name: 'kmirror_collection_timestamp_seconds',
    help: 'Unix time of the collection the values come from',
    labels: [],
  },
  collectionStale: {
    name: 'kmirror_collection_stale',
    help: '1 when the last collection did not finish in time and older values are served, else 0',
    labels: [],
  },
  partitionLagSeconds: {
    name: 'kmirror_partition_lag_seconds',
    help:
      "Age of the oldest record the destination lacks (the source's record at the destination's end offset, " +
      'read with Fetch on the source); 0 when caught up; absent when unknown (MIRRORING partitions only)',
    labels: PARTITION,
  },
  partitionStateSeconds: {
    name: 'kmirror_partition_state_seconds',
    help:
      'Seconds since this exporter first saw the partition in its current state (the broker reports no entry ' +
      'time: it resets when the exporter restarts)',
    labels: [...PARTITION, 'state'],
  },
  partitionRetriesLeft: {
    name: 'kmirror_partition_retries_left',
    help:
      'Automatic retries a FAILED partition has left before mirror.failed.retry.max.attempts (0: it will not ' +
      'recover by itself; non-retryable failures are 0)',
    labels: PARTITION,
  },
  failedRetryMaxAttempts: {
    name: 'kmirror_failed_retry_max_attempts',
    help: "The brokers' mirror.failed.retry.max.attempts (DescribeConfigs), what retry attempts count up to",
    labels: [],
  },
  topologyClusterUp: {
    name: 'kmirror_topology_cluster_up',
    help: "With --cluster: 1 when the cluster's mirrors were read in the last collection, else 0",
    labels: ['cluster'],
  },
  topologyProblems: {
    name: 'kmirror_topology_problems',
    help:
      'With --cluster: problems across the clusters, as kmirror topology finds them: kind mirror-loop (a topic ' +
      'mirrored in a cycle), split-brain (written on both sides after its stop), epoch-war (STOPPED on one side, ' +
      'mirrored back from the other); absent when a cluster did not answer',
    labels: ['kind'],
  },
} as const satisfies Record<string, MetricDefinition>;

export type MetricId = keyof typeof METRICS;

export interface BrokerStatus {
  readonly broker: string;
  readonly nodeId: number | null;
  readonly answered: boolean;
  readonly message: string | null;
}

export const TOPOLOGY_PROBLEM_KINDS = ['mirror-loop', 'split-brain', 'epoch-war'] as const;
export type TopologyProblemKind = (typeof TOPOLOGY_PROBLEM_KINDS)[number];

export interface EstateView {
  readonly clusters: readonly { readonly cluster: string; readonly up: boolean; readonly message: string | null }[];
  /** Problems by kind; null when a cluster did not answer (unknown, not none). */
  readonly problems: Readonly<Record<TopologyProblemKind, number>> | null;
}

export type StateSince = ReadonlyMap<string, { readonly state: string; readonly sinceMs: number }>;

export function stateKey(mirror: string, topic: string, partition: number): string {
  return `${mirror}\u0000${topic}\u0000${partition}`;
}

export function trackStates(previous: StateSince, result: DescribeResult, atMs: number): StateSince {
  const next = new Map<string, { state: string; sinceMs: number }>();
  for (const m of result.mirrors)
    for (const t of m.topics)
      for (const p of t.partitions) {
        const key = stateKey(m.name, t.name, p.partition);
        const known = previous.get(key);
        next.set(key, known && known.state === p.state ? known : { state: p.state, sinceMs: atMs });
      }
  return next;
}

export interface MetricsSnapshot {
  readonly result: DescribeResult | null;
  readonly brokers: readonly BrokerStatus[];
  readonly up: boolean;
  readonly stale: boolean;
  readonly collectedAtMs: number;
  readonly durationMs: number;
  readonly error: string | null;
  readonly stateSince?: StateSince;
  readonly retryMaxAttempts?: number | null;
  readonly estate?: EstateView | null;
}

export interface MetricSample {
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

export type MetricSamples = Record<MetricId, MetricSample[]>;

/** Unknown offsets and lags have no sample (absent, not 0). */
export function metricSamples(snapshot: MetricsSnapshot): MetricSamples {
  const s = Object.fromEntries(Object.keys(METRICS).map((id) => [id, [] as MetricSample[]])) as MetricSamples;
  s.up.push({ labels: {}, value: snapshot.up ? 1 : 0 });
  s.collectionDuration.push({ labels: {}, value: snapshot.durationMs / 1000 });
  s.collectionTimestamp.push({ labels: {}, value: snapshot.collectedAtMs / 1000 });
  s.collectionStale.push({ labels: {}, value: snapshot.stale ? 1 : 0 });
  const retryMax = snapshot.retryMaxAttempts ?? null;
  if (retryMax !== null) s.failedRetryMaxAttempts.push({ labels: {}, value: retryMax });
  estateSamples(s, snapshot.estate ?? null);
  for (const b of snapshot.brokers)
    s.brokerUp.push({ labels: { broker: b.broker, node_id: String(b.nodeId ?? '') }, value: b.answered ? 1 : 0 });
  for (const m of snapshot.result?.mirrors ?? []) {
    const mirror = m.name;
    for (const [state, n] of statesWithZeros(m.summary.states))
      s.mirrorPartitions.push({ labels: { mirror, state }, value: n });
    s.mirrorLag.push({ labels: { mirror }, value: Number(m.summary.totalLag) });
    if (m.summary.maxLag !== null) s.mirrorLagMax.push({ labels: { mirror }, value: Number(m.summary.maxLag) });
    for (const t of m.topics) {
      const topic = t.name;
      for (const [state, n] of statesWithZeros(t.summary.states))
        s.topicPartitions.push({ labels: { mirror, topic, state }, value: n });
      s.topicLag.push({ labels: { mirror, topic }, value: Number(t.summary.totalLag) });
      if (t.summary.maxLag !== null) s.topicLagMax.push({ labels: { mirror, topic }, value: Number(t.summary.maxLag) });
      for (const p of t.partitions) {
        const labels = { mirror, topic, partition: String(p.partition) };
        if (p.sourceOffset !== null) s.partitionSourceOffset.push({ labels, value: Number(p.sourceOffset) });
        // A STOPPED partition's end offset read with ListOffsets is not the mirror's view: left out.
        if (p.destinationOffset !== null && p.destinationOffsetSource === undefined)
          s.partitionDestinationOffset.push({ labels, value: Number(p.destinationOffset) });
        if (p.lag !== null) s.partitionLag.push({ labels, value: Number(p.lag) });
        s.partitionRetryAttempt.push({ labels, value: p.retryAttempt });
        if (p.lagTimeMs !== undefined && p.lagTimeMs !== null)
          s.partitionLagSeconds.push({ labels, value: p.lagTimeMs / 1000 });
        const since = snapshot.stateSince?.get(stateKey(mirror, topic, p.partition));
        if (since && since.state === p.state)
          s.partitionStateSeconds.push({
            labels: { ...labels, state: p.state },
            value: Math.max(0, snapshot.collectedAtMs - since.sinceMs) / 1000,
          });
        if (p.state === 'FAILED' && retryMax !== null)
          s.partitionRetriesLeft.push({
            labels,
            value: p.retryAttempt < 0 ? 0 : Math.max(0, retryMax - p.retryAttempt),
          });
        for (const [state] of statesWithZeros({ [p.state]: 1 }))
          s.partitionState.push({ labels: { ...labels, state }, value: state === p.state ? 1 : 0 });
      }
    }
  }
  return s;
}

function estateSamples(s: MetricSamples, estate: EstateView | null): void {
  if (!estate) return;
  for (const c of estate.clusters) s.topologyClusterUp.push({ labels: { cluster: c.cluster }, value: c.up ? 1 : 0 });
  const problems = estate.problems;
  if (problems !== null)
    for (const kind of TOPOLOGY_PROBLEM_KINDS) s.topologyProblems.push({ labels: { kind }, value: problems[kind] });
}

/** Every known state at 0 when absent, so series do not vanish. */
function statesWithZeros(states: Readonly<Record<string, number>>): [string, number][] {
  const out: [string, number][] = PARTITION_STATES.map((state) => [state, states[state] ?? 0]);
  for (const [state, n] of Object.entries(states))
    if (!(PARTITION_STATES as readonly string[]).includes(state)) out.push([state, n]);
  return out;
}
