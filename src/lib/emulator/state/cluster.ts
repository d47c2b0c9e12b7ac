// One emulated KRaft cluster in combined mode; the server calls tick() on an interval (the engine has no timers).
// State and API code see it through cluster-model.ts, so none of them imports this file.

import { Authorizer } from './acl.js';
import type * as B from './message-bodies.js';
import type * as Model from './cluster-model.js';
import type { RequestContext } from './types.js';
import { BrokerConfigs } from './broker-configs.js';
import { ManualClock, SystemClock, type Clock } from './clock.js';
import {
  DEFAULT_TIMING,
  MIRROR_METADATA_VERSION,
  type CreateTopicOptions,
  type EmulatedClusterOptions,
  type MirrorTiming,
} from './cluster-options.js';
import { describeConfigs, incrementalAlterConfigs } from '../apis/configs.js';
import { describeClusterMirrors } from '../apis/describe-cluster-mirrors.js';
import { runPeriodicSync } from './discovery.js';
import { GroupStore } from './groups.js';
import { advanceMirrors } from './engine-tick.js';
import { restartBrokers, type RestartOptions, type RestartReport } from './restart.js';
import { noteRecords } from './epoch-history.js';
import { bumpEpochsAtSync } from './epoch-war.js';
import type * as I from './message-bodies.js';
import { bumpLeaderEpochs, readMirrorStates, writeMirrorStates } from '../apis/mirror-states.js';
import { createClusterMirror, deleteClusterMirror, listClusterMirrors } from '../apis/cluster-mirrors.js';
import { MirrorStore } from './mirrors.js';
import { SeededRandom } from './random.js';
import { recordLog } from './record-store.js';
import { INTERNAL_PRINCIPAL } from './rpc-common.js';
import type { ClusterRegistry } from './registry.js';
import { startMirrorTopics } from '../apis/start-mirror-topics.js';
import { pauseMirrorTopics, resumeMirrorTopics, stopMirrorTopics } from '../apis/stop-pause-resume.js';
import { buildTopic, endOffset, isFrozen, materialize, setGrowthRate, TopicTable, type Topic } from './topics.js';

export {
  DEFAULT_TIMING,
  MIRROR_METADATA_VERSION,
  type CreateTopicOptions,
  type EmulatedClusterOptions,
  type MirrorTiming,
} from './cluster-options.js';

export class EmulatedCluster implements Model.EmulatedCluster {
  readonly name: string;
  readonly clusterId: string;
  readonly clock: Clock;
  readonly registry: ClusterRegistry | undefined;
  readonly authorizer: Authorizer;
  readonly random: SeededRandom;
  readonly topics = new TopicTable();
  readonly mirrors = new MirrorStore();
  readonly groups = new GroupStore();
  readonly brokerConfigs: BrokerConfigs;
  readonly timing: MirrorTiming;
  readonly verifySourceClusterId: boolean;
  readonly nodeIds: readonly number[];
  reachable = true;
  featuresEpoch = 0n;
  nextSyncAt: number;
  readonly sourceIdMismatch = new Map<string, string>();
  /** How often a fetch response arrives (0: every tick); between two, lag reads as of the last one. */
  mirrorFetchIntervalMs = 0;
  private readonly stoppedTraffic = new Map<string, number>();
  private trafficHeld = false;
  private readonly down = new Set<number>();
  private readonly features = new Map<string, number>();
  private topicCount = 0;

  constructor(options: EmulatedClusterOptions = {}) {
    this.name = options.name ?? 'cluster';
    this.random = new SeededRandom(options.seed ?? this.name);
    this.clusterId = options.clusterId ?? this.random.uuid();
    this.clock = options.clock ?? new SystemClock();
    this.registry = options.registry;
    this.authorizer = options.authorizer ?? new Authorizer();
    this.authorizer.addSuperUser(INTERNAL_PRINCIPAL);
    const count = options.nodeCount ?? 3;
    if (!Number.isInteger(count) || count < 1)
      throw new RangeError(`nodeCount must be a positive integer, got ${count}`);
    const first = options.firstNodeId ?? 1;
    this.nodeIds = Array.from({ length: count }, (_, i) => first + i);
    this.brokerConfigs = new BrokerConfigs(count, options.brokerConfigs);
    this.timing = { ...DEFAULT_TIMING, ...options.timing };
    this.verifySourceClusterId = options.verifySourceClusterId ?? true;
    this.features.set('metadata.version', options.metadataVersion ?? MIRROR_METADATA_VERSION);
    this.features.set('mirror.version', options.mirrorVersion ?? 1);
    // `kafka-storage format` finalizes every feature at its latest production level, as Kafka 4.4 reports.
    this.features.set('group.version', 1);
    this.features.set('transaction.version', 2);
    if (this.featureLevel('metadata.version') >= MIRROR_METADATA_VERSION) {
      // What the prototype (a 4.2 snapshot) finalizes on a fresh cluster besides the above.
      this.features.set('kraft.version', 1);
      this.features.set('eligible.leader.replicas.version', 1);
      this.features.set('share.version', 1);
      this.features.set('streams.version', 1);
    }
    this.nextSyncAt = this.clock.now();
  }

  leadershipVersion = 0;

  isUp(nodeId: number): boolean {
    return this.nodeIds.includes(nodeId) && !this.down.has(nodeId);
  }

  liveNodeIds(): number[] {
    return this.nodeIds.filter((id) => !this.down.has(id));
  }

  get controllerId(): number {
    return this.liveNodeIds()[0] ?? -1;
  }

  setNodeUp(nodeId: number, up: boolean): void {
    if (!this.nodeIds.includes(nodeId)) throw new RangeError(`no node ${nodeId} in cluster ${this.name}`);
    if (up) this.down.delete(nodeId);
    else this.down.add(nodeId);
    const now = this.clock.now();
    for (const topic of this.topics.values()) {
      for (const p of topic.partitions) {
        const leader = p.replicas.find((id) => !this.down.has(id)) ?? -1;
        if (leader !== p.leader) {
          materialize(topic, p, now);
          p.leader = leader;
          p.leaderEpoch += 1;
          this.leadershipVersion++;
        }
      }
    }
  }

  setReachable(reachable: boolean): void {
    this.reachable = reachable;
  }

  featureLevel(name: string): number {
    return this.features.get(name) ?? 0;
  }

  setFeature(name: string, level: number): void {
    if (name === 'mirror.version' && level >= 1 && this.featureLevel('metadata.version') < MIRROR_METADATA_VERSION) {
      throw new Error(`mirror.version ${level} requires metadata.version >= ${MIRROR_METADATA_VERSION} (4.2-IV2)`);
    }
    this.features.set(name, level);
    this.featuresEpoch += 1n;
  }

  finalizedFeatures(): { name: string; level: number }[] {
    return [...this.features].filter(([, level]) => level > 0).map(([name, level]) => ({ name, level }));
  }

  mirroringEnabled(): boolean {
    return this.featureLevel('mirror.version') >= 1;
  }

  createTopic(name: string, options: CreateTopicOptions = {}): Topic {
    const rf = options.replicationFactor ?? this.brokerConfigs.number('default.replication.factor', 1);
    if (rf > this.liveNodeIds().length)
      throw new Error(`replication factor ${rf} exceeds the ${this.liveNodeIds().length} live node(s)`);
    if (this.topics.has(name)) throw new Error(`topic '${name}' already exists`);
    return this.addTopic(
      name,
      options.id ?? this.newTopicId(),
      options.partitions ?? this.brokerConfigs.number('num.partitions', 1),
      rf,
      options,
    );
  }

  addTopic(
    name: string,
    id: string,
    numPartitions: number,
    replicationFactor: number,
    options: CreateTopicOptions = {},
  ): Topic {
    const topic = buildTopic({
      name,
      id,
      numPartitions,
      replicationFactor,
      nodeIds: this.nodeIds,
      isUp: (n) => this.isUp(n),
      firstNode: this.topicCount++ % this.nodeIds.length,
      now: this.clock.now(),
      internal: options.internal ?? name.startsWith('__'),
      configs: new Map(Object.entries(options.configs ?? {})),
      // While traffic is held still, a topic created now stays still too; its rate comes back with the traffic.
      growthPerSec: this.trafficHeld ? 0 : (options.growthPerSec ?? 0),
      initialOffset: options.initialOffset ?? 0n,
    });
    if (this.trafficHeld && (options.growthPerSec ?? 0) > 0) this.stoppedTraffic.set(name, options.growthPerSec ?? 0);
    this.topics.add(topic);
    return topic;
  }

  newTopicId(): string {
    for (;;) {
      const id = this.random.uuid();
      if (!this.topics.getById(id)) return id;
    }
  }

  deleteTopic(name: string): boolean {
    const topic = this.topics.remove(name);
    if (topic) this.mirrors.forget(topic);
    if (topic) this.groups.forgetTopic(name);
    return topic !== undefined;
  }

  setGrowthRate(topicName: string, perSec: number): void {
    setGrowthRate(this.requireTopic(topicName), this.clock.now(), perSec);
  }

  appendRecords(topicName: string, count: number, partition?: number): void {
    const topic = this.requireTopic(topicName);
    const now = this.clock.now();
    for (const p of topic.partitions) {
      if (partition !== undefined && p.index !== partition) continue;
      materialize(topic, p, now);
      if (count > 0) noteRecords(p, p.leaderEpoch, p.base);
      p.base += BigInt(count);
      recordLog(this, topic, p);
    }
  }

  /** A producer's write; a mirror topic refuses it with READ_ONLY_TOPIC until STOPPED, as on the prototype. */
  produce(
    topicName: string,
    partition: number,
    count: number,
  ): { readonly baseOffset: bigint; readonly nextOffset: bigint } {
    const topic = this.requireTopic(topicName);
    const p = topic.partitions[partition];
    if (!p) throw new RangeError(`topic '${topicName}' has no partition ${partition}`);
    if (isFrozen(p)) {
      const why = p.mirror
        ? `is a mirror topic in state ${p.mirror.state}`
        : 'belonged to a deleted mirror (read-only until the brokers restart)';
      throw new Error(`READ_ONLY_TOPIC: ${topicName}-${partition} on cluster ${this.name} ${why}`);
    }
    if (!Number.isSafeInteger(count) || count < 1) throw new RangeError(`invalid record count ${count}`);
    const now = this.clock.now();
    materialize(topic, p, now);
    const baseOffset = p.base;
    noteRecords(p, p.leaderEpoch, baseOffset);
    p.base += BigInt(count);
    return { baseOffset, nextOffset: p.base };
  }

  /** A transactional producer's first write: the transaction stays open until {@link endTransaction}. */
  beginTransaction(topicName: string, partition: number): void {
    const p = this.writablePartition(topicName, partition);
    if (p.openTransaction === null) p.openTransaction = { firstOffset: p.base };
  }

  endTransaction(topicName: string, partition: number): void {
    const p = this.writablePartition(topicName, partition);
    if (p.openTransaction === null) return;
    p.openTransaction = null;
    p.base += 1n;
  }

  private writablePartition(topicName: string, partition: number): Topic['partitions'][number] {
    const topic = this.requireTopic(topicName);
    const p = topic.partitions[partition];
    if (!p) throw new RangeError(`topic '${topicName}' has no partition ${partition}`);
    materialize(topic, p, this.clock.now());
    return p;
  }

  /** Producers on or off: off holds every growing topic still (`playground --no-traffic`). */
  setTraffic(running: boolean): void {
    const now = this.clock.now();
    this.trafficHeld = !running;
    if (!running) {
      for (const topic of this.topics.values()) {
        if (topic.growthPerSec <= 0) continue;
        this.stoppedTraffic.set(topic.name, topic.growthPerSec);
        setGrowthRate(topic, now, 0);
      }
      return;
    }
    for (const [name, rate] of this.stoppedTraffic) {
      const topic = this.topics.get(name);
      if (topic) setGrowthRate(topic, now, rate);
    }
    this.stoppedTraffic.clear();
  }

  get trafficRunning(): boolean {
    return !this.trafficHeld;
  }

  endOffset(topicName: string, partition: number): bigint {
    const topic = this.requireTopic(topicName);
    const p = topic.partitions[partition];
    if (!p) throw new RangeError(`topic '${topicName}' has no partition ${partition}`);
    return endOffset(topic, p, this.clock.now());
  }

  private requireTopic(name: string): Topic {
    const topic = this.topics.get(name);
    if (!topic) throw new Error(`no topic '${name}' in cluster ${this.name}`);
    return topic;
  }

  advance(ms: number, stepMs = ms): void {
    if (!(this.clock instanceof ManualClock))
      throw new Error('advance() needs a ManualClock; with a real clock call tick()');
    for (let done = 0; done < ms; done += stepMs) {
      this.clock.advance(Math.min(stepMs, ms - done));
      this.tick();
    }
  }

  /** A restart of every broker as mirroring sees it (restart.ts); says which partitions took a missed change in. */
  restartBrokers(options: RestartOptions = {}): RestartReport {
    return restartBrokers(this, options);
  }

  tick(): void {
    const now = this.clock.now();
    const syncDue = now >= this.nextSyncAt;
    if (syncDue) {
      runPeriodicSync(this, now);
      this.nextSyncAt = now + Math.max(1, this.brokerConfigs.number('mirror.metadata.refresh.interval.ms', 60_000));
    }
    advanceMirrors(this, now);
    if (syncDue) bumpEpochsAtSync(this, now);
  }

  // ---- RPCs without a connection (tests, scripts): each runs its API's state change in apis/ -----

  createClusterMirror(ctx: RequestContext, body: B.CreateClusterMirrorRequestBody): B.CreateClusterMirrorResponseBody {
    return createClusterMirror(this, ctx, body);
  }

  startMirrorTopics(ctx: RequestContext, body: B.StartMirrorTopicsRequestBody): B.StartMirrorTopicsResponseBody {
    return startMirrorTopics(this, ctx, body);
  }

  stopMirrorTopics(ctx: RequestContext, body: B.StopMirrorTopicsRequestBody): B.StopMirrorTopicsResponseBody {
    return stopMirrorTopics(this, ctx, body);
  }

  pauseMirrorTopics(ctx: RequestContext, body: B.PauseMirrorTopicsRequestBody): B.PauseMirrorTopicsResponseBody {
    return pauseMirrorTopics(this, ctx, body);
  }

  resumeMirrorTopics(ctx: RequestContext, body: B.ResumeMirrorTopicsRequestBody): B.ResumeMirrorTopicsResponseBody {
    return resumeMirrorTopics(this, ctx, body);
  }

  deleteClusterMirror(ctx: RequestContext, body: B.DeleteClusterMirrorRequestBody): B.DeleteClusterMirrorResponseBody {
    return deleteClusterMirror(this, ctx, body);
  }

  listClusterMirrors(ctx: RequestContext, body: B.ListClusterMirrorsRequestBody): B.ListClusterMirrorsResponseBody {
    return listClusterMirrors(this, ctx, body);
  }

  describeClusterMirrors(
    ctx: RequestContext,
    body: B.DescribeClusterMirrorsRequestBody,
  ): B.DescribeClusterMirrorsResponseBody {
    return describeClusterMirrors(this, ctx, body);
  }

  describeConfigs(ctx: RequestContext, body: B.DescribeConfigsRequestBody): B.DescribeConfigsResponseBody {
    return describeConfigs(this, ctx, body);
  }

  incrementalAlterConfigs(
    ctx: RequestContext,
    body: B.IncrementalAlterConfigsRequestBody,
  ): B.IncrementalAlterConfigsResponseBody {
    return incrementalAlterConfigs(this, ctx, body);
  }

  readMirrorStates(ctx: RequestContext, body: I.ReadMirrorStatesRequestBody): I.ReadMirrorStatesResponseBody {
    return readMirrorStates(this, ctx, body);
  }

  writeMirrorStates(ctx: RequestContext, body: I.WriteMirrorStatesRequestBody): I.WriteMirrorStatesResponseBody {
    return writeMirrorStates(this, ctx, body);
  }

  bumpLeaderEpochs(ctx: RequestContext, body: I.BumpLeaderEpochsRequestBody): I.BumpLeaderEpochsResponseBody {
    return bumpLeaderEpochs(this, ctx, body);
  }
}
