// What one cluster of the estate says about itself; a cluster that cannot be read is reported by the caller.

import type { KafkaClient } from '../../kafka/client.js';
import { Metadata } from '../../kafka/messages/index.js';
import { listMirrors } from '../core/list.js';
import { describeMirrors } from '../describe/describe.js';
import type { TopicDescription } from '../describe/describe-types.js';
import { reportedClusterId } from '../config/source-cluster-id.js';
import { MirrorError } from '../core/errors.js';

export interface MirrorSnapshot {
  readonly name: string;
  readonly sourceClusterId: string;
  readonly sourceBootstrap: string;
  readonly topics: readonly TopicDescription[];
}

export interface ClusterSnapshot {
  readonly label: string;
  readonly bootstrap: string;
  readonly clusterId: string;
  readonly mirrors: readonly MirrorSnapshot[];
  readonly topics: ReadonlyMap<string, number>;
  readonly warnings: readonly string[];
}

export interface EstateTarget {
  readonly label: string;
  readonly bootstrap: string;
  readonly client: KafkaClient;
}

export async function readClusterSnapshot(target: EstateTarget): Promise<ClusterSnapshot> {
  const { client } = target;
  const clusterId = await reportedClusterId(client);
  if (!clusterId) throw new MirrorError('the cluster reported no cluster id', 'failed');
  const [listed, metadata] = await Promise.all([
    listMirrors(client),
    client.send(Metadata, { Topics: null, AllowAutoTopicCreation: false, IncludeTopicAuthorizedOperations: false }),
  ]);
  const described =
    listed.length === 0
      ? { mirrors: [], brokerWarnings: [] }
      : await describeMirrors(
          client,
          listed.map((m) => m.name),
          { namesKnownToExist: true },
        );
  const mirrors = listed.map((m): MirrorSnapshot => ({
    name: m.name,
    sourceClusterId: m.sourceClusterId ?? '',
    sourceBootstrap: m.sourceBootstrap ?? '',
    topics: described.mirrors.find((d) => d.name === m.name)?.topics ?? [],
  }));
  const topics = new Map<string, number>();
  for (const t of metadata.Topics)
    if (t.ErrorCode === 0 && t.Name !== null && !t.IsInternal) topics.set(t.Name, t.Partitions.length);
  return {
    label: target.label,
    bootstrap: target.bootstrap,
    clusterId,
    mirrors,
    topics,
    warnings: described.brokerWarnings.map(
      (w) => `${target.label}: broker ${w.broker} did not describe its mirror partitions (${w.message})`,
    ),
  };
}
