// The facts the cause table reads beyond the broker's rows, gathered only when partitions are FAILED:
// ListClusterMirrors leaves STOPPED topics out, and a STOPPED leftover on the source is the epoch war of §18;
// one source the brokers cannot reach stalls every mirror of the cluster.

import type { KafkaClient } from '../../kafka/client.js';
import { KafkaProtocolError, MirroringDisabledError, UnsupportedByClusterError } from '../../kafka/errors.js';
import { ListClusterMirrors } from '../../kafka/messages/index.js';
import { describeMirrors } from './describe.js';
import type { DescribeResult } from './describe-types.js';
import type { MirrorFailureFacts, ReadBackMirror } from './failure-causes.js';
import { failedWhy } from './failed-why.js';
import {
  type BrokerSourceView,
  brokerSourceView,
  checkSources,
  type SourceAnswer,
  type SourceCheckPolicy,
  sourceReachText,
} from '../core/source-check.js';

export type ReadBack = ReadonlyMap<string, readonly ReadBackMirror[]>;

/** One mirror's source check as the describe document reports it. */
export interface SourceCheckNote {
  readonly mirror: string;
  readonly status: SourceAnswer<unknown>['status'];
  /** What the destination brokers' partition states say about reaching that source. */
  readonly brokers: BrokerSourceView;
  /** The sentence for the operator; says both views when they differ. */
  readonly text: string;
}

export interface GatheredFailureFacts {
  readonly facts: Map<string, MirrorFailureFacts>;
  readonly checks: SourceCheckNote[];
}

const SOURCE_DESCRIBE_RETRY_MS = 500;

export function readBackProbe(clusterId: string | null): (source: KafkaClient) => Promise<ReadBack> {
  return async (source) => {
    const readBack = new Map<string, ReadBackMirror[]>();
    let listed;
    try {
      listed = await source.send(ListClusterMirrors, { IncludeTopicNames: false });
    } catch (err) {
      // A source without (enabled) mirroring mirrors nothing back.
      if (err instanceof UnsupportedByClusterError || err instanceof MirroringDisabledError) return readBack;
      throw err;
    }
    if (listed.ErrorCode !== 0)
      throw new KafkaProtocolError(listed.ErrorCode, 'ListClusterMirrors', listed.ErrorMessage);
    const back = listed.Mirrors.filter((m) => clusterId !== null && m.SourceClusterId === clusterId);
    if (back.length === 0) return readBack;
    const there = await describeMirrors(
      source,
      back.map((m) => m.MirrorName),
      { namesKnownToExist: true, brokerRetryMs: SOURCE_DESCRIBE_RETRY_MS },
    );
    for (const mirror of there.mirrors) {
      for (const topic of mirror.topics) {
        const stopped = topic.partitions.length > 0 && topic.partitions.every((p) => p.state === 'STOPPED');
        const list = readBack.get(topic.name) ?? [];
        list.push({ mirror: mirror.name, stopped });
        readBack.set(topic.name, list);
      }
    }
    return readBack;
  };
}

const failingRows = (m: DescribeResult['mirrors'][number]) =>
  m.topics.flatMap((t) => t.partitions).filter((p) => p.state === 'FAILED' && p.retryAttempt >= 0);

export async function gatherFailureFacts(
  client: KafkaClient,
  shown: DescribeResult,
  all: DescribeResult,
  policy: SourceCheckPolicy,
  retryMaxAttempts: number | null = null,
): Promise<GatheredFailureFacts> {
  const failing = all.mirrors.filter((m) => failingRows(m).length > 0);
  const wanted = new Set([...shown.mirrors.filter((m) => failingRows(m).length > 0).map((m) => m.name)]);
  if (wanted.size === 0) return { facts: new Map(), checks: [] };
  const views = new Map(all.mirrors.map((m) => [m.name, brokerSourceView(m.topics.flatMap((t) => t.partitions))]));
  // Every mirror whose brokers fail is asked too: it may be the one that stalls the others.
  for (const m of failing) if (views.get(m.name) === 'failing') wanted.add(m.name);
  const clusterId = (await client.clusterView()).clusterId;
  const answers = await checkSources(
    client,
    [...wanted].map((mirror) => ({ mirror, needs: ['explain-failed'] as const })),
    readBackProbe(clusterId),
    policy,
  );
  const byMirror = new Map(answers.map((a) => [a.mirror, a]));
  const blocking = blockingMirrors(views, byMirror);
  const facts = new Map<string, MirrorFailureFacts>();
  const checks: SourceCheckNote[] = [];
  for (const answer of answers) {
    const brokers = views.get(answer.mirror) ?? 'unknown';
    facts.set(answer.mirror, {
      sourceAnswers: sourceAnswers(answer),
      readBack: answer.status === 'answered' ? answer.facts : null,
      blockingMirrors: blocking,
    });
    const described = shown.mirrors.find((m) => m.name === answer.mirror);
    if (described === undefined) continue;
    const readBack = answer.status === 'answered' ? answer.facts : null;
    const why = failedWhy(described, { readBack, blockingMirrors: blocking, retryMaxAttempts });
    const text = sourceReachText(answer, brokers, why);
    if (text !== null) checks.push({ mirror: answer.mirror, status: answer.status, brokers, text });
  }
  return { facts, checks };
}

function sourceAnswers(answer: SourceAnswer<unknown>): boolean | null {
  if (answer.status === 'answered' || answer.status === 'refused') return true;
  if (answer.status === 'no-answer') return false;
  return null;
}

/** The stall of §18; null when a failing mirror's source could not be asked (then nobody is named). */
function blockingMirrors(
  views: ReadonlyMap<string, BrokerSourceView>,
  answers: ReadonlyMap<string, SourceAnswer<unknown>>,
): string[] | null {
  const blocking: string[] = [];
  for (const [mirror, view] of views) {
    if (view !== 'failing') continue;
    const answer = answers.get(mirror);
    if (answer?.status === 'no-answer') blocking.push(mirror);
    else if (answer === undefined || sourceAnswers(answer) === null) return null;
  }
  return blocking;
}
