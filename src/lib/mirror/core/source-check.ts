// The one policy for reaching a mirror's SOURCE from this machine: only when there is something to decide
// there, all sources in parallel within one bound, never with --no-source-check. A source that does not
// answer here may still answer the destination brokers, so their partition states are kept beside it.

import type { ConnectionConfig } from '../../connection/connection-config.js';
import type { KafkaClient } from '../../kafka/client.js';
import { KafkaProtocolError } from '../../kafka/errors.js';
import { reasonOf, type SourceAccess, sourceSettingsOf } from './source-access.js';
import { describeMirrorConfigs } from './source-client.js';

export const SOURCE_CHECK_BUDGET_MS = 2000;

export type SourceCheckNeed =
  'explain-failed' | 'confirm-zero-lag' | 'compare-topic-ids' | 'refuse-stop' | 'find-loops' | 'lag-time';

export interface SourceCheckPolicy {
  readonly enabled: boolean;
  readonly budgetMs: number;
  readonly access: SourceAccess;
  openSource(settings: ConnectionConfig, budgetMs: number): Promise<KafkaClient>;
  warn(message: string): void;
}

export interface SourceCheckTarget {
  readonly mirror: string;
  readonly needs: readonly SourceCheckNeed[];
  readonly stored?: ReadonlyMap<string, string>;
}

export type SourceAnswer<T> =
  | { readonly mirror: string; readonly status: 'answered'; readonly bootstrap: readonly string[]; readonly facts: T }
  | {
      readonly mirror: string;
      readonly status: 'refused';
      readonly bootstrap: readonly string[];
      readonly message: string;
    }
  /** No answer within the bound, or no connection at all, FROM THIS MACHINE. */
  | {
      readonly mirror: string;
      readonly status: 'no-answer';
      readonly bootstrap: readonly string[];
      readonly message: string;
    }
  | { readonly mirror: string; readonly status: 'no-settings'; readonly message: string }
  | {
      readonly mirror: string;
      readonly status: 'not-checked';
      readonly reason: 'no-source-check' | 'nothing-to-decide';
    };

export type SourceProbe<T> = (source: KafkaClient, mirror: string) => Promise<T>;

export const clusterIdProbe: SourceProbe<{ clusterId: string | null }> = async (source) => ({
  clusterId: (await source.clusterView()).clusterId,
});

class OutOfTime extends Error {}

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new OutOfTime(`no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Answers come back in the order of the targets; never throws for a source. */
export async function checkSources<T>(
  destination: KafkaClient,
  targets: readonly SourceCheckTarget[],
  probe: SourceProbe<T>,
  policy: SourceCheckPolicy,
): Promise<SourceAnswer<T>[]> {
  return Promise.all(
    targets.map(async (target): Promise<SourceAnswer<T>> => {
      const { mirror } = target;
      if (!policy.enabled) return { mirror, status: 'not-checked', reason: 'no-source-check' };
      if (target.needs.length === 0) return { mirror, status: 'not-checked', reason: 'nothing-to-decide' };
      let settings: ConnectionConfig;
      try {
        const stored = target.stored ?? (await describeMirrorConfigs(destination, mirror));
        settings = await sourceSettingsOf({ mirror, stored }, policy.access, policy.warn);
      } catch (err) {
        return { mirror, status: 'no-settings', message: reasonOf(err) };
      }
      return askOne(mirror, settings, probe, policy);
    }),
  );
}

async function askOne<T>(
  mirror: string,
  settings: ConnectionConfig,
  probe: SourceProbe<T>,
  policy: SourceCheckPolicy,
): Promise<SourceAnswer<T>> {
  const bootstrap = [...settings.bootstrap];
  const started = Date.now();
  let source: KafkaClient | undefined;
  try {
    const work = (async () => {
      source = await policy.openSource(settings, policy.budgetMs);
      return probe(source, mirror);
    })();
    // A probe still running at the bound is not awaited; its client (bounded too) is closed when it ends.
    void work.catch(() => undefined).finally(() => source?.close().catch(() => undefined));
    const facts = await within(work, Math.max(1, policy.budgetMs - (Date.now() - started)));
    return { mirror, status: 'answered', bootstrap, facts };
  } catch (err) {
    if (err instanceof KafkaProtocolError) return { mirror, status: 'refused', bootstrap, message: reasonOf(err) };
    return { mirror, status: 'no-answer', bootstrap, message: reasonOf(err) };
  }
}

/** What the destination brokers' own partition states say about reaching the source. */
export type BrokerSourceView = 'fetching' | 'failing' | 'unknown';

/** A mirror whose partitions are all FAILED with a retryable error looks like an unreachable source. */
export function brokerSourceView(
  partitions: readonly {
    readonly state: string;
    readonly retryAttempt: number;
    readonly errorMessage: string | null;
  }[],
): BrokerSourceView {
  const live = partitions.filter((p) => p.state !== 'STOPPED' && p.state !== 'PAUSED');
  if (live.some((p) => p.state === 'MIRRORING' && p.retryAttempt === 0 && p.errorMessage === null)) return 'fetching';
  if (live.length > 0 && live.every((p) => p.state === 'FAILED' && p.retryAttempt >= 0)) return 'failing';
  return 'unknown';
}

/**
 * The one sentence about a source check, saying both views when they differ; null when nothing was asked.
 * `failedWhy`: what the brokers' FAILED rows show when it is not a reachability error (a start, a loop, a
 * retry wait); without it a source that answers here beside FAILED partitions is "reached another way".
 */
export function sourceReachText(
  answer: SourceAnswer<unknown>,
  brokers: BrokerSourceView,
  failedWhy: string | null = null,
): string | null {
  const where = 'bootstrap' in answer ? ` (${answer.bootstrap.join(',')})` : '';
  switch (answer.status) {
    case 'not-checked':
      return null;
    case 'no-settings':
      return `kmirror cannot reach the source of mirror ${answer.mirror} from this machine: ${answer.message}`;
    case 'answered':
    case 'refused': {
      const here = `the source of mirror ${answer.mirror}${where} answers from this machine`;
      if (brokers !== 'failing') return here;
      if (failedWhy !== null) return `${here}; the destination brokers' partitions are FAILED ${failedWhy}`;
      return (
        `${here}, but the destination brokers' partitions are FAILED with source-reachability errors: the ` +
        'brokers may reach it another way (their bootstrap.servers, network or credentials) and fail there'
      );
    }
    case 'no-answer': {
      const here =
        `the source of mirror ${answer.mirror}${where} does not answer from this machine ` + `(${answer.message})`;
      if (brokers === 'fetching')
        return `${here}, but the destination brokers are mirroring from it: they reach it, this machine does not`;
      if (brokers === 'failing') return `${here}, and the destination brokers' partitions are FAILED too`;
      return `${here}; whether the brokers reach it is not known from here`;
    }
  }
}

export function answersByMirror<T>(answers: readonly SourceAnswer<T>[]): Map<string, SourceAnswer<T>> {
  return new Map(answers.map((a) => [a.mirror, a]));
}
