// A mirrored topic's id on the source against the destination's: a source topic recreated under a new
// id is never fetched (UNKNOWN_TOPIC_ID), so the destination shows MIRRORING with lag 0 and copies
// nothing (PROTOCOL.md §18). Shared by describe's --fail-on, diff and check MIRROR.

import type { KafkaClient } from '../../kafka/client.js';
import { Metadata } from '../../kafka/messages/index.js';
import { ZERO_UUID } from '../../kafka/wire/uuid.js';

/** A mirrored topic whose source id is not the destination's: it copies nothing. */
export interface RecreatedSourceTopic {
  readonly mirror: string;
  readonly topic: string;
  readonly sourceTopicId: string;
  readonly destinationTopicId: string;
  readonly summary: string;
  readonly recovery: string;
}

export function recreatedTopic(
  mirror: string,
  topic: string,
  source: string,
  destination: string,
): RecreatedSourceTopic {
  return {
    mirror,
    topic,
    sourceTopicId: source,
    destinationTopicId: destination,
    summary:
      `${topic} copies nothing: the source topic was recreated (source id ${source}, destination ${destination}); ` +
      'the broker shows it MIRRORING with lag 0',
    recovery:
      `the broker's own remedy: delete the topic on the destination and let the mirror create it again with the ` +
      `source's id (every record copied so far is lost there); or stop it (kmirror remove-topics ${mirror} ` +
      `--topic ${topic}) to keep the copy as it is and make it writable`,
  };
}

async function topicIdsOf(client: KafkaClient, topics: readonly string[]): Promise<Map<string, string>> {
  const response = await client.send(Metadata, {
    Topics: topics.map((Name) => ({ Name })),
    AllowAutoTopicCreation: false,
  });
  const ids = new Map<string, string>();
  for (const t of response.Topics)
    if (t.ErrorCode === 0 && t.Name !== null && t.TopicId !== ZERO_UUID) ids.set(t.Name, t.TopicId);
  return ids;
}

export async function compareTopicIds(
  source: KafkaClient,
  destination: KafkaClient,
  mirror: string,
  topics: readonly string[],
): Promise<RecreatedSourceTopic[]> {
  if (topics.length === 0) return [];
  const [there, here] = await Promise.all([topicIdsOf(source, topics), topicIdsOf(destination, topics)]);
  return topics.flatMap((topic) => {
    const s = there.get(topic);
    const d = here.get(topic);
    return s !== undefined && d !== undefined && s !== d ? [recreatedTopic(mirror, topic, s, d)] : [];
  });
}
