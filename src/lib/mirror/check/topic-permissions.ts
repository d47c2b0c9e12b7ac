// `check MIRROR`, the topic part: pause, stop (remove-topics) and resume need ALTER_CONFIGS on every
// listed topic besides ALTER on the mirror; the prototype answers TOPIC_AUTHORIZATION_FAILED otherwise
// (PROTOCOL.md §18 "Authorization"). The mirror's bitfield cannot show it: Metadata's
// TopicAuthorizedOperations does.

import type { KafkaClient } from '../../kafka/client.js';
import { ListClusterMirrors, Metadata } from '../../kafka/messages/index.js';
import { errors } from '../../kafka/error-codes.js';
import { decodeOperations } from '../core/operations.js';

export const TOPIC_PERMISSION = {
  operation: 'ALTER_CONFIGS',
  neededBy: ['pause', 'remove-topics', 'resume'],
} as const;

export interface TopicPermissionCheck {
  /** The topic-level operation these commands need on each listed topic. */
  readonly operation: string;
  readonly neededBy: string[];
  /** The mirror's topics this principal lacks it on (a topic it may not even describe counts). */
  readonly deniedTopics: string[];
  /** Mirror topics checked. @minimum 0 */
  readonly checkedTopics: number;
}

export async function mirrorTopicNames(client: KafkaClient, name: string): Promise<string[]> {
  const listed = await client.send(ListClusterMirrors, { IncludeTopicNames: true });
  return [...(listed.Mirrors.find((m) => m.MirrorName === name)?.TopicNames ?? [])].sort();
}

export async function checkTopicPermissions(
  client: KafkaClient,
  topics: readonly string[],
): Promise<TopicPermissionCheck> {
  const denied: string[] = [];
  if (topics.length > 0) {
    const metadata = await client.send(Metadata, {
      Topics: topics.map((Name) => ({ Name })),
      AllowAutoTopicCreation: false,
      IncludeTopicAuthorizedOperations: true,
    });
    for (const t of metadata.Topics) {
      const name = t.Name ?? '';
      if (t.ErrorCode === errors.TOPIC_AUTHORIZATION_FAILED.code) denied.push(name);
      // A topic not created yet (unknown partition count) has nothing to check.
      if (t.ErrorCode !== 0) continue;
      const ops = decodeOperations(t.TopicAuthorizedOperations);
      // A broker that does not fill the field is not taken as a denial.
      if (ops !== undefined && !ops.includes('ALL') && !ops.includes(TOPIC_PERMISSION.operation)) denied.push(name);
    }
    denied.sort();
  }
  return {
    operation: TOPIC_PERMISSION.operation,
    neededBy: [...TOPIC_PERMISSION.neededBy],
    deniedTopics: denied,
    checkedTopics: topics.length,
  };
}
