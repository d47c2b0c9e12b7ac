// Mirroring both ways: a topic listed here in a mirror reading from X while X lists it in a mirror reading
// from here. After a failback it is expected until the old mirror is deleted (leader epochs raised at every
// sync, §18); with both mirrors active it is a mirror loop.

import type { KafkaClient } from '../../kafka/client.js';
import { KafkaProtocolError } from '../../kafka/errors.js';
import { ListClusterMirrors } from '../../kafka/messages/index.js';
import { describeMirrors } from '../describe/describe.js';
import type { DescribeResult } from '../describe/describe-types.js';
import { checkSources, type SourceCheckPolicy } from '../core/source-check.js';
import { allStopped, stateCounts } from '../describe/loop-check.js';

export interface TwoWayTopic {
  readonly topic: string;
  /** The mirror here, and the topic's partition states in it ("2 MIRRORING"). */
  readonly mirror: string;
  readonly states: string;
  /** The other cluster's mirror that reads from here, and the states there. */
  readonly otherCluster: string;
  readonly otherMirror: string;
  readonly otherStates: string;
  /** `loop`: both still mirror it; `epoch-war`: one side STOPPED (a failback's leftover). */
  readonly kind: 'loop' | 'epoch-war';
}

export interface TwoWayCheck {
  /** Mirrors whose source cluster kmirror asked. */
  readonly checkedMirrors: string[];
  /** Mirrors whose source could not be asked from here, with why. */
  readonly unreachable: { readonly mirror: string; readonly message: string }[];
  readonly topics: TwoWayTopic[];
}

export interface TwoWayDependencies {
  readonly sourceCheck: SourceCheckPolicy;
}

interface MirrorsBack {
  readonly there: DescribeResult;
  readonly otherCluster: string | null;
}

export async function checkTwoWay(
  client: KafkaClient,
  clusterId: string,
  deps: TwoWayDependencies,
): Promise<TwoWayCheck> {
  const here = await describeMirrors(client, []);
  const result: TwoWayCheck = { checkedMirrors: [], unreachable: [], topics: [] };
  const mirrors = here.mirrors.filter((m) => m.topics.length > 0);
  const answers = await checkSources(
    client,
    mirrors.map((m) => ({ mirror: m.name, needs: ['find-loops'] as const })),
    async (source): Promise<MirrorsBack> => {
      const listed = await source.send(ListClusterMirrors, { IncludeTopicNames: false });
      if (listed.ErrorCode !== 0)
        throw new KafkaProtocolError(listed.ErrorCode, 'ListClusterMirrors', listed.ErrorMessage);
      const back = listed.Mirrors.filter((m) => m.SourceClusterId === clusterId).map((m) => m.MirrorName);
      const there =
        back.length === 0
          ? { mirrors: [], notFound: [], errors: [], brokerWarnings: [] }
          : await describeMirrors(source, back, { namesKnownToExist: true });
      return { there, otherCluster: (await source.clusterView()).clusterId };
    },
    deps.sourceCheck,
  );
  for (const answer of answers) {
    const mirror = mirrors.find((m) => m.name === answer.mirror);
    if (!mirror || answer.status === 'not-checked') continue;
    if (answer.status !== 'answered') {
      result.unreachable.push({ mirror: mirror.name, message: answer.message });
      continue;
    }
    result.checkedMirrors.push(mirror.name);
    const otherCluster = answer.facts.otherCluster ?? '?';
    for (const topic of mirror.topics) {
      for (const other of answer.facts.there.mirrors) {
        const match = other.topics.find((t) => t.name === topic.name);
        if (!match) continue;
        const stopped = allStopped(topic.summary.states) || allStopped(match.summary.states);
        if (allStopped(topic.summary.states) && allStopped(match.summary.states)) continue;
        result.topics.push({
          topic: topic.name,
          mirror: mirror.name,
          states: stateCounts(topic.summary.states),
          otherCluster,
          otherMirror: other.name,
          otherStates: stateCounts(match.summary.states),
          kind: stopped ? 'epoch-war' : 'loop',
        });
      }
    }
  }
  return result;
}
