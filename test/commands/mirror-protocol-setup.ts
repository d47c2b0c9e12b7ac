// Mirrors for the delete/check end-to-end tests, set up over the wire with the protocol layer
// (KafkaClient + CreateClusterMirror/StartMirrorTopics/StopMirrorTopics) as a privileged principal,
// so the tests do not depend on the commands that create and stop topics.

import { Deadline } from '../../src/lib/cli/command/deadline.js';
import type { KafkaClient } from '../../src/lib/kafka/client.js';
import { createClient } from '../../src/lib/kafka/connect.js';
import {
  CreateClusterMirror,
  ListClusterMirrors,
  StartMirrorTopics,
  StopMirrorTopics,
} from '../../src/lib/kafka/messages/index.js';
import type { AclRule, EmulatedClusters } from '../../src/lib/emulator/index.js';
import { describeMirrors } from '../../src/lib/mirror/describe/describe.js';
import { waitFor } from './describe-setup.js';

/** SASL users of the ACL tests: one super user for setup, the others with the rules below. */
export const USERS = {
  admin: 'admin-secret',
  full: 'full-secret',
  reader: 'reader-secret',
  nodelete: 'nodelete-secret',
  noalter: 'noalter-secret',
  stranger: 'stranger-secret',
} as const;

export type TestUser = keyof typeof USERS;

const mirrorRule = (user: TestUser, operation: AclRule['operation']): AclRule => ({
  principal: `User:${user}`,
  resourceType: 'CLUSTER_MIRROR',
  name: '*',
  operation,
});

/** Emulator options: SASL/PLAIN with {@link USERS}, and destination ACLs giving each user what its name says. */
export function aclEmulatorOptions(seed: string) {
  return {
    seed,
    demoTopics: false,
    sasl: { mechanisms: ['PLAIN' as const], users: USERS },
    destination: {
      acls: {
        superUsers: ['User:admin'],
        rules: [
          mirrorRule('full', 'ALL'),
          mirrorRule('reader', 'DESCRIBE'),
          mirrorRule('nodelete', 'DESCRIBE'),
          mirrorRule('nodelete', 'ALTER'),
          mirrorRule('noalter', 'DESCRIBE'),
          mirrorRule('noalter', 'DELETE'),
        ],
      },
    },
  };
}

/** CLI arguments and environment that connect to the destination as `user`. */
export function asUser(emulator: EmulatedClusters, user: TestUser): { args: string[]; env: Record<string, string> } {
  return {
    args: ['-b', emulator.destination.bootstrap, '--sasl-mechanism', 'plain', '--sasl-username', user],
    env: { KMIRROR_SASL_PASSWORD: USERS[user] },
  };
}

export function protocolClient(emulator: EmulatedClusters, user: TestUser = 'admin'): KafkaClient {
  return createClient(
    {
      bootstrap: emulator.destination.bootstrap.split(','),
      clientId: 'kmirror-test-setup',
      sasl: { mechanism: 'plain', username: user, password: USERS[user] },
    },
    new Deadline(60_000),
  );
}

export async function createMirror(client: KafkaClient, emulator: EmulatedClusters, name: string): Promise<void> {
  const response = await client.send(CreateClusterMirror, {
    MirrorName: name,
    Config: [
      { Name: 'bootstrap.servers', Value: emulator.source.bootstrap },
      { Name: 'mirror.source.cluster.id', Value: emulator.source.clusterId },
    ],
  });
  if (response.ErrorCode !== 0) throw new Error(`CreateClusterMirror ${name} failed with ${response.ErrorCode}`);
}

/** Creates each topic on the source (2 partitions) and starts it in the mirror. */
export async function startTopics(
  client: KafkaClient,
  emulator: EmulatedClusters,
  mirror: string,
  topics: readonly string[],
): Promise<void> {
  const source = emulator.source.cluster;
  const response = await client.send(StartMirrorTopics, {
    MirrorName: mirror,
    Topics: topics.map((name) => {
      const topic = source.topics.get(name) ?? source.createTopic(name, { partitions: 2 });
      return { TopicId: topic.id, TopicName: name, NumPartitions: topic.partitions.length };
    }),
  });
  if (response.ErrorCode !== 0)
    throw new Error(`StartMirrorTopics failed with ${response.ErrorCode}: ${response.ErrorMessage ?? ''}`);
}

export async function stopTopics(client: KafkaClient, mirror: string, topics: readonly string[]): Promise<void> {
  const response = await client.send(StopMirrorTopics, {
    MirrorName: mirror,
    Topics: topics.map((TopicName) => ({ TopicName })),
  });
  if (response.ErrorCode !== 0 || response.Topics.some((t) => t.ErrorCode !== 0))
    throw new Error(`StopMirrorTopics failed: ${JSON.stringify(response)}`);
}

/** Polls DescribeClusterMirrors until every partition of `topics` reports `state`. */
export async function waitForState(
  client: KafkaClient,
  mirror: string,
  topics: readonly string[],
  state: string,
): Promise<void> {
  await waitFor(`${topics.join(',')} in ${mirror} to be ${state}`, async () => {
    const described = await describeMirrors(client, [mirror]);
    const found = described.mirrors[0]?.topics ?? [];
    return topics.every((name) => {
      const topic = found.find((t) => t.name === name);
      return topic !== undefined && topic.partitions.length > 0 && topic.partitions.every((p) => p.state === state);
    });
  });
}

/** A mirror whose topics `stopped` are STOPPED and `mirroring` are MIRRORING. */
export async function setUpMirror(
  client: KafkaClient,
  emulator: EmulatedClusters,
  name: string,
  topics: { stopped?: readonly string[]; mirroring?: readonly string[] },
): Promise<void> {
  await createMirror(client, emulator, name);
  const all = [...(topics.stopped ?? []), ...(topics.mirroring ?? [])];
  if (all.length === 0) return;
  await startTopics(client, emulator, name, all);
  await waitForState(client, name, all, 'MIRRORING');
  if (topics.stopped && topics.stopped.length > 0) {
    await stopTopics(client, name, topics.stopped);
    await waitForState(client, name, topics.stopped, 'STOPPED');
  }
}

export async function mirrorNames(client: KafkaClient): Promise<string[]> {
  const listed = await client.send(ListClusterMirrors, { IncludeTopicNames: false });
  return listed.Mirrors.map((m) => m.MirrorName).sort();
}
