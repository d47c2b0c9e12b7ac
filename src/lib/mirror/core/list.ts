import type { KafkaClient } from '../../kafka/client.js';
import { KafkaProtocolError } from '../../kafka/errors.js';
import { ListClusterMirrors } from '../../kafka/messages/index.js';

export interface ListedMirror {
  readonly name: string;
  /**
   * ListClusterMirrors TopicCount: topics whose target state is MIRRORING, FAILED ones included (a real
   * broker counts the target state; PAUSED and STOPPED topics are not counted). @minimum 0
   */
  readonly topicCount: number;
  readonly sourceClusterId: string | null;
  readonly sourceBootstrap: string | null;
  /** MIRRORING and PAUSED topics, only with includeTopics. */
  readonly topics?: string[];
}

export async function listMirrors(
  client: KafkaClient,
  options: { includeTopics?: boolean } = {},
): Promise<ListedMirror[]> {
  await client.requireMirroring([ListClusterMirrors]);
  const response = await client.send(ListClusterMirrors, { IncludeTopicNames: options.includeTopics ?? false });
  if (response.ErrorCode !== 0)
    throw new KafkaProtocolError(response.ErrorCode, 'ListClusterMirrors', response.ErrorMessage);
  return response.Mirrors.map((m): ListedMirror => ({
    name: m.MirrorName,
    topicCount: m.TopicCount,
    sourceClusterId: m.SourceClusterId === '' ? null : m.SourceClusterId,
    sourceBootstrap: m.SourceBootstrap === '' ? null : m.SourceBootstrap,
    ...(options.includeTopics ? { topics: [...m.TopicNames].sort() } : {}),
  })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

export async function mirrorListed(client: KafkaClient, mirror: string): Promise<boolean> {
  return (await listedTopics(client, mirror, false)) !== null;
}

export async function listedTopics(
  client: KafkaClient,
  mirror: string,
  includeTopics = true,
): Promise<string[] | null> {
  const listed = await client.send(ListClusterMirrors, { IncludeTopicNames: includeTopics });
  if (listed.ErrorCode !== 0) throw new KafkaProtocolError(listed.ErrorCode, 'ListClusterMirrors', listed.ErrorMessage);
  return listed.Mirrors.find((m) => m.MirrorName === mirror)?.TopicNames ?? null;
}
