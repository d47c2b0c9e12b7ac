// Topics and partitions of one cluster: end offsets grow lazily from a per-topic rate, so no source needs ticking.

import { noteRecords } from './epoch-history.js';
import type { Partition, Topic } from './types.js';

export type { MirrorLink, Partition, Topic } from './types.js';

/** Read-only until STOPPED; a deleted mirror's topics stay so until a restart (deleted-mirror-fence.ts). */
export function isFrozen(p: Partition): boolean {
  return (p.mirror !== null && p.mirror.state !== 'STOPPED') || p.readOnlyUntilRestart === true;
}

export function endOffset(topic: Topic, p: Partition, now: number): bigint {
  if (topic.growthPerSec <= 0 || isFrozen(p) || now <= p.anchorMs) return p.base;
  return p.base + BigInt(Math.floor(((now - p.anchorMs) * topic.growthPerSec) / 1000));
}

/** Folds growth so far into `base`; call before changing the rate, frozenness or leader epoch. */
export function materialize(topic: Topic, p: Partition, now: number): void {
  const end = endOffset(topic, p, now);
  if (end > p.base) noteRecords(p, p.leaderEpoch, p.base);
  p.base = end;
  p.anchorMs = Math.max(now, p.anchorMs);
}

export function setEndOffset(p: Partition, now: number, value: bigint): void {
  p.base = value;
  p.anchorMs = Math.max(now, p.anchorMs);
}

export function setGrowthRate(topic: Topic, now: number, perSec: number): void {
  if (!Number.isFinite(perSec) || perSec < 0) throw new RangeError(`invalid growth rate ${perSec}`);
  for (const p of topic.partitions) materialize(topic, p, now);
  topic.growthPerSec = perSec;
}

export interface NewTopic {
  readonly name: string;
  readonly id: string;
  readonly numPartitions: number;
  readonly replicationFactor: number;
  readonly nodeIds: readonly number[];
  readonly isUp: (nodeId: number) => boolean;
  readonly firstNode: number;
  readonly now: number;
  readonly internal?: boolean;
  readonly configs?: ReadonlyMap<string, string>;
  readonly growthPerSec?: number;
  readonly initialOffset?: bigint;
}

export function buildTopic(spec: NewTopic): Topic {
  const n = spec.nodeIds.length;
  const partitions: Partition[] = [];
  for (let index = 0; index < spec.numPartitions; index++) {
    const replicas: number[] = [];
    for (let r = 0; r < Math.min(spec.replicationFactor, n); r++) {
      const id = spec.nodeIds[(spec.firstNode + index + r) % n];
      if (id !== undefined) replicas.push(id);
    }
    partitions.push({
      index,
      replicas,
      leader: replicas.find(spec.isUp) ?? -1,
      leaderEpoch: 0,
      base: spec.initialOffset ?? 0n,
      anchorMs: spec.now,
      mirror: null,
      epochs: (spec.initialOffset ?? 0n) > 0n ? [{ epoch: 0, start: 0n }] : [],
      openTransaction: null,
    });
  }
  return {
    name: spec.name,
    id: spec.id,
    internal: spec.internal ?? false,
    partitions,
    configs: new Map(spec.configs ?? []),
    growthPerSec: spec.growthPerSec ?? 0,
    mirror: null,
  };
}

export class TopicTable {
  private readonly byName = new Map<string, Topic>();
  private readonly byId = new Map<string, Topic>();

  add(topic: Topic): void {
    if (this.byName.has(topic.name)) throw new Error(`topic '${topic.name}' already exists`);
    if (this.byId.has(topic.id)) throw new Error(`topic id ${topic.id} already in use`);
    this.byName.set(topic.name, topic);
    this.byId.set(topic.id, topic);
  }

  remove(name: string): Topic | undefined {
    const topic = this.byName.get(name);
    if (!topic) return undefined;
    this.byName.delete(name);
    this.byId.delete(topic.id);
    return topic;
  }

  get(name: string): Topic | undefined {
    return this.byName.get(name);
  }

  getById(id: string): Topic | undefined {
    return this.byId.get(id);
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  get size(): number {
    return this.byName.size;
  }

  values(): IterableIterator<Topic> {
    return this.byName.values();
  }
}
