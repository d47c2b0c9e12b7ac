// Shared set-up for the remove-topics / pause / resume end-to-end tests: mirrors and started
// topics go through the protocol layer (KafkaClient), not through the create/add-topics commands.

import assert from 'node:assert/strict';
import { Deadline } from '../../src/lib/cli/command/deadline.js';
import type { EmulatedClusters } from '../../src/lib/emulator/index.js';
import type { KafkaClient } from '../../src/lib/kafka/client.js';
import { createClient } from '../../src/lib/kafka/connect.js';
import { CreateClusterMirror, PauseMirrorTopics, StartMirrorTopics } from '../../src/lib/kafka/messages/index.js';
import type { JsonDocument } from '../../src/lib/cli/output/json-document.js';
import type { TopicActionResult } from '../../src/lib/mirror/topics/topic-actions.js';

export type ActionJson = JsonDocument<TopicActionResult>;

export interface ErrorJson {
  error: { exitCode: number; kafkaError: { code: number; name: string } | null; message: string; hint: string | null };
}

async function withClient<T>(emulator: EmulatedClusters, use: (client: KafkaClient) => Promise<T>): Promise<T> {
  const client = createClient(
    { bootstrap: emulator.destination.bootstrap.split(','), clientId: 'topic-actions-test' },
    new Deadline(20_000),
  );
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}

export async function createMirror(emulator: EmulatedClusters, name: string): Promise<void> {
  await withClient(emulator, async (client) => {
    const answer = await client.send(CreateClusterMirror, {
      MirrorName: name,
      Config: [
        { Name: 'bootstrap.servers', Value: emulator.source.bootstrap },
        { Name: 'mirror.source.cluster.id', Value: emulator.source.clusterId },
      ],
    });
    assert.equal(answer.ErrorCode, 0, `creating mirror ${name}`);
  });
}

/** StartMirrorTopics with each topic's source id and partition count, then waits until MIRRORING. */
export async function startTopics(
  emulator: EmulatedClusters,
  mirror: string,
  topics: readonly string[],
): Promise<void> {
  const source = emulator.source.cluster;
  await withClient(emulator, async (client) => {
    const answer = await client.send(StartMirrorTopics, {
      MirrorName: mirror,
      Topics: topics.map((name) => {
        const topic = source.topics.get(name);
        assert.ok(topic, `no source topic ${name}`);
        return { TopicId: topic.id, TopicName: name, NumPartitions: topic.partitions.length };
      }),
    });
    assert.equal(answer.ErrorCode, 0, `starting ${topics.join(',')}`);
  });
  await waitFor(`${topics.join(',')} MIRRORING`, () =>
    topics.every((t) => statesOf(emulator, t).length > 0 && statesOf(emulator, t).every((s) => s === 'MIRRORING')),
  );
}

export async function pauseTopics(
  emulator: EmulatedClusters,
  mirror: string,
  topics: readonly string[],
): Promise<void> {
  await withClient(emulator, async (client) => {
    const answer = await client.send(PauseMirrorTopics, {
      MirrorName: mirror,
      Topics: topics.map((TopicName) => ({ TopicName })),
    });
    assert.equal(answer.ErrorCode, 0, `pausing ${topics.join(',')}`);
  });
  await waitFor(`${topics.join(',')} PAUSED`, () =>
    topics.every((t) => statesOf(emulator, t).every((s) => s === 'PAUSED')),
  );
}

/** Partition states of a destination topic as the engine holds them. */
export function statesOf(emulator: EmulatedClusters, topic: string): string[] {
  return (emulator.destination.cluster.topics.get(topic)?.partitions ?? []).map((p) => p.mirror?.state ?? 'UNKNOWN');
}

export async function waitFor(what: string, check: () => boolean, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Every node of the destination answers `api` with per-topic codes (the broker pre-validation pre-empts them
 * otherwise).
 */
export function injectTopicErrors(
  emulator: EmulatedClusters,
  api: string,
  codes: Readonly<Record<string, number>>,
  message: string | null = null,
): void {
  for (const node of emulator.destination.nodes) node.faults.failTopicsWith(api, codes, { message, times: 1 });
}

export function clearFaults(emulator: EmulatedClusters): void {
  for (const node of emulator.destination.nodes) node.faults.clear();
}
