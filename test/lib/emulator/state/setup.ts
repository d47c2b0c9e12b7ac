// Shared fixtures for the engine tests: a source and a destination on one manual clock, joined
// by a registry, plus helpers that tick in small steps and merge per-node describes.

import { ManualClock } from '../../../../src/lib/emulator/state/clock.js';
import { EmulatedCluster, type EmulatedClusterOptions } from '../../../../src/lib/emulator/state/cluster.js';
import { ClusterRegistry } from '../../../../src/lib/emulator/state/registry.js';
import type { MirrorPartitionDetail } from '../../../../src/lib/emulator/state/message-bodies.js';
import type { RequestContext } from '../../../../src/lib/emulator/state/types.js';

export const SOURCE_ADDRESS = 'source:9092';

/**
 * These tests want a started partition MIRRORING at once, so they turn off the prototype's startup
 * FAILED (see MirrorTiming.startupFailureMs); a test that studies it passes its own timing.
 */
export const INSTANT_START = { startupFailureMs: 0 } as const;

export function ctx(principal = 'User:admin', nodeId = 1, isController = false): RequestContext {
  return { principal, nodeId, isController };
}

export interface Pair {
  readonly clock: ManualClock;
  readonly registry: ClusterRegistry;
  readonly source: EmulatedCluster;
  readonly destination: EmulatedCluster;
}

export function pair(
  destination: Partial<EmulatedClusterOptions> = {},
  source: Partial<EmulatedClusterOptions> = {},
): Pair {
  const clock = new ManualClock(0);
  const registry = new ClusterRegistry();
  const src = new EmulatedCluster({ name: 'source', clock, registry, ...source });
  const dst = new EmulatedCluster({
    name: 'destination',
    clock,
    registry,
    ...destination,
    timing: { ...INSTANT_START, ...destination.timing },
  });
  registry.register(SOURCE_ADDRESS, src);
  return { clock, registry, source: src, destination: dst };
}

export function mirrorConfig(p: Pair, extra: Record<string, string> = {}): { Name: string; Value: string | null }[] {
  const base: Record<string, string> = {
    'bootstrap.servers': SOURCE_ADDRESS,
    'mirror.source.cluster.id': p.source.clusterId,
    ...extra,
  };
  return Object.entries(base).map(([Name, Value]) => ({ Name, Value }));
}

export function createMirror(p: Pair, name = 'm1', extra: Record<string, string> = {}): void {
  const res = p.destination.createClusterMirror(ctx(), { MirrorName: name, Config: mirrorConfig(p, extra) });
  if (res.ErrorCode !== 0) throw new Error(`create failed with ${res.ErrorCode}`);
}

/** Starts source topics on the destination with their real ids and partition counts. */
export function startTopics(p: Pair, mirror: string, names: string[]): void {
  const res = p.destination.startMirrorTopics(ctx(), {
    MirrorName: mirror,
    Topics: names.map((n) => {
      const t = p.source.topics.get(n);
      if (!t) throw new Error(`no source topic ${n}`);
      return { TopicId: t.id, TopicName: n, NumPartitions: t.partitions.length };
    }),
  });
  if (res.ErrorCode !== 0) throw new Error(`start failed with ${res.ErrorCode} ${res.ErrorMessage ?? ''}`);
}

/** Advances the clock by `totalMs` in steps, ticking every cluster after each step. */
/** A failback's start: A (the pair's source) gets mirror `rev` reading from B at `address`, with `topic` in it. */
export function startReverseMirror(p: Pair, address: string, topic: string, partitions: number): void {
  const created = p.source.createClusterMirror(ctx(), {
    MirrorName: 'rev',
    Config: [
      { Name: 'bootstrap.servers', Value: address },
      { Name: 'mirror.source.cluster.id', Value: p.destination.clusterId },
    ],
  });
  if (created.ErrorCode !== 0) throw new Error(`create rev failed with ${created.ErrorCode}`);
  const started = p.source.startMirrorTopics(ctx(), {
    MirrorName: 'rev',
    Topics: [{ TopicId: p.source.topics.get(topic)?.id ?? '', TopicName: topic, NumPartitions: partitions }],
  });
  if (started.ErrorCode !== 0) throw new Error(`start in rev failed with ${started.ErrorCode}`);
}

export function run(p: Pair, totalMs: number, stepMs = 100): void {
  p.destination.tick();
  for (let done = 0; done < totalMs;) {
    const step = Math.min(stepMs, totalMs - done);
    p.clock.advance(step);
    done += step;
    p.source.tick();
    p.destination.tick();
  }
}

export interface Row extends MirrorPartitionDetail {
  readonly mirror: string;
  readonly topic: string;
  readonly node: number;
}

/** DescribeClusterMirrors sent to every node and merged, as a client must. */
export function describeAll(cluster: EmulatedCluster, principal = 'User:admin', names: string[] = []): Row[] {
  const rows: Row[] = [];
  for (const node of cluster.liveNodeIds()) {
    const res = cluster.describeClusterMirrors(ctx(principal, node), { MirrorNames: names });
    for (const m of res.Mirrors) {
      for (const t of m.Topics)
        for (const part of t.Partitions) rows.push({ ...part, mirror: m.MirrorName, topic: t.TopicName, node });
    }
  }
  return rows.sort((a, b) => (a.topic === b.topic ? a.PartitionIndex - b.PartitionIndex : a.topic < b.topic ? -1 : 1));
}

export function rowsOf(cluster: EmulatedCluster, topic: string): Row[] {
  return describeAll(cluster).filter((r) => r.topic === topic);
}

export function states(cluster: EmulatedCluster, topic: string): string[] {
  return rowsOf(cluster, topic).map((r) => r.StateValue);
}
