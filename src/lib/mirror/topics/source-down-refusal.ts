// A stop while the source does not answer (PROTOCOL.md §18): a stop by name is refused, a stored exclude is
// recorded but FAILED partitions ignore it and are wedged once the source returns; so kmirror refuses first.

import type { KafkaClient } from '../../kafka/client.js';
import { MirrorError } from '../core/errors.js';
import {
  brokerSourceView,
  checkSources,
  clusterIdProbe,
  sourceReachText,
  type SourceAnswer,
  type SourceCheckPolicy,
} from '../core/source-check.js';

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
    `credentials, which kmirror config get ${mirror} shows); within seconds the partitions are MIRRORING and ` +
    `kmirror ${command} works. (2) kmirror remove-topics ${SEND_WHILE_SOURCE_DOWN_FLAG} sends a stop anyway: ` +
    'a stop by name is refused (INVALID_CLUSTER_MIRROR_STATES); a --pattern is stored in mirror.topics.exclude ' +
    'and the topic recorded as ' +
    'STOPPED, but its FAILED partitions ignore that: it stays read-only, goes MIRRORING (not STOPPED) when the ' +
    'source returns, and from then on stop and pause are refused. (3) After that, a restart of the destination ' +
    'brokers stopped some of its partitions and left others MIRRORING (seen on the prototype: 1 of 2). ' +
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
