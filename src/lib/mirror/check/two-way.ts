// Mirroring both ways: a topic this cluster lists in a mirror reading from cluster X, while X lists
// it in a mirror reading from here. After a failback this is expected until the old mirror is
// deleted, and it costs: both clusters raise the topic's leader epoch at every sync and the mirroring
// side flaps to FAILED; with both mirrors active it is a mirror loop. `kmirror check` on either
// cluster asks each mirror's source for its mirrors to find it.

import type { ConnectionConfig } from '../../connection/connection-config.js';
import type { KafkaClient } from '../../kafka/client.js';
import { KafkaProtocolError } from '../../kafka/errors.js';
import { ListClusterMirrors } from '../../kafka/messages/index.js';
import { describeMirrors } from '../describe/describe.js';
import { describeMirrorConfigs, sourceConnection } from '../core/source-client.js';

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
  /** A client to a mirror's source, bounded so that an unreachable source only costs a few seconds. */
  openSource(settings: ConnectionConfig): Promise<KafkaClient>;
}

function stateCounts(states: Readonly<Record<string, number>>): string {
  return Object.entries(states)
    .map(([state, n]) => `${n} ${state}`)
    .join(', ');
}

function allStopped(states: Readonly<Record<string, number>>): boolean {
  return Object.keys(states).every((s) => s === 'STOPPED');
}

export async function checkTwoWay(
  client: KafkaClient,
  clusterId: string,
  deps: TwoWayDependencies,
): Promise<TwoWayCheck> {
  const here = await describeMirrors(client, []);
  const result: TwoWayCheck = { checkedMirrors: [], unreachable: [], topics: [] };
  for (const mirror of here.mirrors) {
    if (mirror.topics.length === 0) continue;
    let source: KafkaClient | undefined;
    try {
      const stored = await describeMirrorConfigs(client, mirror.name);
      source = await deps.openSource(await sourceConnection({ mirror: mirror.name, stored }, () => undefined));
      const listed = await source.send(ListClusterMirrors, { IncludeTopicNames: false });
      if (listed.ErrorCode !== 0)
        throw new KafkaProtocolError(listed.ErrorCode, 'ListClusterMirrors', listed.ErrorMessage);
      result.checkedMirrors.push(mirror.name);
      const back = listed.Mirrors.filter((m) => m.SourceClusterId === clusterId).map((m) => m.MirrorName);
      if (back.length === 0) continue;
      const there = await describeMirrors(source, back, { namesKnownToExist: true });
      const otherCluster = (await source.clusterView()).clusterId ?? stored.get('mirror.source.cluster.id') ?? '?';
      for (const topic of mirror.topics) {
        for (const other of there.mirrors) {
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
    } catch (err) {
      result.unreachable.push({ mirror: mirror.name, message: err instanceof Error ? err.message : String(err) });
    } finally {
      await source?.close().catch(() => undefined);
    }
  }
  return result;
}
