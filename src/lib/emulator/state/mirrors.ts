// The destination's mirror metadata: a mirror exists exactly while it has a stored key, as in the prototype's image.

import { newMirrorPartition, type DesiredState } from './partition-state.js';
import { materialize, type Topic } from './topics.js';

export class MirrorStore {
  private readonly configs = new Map<string, Map<string, string>>();
  private readonly topicsByMirror = new Map<string, Set<Topic>>();

  names(): string[] {
    return [...this.configs.keys()];
  }

  exists(name: string): boolean {
    return this.configs.has(name);
  }

  configsOf(name: string): ReadonlyMap<string, string> | undefined {
    return this.configs.get(name);
  }

  config(name: string, key: string): string | undefined {
    return this.configs.get(name)?.get(key);
  }

  setConfig(name: string, key: string, value: string | null): void {
    let entries = this.configs.get(name);
    if (value === null) {
      if (!entries) return;
      entries.delete(key);
      if (entries.size === 0) this.configs.delete(name);
      return;
    }
    if (!entries) {
      entries = new Map();
      this.configs.set(name, entries);
    }
    entries.set(key, value);
  }

  topicsOf(name: string): ReadonlySet<Topic> {
    return this.topicsByMirror.get(name) ?? EMPTY;
  }

  namesWithTopics(): string[] {
    return [...this.topicsByMirror.keys()];
  }

  /** Applies a MirrorTopicStateChangeRecord; partitions keep a cached state the topic already had. */
  associate(topic: Topic, name: string, desired: DesiredState, now: number): void {
    if (topic.mirror && topic.mirror.name !== name) this.unindex(topic, topic.mirror.name);
    if (topic.mirror?.name === name && topic.mirror.desired === desired) return;
    topic.mirror = { name, desired, changedAt: now };
    let set = this.topicsByMirror.get(name);
    if (!set) {
      set = new Set();
      this.topicsByMirror.set(name, set);
    }
    set.add(topic);
    for (const p of topic.partitions) {
      if (p.mirror) continue;
      materialize(topic, p, now);
      p.mirror = newMirrorPartition(now);
    }
  }

  detach(topic: Topic, now: number): void {
    if (!topic.mirror) return;
    this.unindex(topic, topic.mirror.name);
    topic.mirror = null;
    for (const p of topic.partitions) {
      materialize(topic, p, now);
      p.mirror = null;
    }
  }

  forget(topic: Topic): void {
    if (topic.mirror) this.unindex(topic, topic.mirror.name);
  }

  private unindex(topic: Topic, name: string): void {
    const set = this.topicsByMirror.get(name);
    if (!set) return;
    set.delete(topic);
    if (set.size === 0) this.topicsByMirror.delete(name);
  }
}

const EMPTY: ReadonlySet<Topic> = new Set();
