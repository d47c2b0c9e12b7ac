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

/** The end points a partition keeps: records older than the first are dated at it, a little too young. */
const END_POINTS = 64;

/** Notes that the end was `end` at `atMs`; a truncation drops the points past it. */
function passEnd(p: Partition, end: bigint, atMs: number): void {
  const ends = (p.ends ??= []);
  while (ends.length > 0 && (ends[ends.length - 1]?.end ?? 0n) > end) ends.pop();
  if (ends.length > 0 && ends[ends.length - 1]?.end === end) return;
  ends.push({ end, atMs });
  if (ends.length > END_POINTS) ends.shift();
}

/** When the record at `offset` (below the end points' last) was produced: between the two points around it. */
export function passedAt(p: Partition, offset: bigint): number | null {
  const ends = p.ends ?? [];
  // From the newest: records are mostly read near the end.
  let after = ends.length;
  while (after > 0 && (ends[after - 1]?.end ?? 0n) > offset) after--;
  const next = ends[after];
  if (!next) return null;
  const before = ends[after - 1];
  if (!before) return next.atMs;
  const share = Number(offset - before.end + 1n) / Number(next.end - before.end);
  return Math.ceil(before.atMs + share * (next.atMs - before.atMs));
}

/** Folds growth so far into `base`; call before changing the rate, frozenness or leader epoch. */
export function materialize(topic: Topic, p: Partition, now: number): void {
  const end = endOffset(topic, p, now);
  if (end > p.base) noteRecords(p, p.leaderEpoch, p.base);
  setEndOffset(p, now, end);
}

export function setEndOffset(p: Partition, now: number, value: bigint): void {
  if (value !== p.base) {
    passEnd(p, p.base, p.anchorMs);
    // Truncated: the records kept were produced when they were; grown: the new ones by now.
    passEnd(p, value, value < p.base ? (passedAt(p, value - 1n) ?? p.anchorMs) : Math.max(now, p.anchorMs));
  }
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
