// Mirrors for the list/describe end-to-end tests, set up through the emulator's engine (the
// create/add-topics commands are tested on their own), plus polling and output normalisation.

import type { EmulatedClusters } from '../../src/lib/emulator/index.js';

const ADMIN = { principal: 'User:admin', nodeId: 1 };

export function createMirror(emulator: EmulatedClusters, name: string): void {
  const response = emulator.destination.cluster.createClusterMirror(ADMIN, {
    MirrorName: name,
    Config: [
      { Name: 'bootstrap.servers', Value: emulator.source.bootstrap },
      { Name: 'mirror.source.cluster.id', Value: emulator.source.clusterId },
    ],
  });
  if (response.ErrorCode !== 0) throw new Error(`CreateClusterMirror ${name} failed with ${response.ErrorCode}`);
}

/** Starts source topics in a mirror with their real ids and partition counts. */
export function startTopics(emulator: EmulatedClusters, mirror: string, topics: readonly string[]): void {
  const source = emulator.source.cluster;
  const response = emulator.destination.cluster.startMirrorTopics(ADMIN, {
    MirrorName: mirror,
    Topics: topics.map((name) => {
      const topic = source.topics.get(name);
      if (!topic) throw new Error(`no source topic ${name}`);
      return { TopicId: topic.id, TopicName: name, NumPartitions: topic.partitions.length };
    }),
  });
  if (response.ErrorCode !== 0) throw new Error(`StartMirrorTopics failed with ${response.ErrorCode}`);
}

export function pauseTopics(emulator: EmulatedClusters, mirror: string, topics: readonly string[]): void {
  const response = emulator.destination.cluster.pauseMirrorTopics(ADMIN, {
    MirrorName: mirror,
    Topics: topics.map((TopicName) => ({ TopicName })),
  });
  if (response.ErrorCode !== 0 || response.Topics.some((t) => t.ErrorCode !== 0))
    throw new Error(`PauseMirrorTopics failed: ${JSON.stringify(response)}`);
}

export function stopTopics(emulator: EmulatedClusters, mirror: string, topics: readonly string[]): void {
  const response = emulator.destination.cluster.stopMirrorTopics(ADMIN, {
    MirrorName: mirror,
    Topics: topics.map((TopicName) => ({ TopicName })),
  });
  if (response.ErrorCode !== 0 || response.Topics.some((t) => t.ErrorCode !== 0))
    throw new Error(`StopMirrorTopics failed: ${JSON.stringify(response)}`);
}

/** Partition states of a destination topic as the engine holds them. */
export function engineStates(emulator: EmulatedClusters, topic: string): string[] {
  return (emulator.destination.cluster.topics.get(topic)?.partitions ?? []).map((p) => p.mirror?.state ?? 'UNKNOWN');
}

/** Polls `check` until it returns true; fails with `what` after `timeoutMs`. */
export async function waitFor(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs = 15_000,
  intervalMs = 100,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Golden text: ports vary per run, everything else is fixed by the seed and stable states. */
export function normalisePorts(text: string): string {
  return text.replace(/(127\.0\.0\.1|localhost):\d+/g, '$1:<port>');
}
