// Collection for `kmirror exporter`: at most one DescribeClusterMirrors fan-out per minimum interval however
// many scrapers ask, never longer than the timeout: a silent broker yields older values marked stale.

import type { KafkaClient } from '../../kafka/client.js';
import { DescribeClusterMirrors, ListClusterMirrors } from '../../kafka/messages/index.js';
import { describeMirrors, failedRetryMaxAttempts } from '../describe/describe.js';
import { withLagTimes } from '../describe/lag-time.js';
import type { SourceCheckPolicy } from '../core/source-check.js';
import { type BrokerStatus, type EstateView, type MetricsSnapshot, type StateSince, trackStates } from './metrics.js';
import type { DescribeResult } from '../describe/describe-types.js';

export interface Collected {
  readonly result: DescribeResult;
  readonly brokers: readonly BrokerStatus[];
  readonly retryMaxAttempts?: number | null;
  readonly estate?: EstateView | null;
}

export interface CollectOptions {
  readonly brokerRetryMs?: number;
  readonly sourceCheck?: SourceCheckPolicy;
  readonly estate?: () => Promise<EstateView>;
}

/** A cluster that cannot mirror is an error to exit on (4), not a series of failed scrapes. */
export async function requireCollectable(client: KafkaClient): Promise<void> {
  await client.requireMirroring([DescribeClusterMirrors, ListClusterMirrors]);
}

export async function collectMirrors(
  client: KafkaClient,
  names: readonly string[],
  options: CollectOptions = {},
): Promise<Collected> {
  const described = await describeMirrors(client, names, { brokerRetryMs: options.brokerRetryMs });
  const [timed, retryMaxAttempts, estate] = await Promise.all([
    options.sourceCheck ? withLagTimes(client, described, options.sourceCheck) : undefined,
    failedRetryMaxAttempts(client).catch(() => null),
    options.estate ? options.estate() : null,
  ]);
  const result = timed?.result ?? described;
  const view = await client.clusterView();
  const brokers = view.brokers.map((b): BrokerStatus => {
    const address = `${b.host}:${b.port}`;
    const warning = result.brokerWarnings.find((w) =>
      w.nodeId !== null ? w.nodeId === b.nodeId : w.broker.startsWith(address),
    );
    return { broker: address, nodeId: b.nodeId ?? null, answered: !warning, message: warning?.message ?? null };
  });
  return { result, brokers, retryMaxAttempts, estate };
}

export interface CollectorOptions {
  readonly minIntervalMs: number;
  readonly timeoutMs: number;
  readonly now: () => number;
}

export class MetricsCollector {
  private last: MetricsSnapshot | undefined;
  private inFlight: Promise<MetricsSnapshot> | undefined;
  private stateSince: StateSince = new Map();

  constructor(
    private readonly collect: () => Promise<Collected>,
    private readonly options: CollectorOptions,
  ) {}

  async snapshot(): Promise<MetricsSnapshot> {
    const now = this.options.now();
    if (this.last && !this.last.stale && now - this.last.collectedAtMs < this.options.minIntervalMs) return this.last;
    this.inFlight ??= this.start(now);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), this.options.timeoutMs);
    });
    try {
      const outcome = await Promise.race([this.inFlight, timedOut]);
      if (outcome !== 'timeout') return outcome;
      return this.staleView(now, this.options.timeoutMs, 'the collection did not finish in time');
    } finally {
      clearTimeout(timer);
    }
  }

  private async start(startedAt: number): Promise<MetricsSnapshot> {
    try {
      const { result, brokers, retryMaxAttempts = null, estate = null } = await this.collect();
      const durationMs = this.options.now() - startedAt;
      this.stateSince = trackStates(this.stateSince, result, startedAt);
      this.last = {
        result,
        brokers,
        stateSince: this.stateSince,
        retryMaxAttempts,
        estate,
        up: brokers.some((b) => b.answered),
        stale: false,
        collectedAtMs: startedAt,
        durationMs,
        error: null,
      };
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      this.last = this.staleView(startedAt, this.options.now() - startedAt, message);
    } finally {
      this.inFlight = undefined;
    }
    return this.last;
  }

  private staleView(at: number, durationMs: number, error: string): MetricsSnapshot {
    const previous = this.last;
    return {
      ...previous,
      result: previous?.result ?? null,
      brokers: (previous?.brokers ?? []).map((b) => ({ ...b, answered: false, message: error })),
      up: false,
      stale: true,
      collectedAtMs: previous?.collectedAtMs ?? at,
      durationMs,
      error,
    };
  }
}
