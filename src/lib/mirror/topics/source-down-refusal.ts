// A stop while the source does not answer (PROTOCOL.md §18): a stop by name is refused, a stored exclude is
// recorded but FAILED partitions ignore it and are wedged once the source returns; so kmirror refuses first.

import type { KafkaClient } from '../../kafka/client.js';
import { MirrorError } from '../core/errors.js';
import { NEXT_RETRY } from '../describe/failure-causes.js';
import {
  brokerSourceView,
  checkSources,
  clusterIdProbe,
  sourceReachText,
  type SourceAnswer,
  type SourceCheckPolicy,
} from '../core/source-check.js';
import type { TopicActionPlan } from './topic-actions.js';

export const SEND_WHILE_SOURCE_DOWN_FLAG = '--send-while-source-down';

interface StateRow {
  readonly state: string;
  readonly retryAttempt: number;
  readonly errorMessage: string | null;
}

export function sourceDownOptions(mirror: string, command: string): string {
  return (
    `producers: the topics stay read-only (writes fail with READ_ONLY_TOPIC) until their partitions are STOPPED. ` +
    `Options: (1) restore reachability (the source cluster, or the brokers' bootstrap.servers, network or ` +
    `credentials, which kmirror config get ${mirror} shows); at their next retry (${NEXT_RETRY}) the ` +
    `partitions are MIRRORING and ` +
    `kmirror ${command} works. (2) kmirror remove-topics ${SEND_WHILE_SOURCE_DOWN_FLAG} sends a stop anyway: ` +
    'a stop by name is refused (INVALID_CLUSTER_MIRROR_STATES); a --pattern is stored in mirror.topics.exclude ' +
    'and the topic recorded as ' +
    'STOPPED, but its FAILED partitions ignore that: it stays read-only, goes MIRRORING (not STOPPED) when the ' +
    'source returns, and from then on stop and pause are refused. (3) After that, a restart of the destination ' +
    'brokers may stop some of its partitions and leave others MIRRORING (how many varies: all, some or none). ' +
    `Afterwards run kmirror describe ${mirror}: only partitions in STOPPED take writes.`
  );
}

/** Unless the brokers' partitions show them fetching from the source. */
export async function refuseStopWhileSourceDown(
  client: KafkaClient,
  mirror: string,
  command: string,
  rows: readonly StateRow[],
  policy: SourceCheckPolicy,
  stored?: ReadonlyMap<string, string>,
): Promise<SourceAnswer<unknown> | null> {
  const brokers = brokerSourceView(rows);
  if (!policy.enabled || brokers === 'fetching') return null;
  const [answer] = await checkSources(
    client,
    [{ mirror, needs: ['refuse-stop'], ...(stored ? { stored } : {}) }],
    clusterIdProbe,
    policy,
  );
  if (answer?.status !== 'no-answer') return answer ?? null;
  throw new MirrorError(
    `${sourceReachText(answer, brokers) ?? `the source of mirror ${mirror} does not answer`}; nothing was sent: ` +
      'this broker cannot make a topic writable while its source is unreachable',
    'failed',
    { hint: sourceDownOptions(mirror, command) },
  );
}

/**
 * --send-while-source-down: named topics held back only by retryable FAILED partitions are sent too, as a
 * pattern is; the broker decides (the prototype refuses a stop by name of a FAILED topic, and says so).
 * Wedged topics stay blocked: no request reaches them.
 */
export function sendingFailedTopics(plan: TopicActionPlan): TopicActionPlan {
  const heldByFailed = (t: TopicActionPlan['topics'][number]): boolean =>
    t.verdict === 'blocked' &&
    t.named &&
    !(t.causes ?? []).some((c) => c.cause === 'wedged') &&
    t.partitions.some((p) => p.state === 'FAILED') &&
    t.partitions.every((p) => plan.spec.movable.includes(p.state) || (p.state === 'FAILED' && p.retryAttempt >= 0));
  const topics = plan.topics.map((t) =>
    heldByFailed(t) ? { ...t, verdict: 'send' as const, reason: undefined, causes: undefined } : t,
  );
  const send = topics.filter((t) => t.verdict === 'send').map((t) => t.topic);
  return { ...plan, topics, send, sendsRequest: plan.sendsRequest || send.length > 0 };
}
