// The playground: an emulated source and destination with demo topics that keep growing, slowed so a newly
// mirrored topic's lag visibly falls. Shared by `kmirror playground` and `npm run demo`.

import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Dialect } from '../kafka/dialect.js';
import {
  startEmulatedClusters,
  type DemoTopic,
  type EmulatedClusterHandle,
  type EmulatedClusters,
  type EmulatorOptions,
} from './index.js';
import { startPlaygroundConsumers } from './playground-groups.js';

export const PLAYGROUND_TOPICS: readonly DemoTopic[] = [
  { name: 'orders-us', partitions: 3, initialOffset: 24_000n },
  { name: 'orders-eu', partitions: 2, initialOffset: 16_000n },
  { name: 'payments', partitions: 2, initialOffset: 8_000n },
  { name: '__internal', partitions: 1, initialOffset: 100n },
];

export const PLAYGROUND_GROWTH_PER_SEC = 20;
/** Records per second and partition a mirrored partition copies: ~10 s to catch up orders-us. */
export const PLAYGROUND_COPY_RECORDS_PER_SEC = 2_500;
/** The destination's `mirror.metadata.refresh.interval.ms`: 60 s on a real broker, shortened so changes show. */
export const PLAYGROUND_REFRESH_INTERVAL_MS = 2_000;
export const DEFAULT_PLAYGROUND_SEED = 'kmirror';

export const PLAYGROUND_SASL_MECHANISM = 'SCRAM-SHA-512';

export interface PlaygroundOptions {
  readonly sourceNodes?: number;
  readonly destinationNodes?: number;
  readonly sourcePorts?: readonly number[];
  readonly destinationPorts?: readonly number[];
  /** Clusters in all, at least 2: further ones are empty one-node `cluster-3`, … for estate demos. */
  readonly clusters?: number;
  readonly otherPorts?: readonly number[];
  readonly seed?: string;
  /** SASL (all mechanisms) over TLS with a throwaway CA, and a client.properties to use it. */
  readonly secure?: boolean;
  readonly mirroringDisabled?: boolean;
  /** A consumer of one source group also runs on the destination (playground-groups.ts). */
  readonly destinationConsumer?: boolean;
  /** False: producers do not write, the demo topics' end offsets stand still (setTraffic turns them on). */
  readonly traffic?: boolean;
  readonly dialect?: Dialect;
  readonly dialectArgs?: readonly string[];
  readonly onError?: EmulatorOptions['onError'];
  readonly onWire?: EmulatorOptions['onWire'];
}

export interface PlaygroundNode {
  readonly nodeId: number;
  readonly host: string;
  /**
   * @minimum 1
   * @maximum 65535
   */
  readonly port: number;
}

export interface PlaygroundCluster {
  /** `source`, `destination`, `cluster-3`, … */
  readonly name: string;
  /**
   * Comma-separated host:port of every node.
   * @pattern ^[^,]+:[0-9]+(,[^,]+:[0-9]+)*$
   */
  readonly bootstrap: string;
  readonly clusterId: string;
  /** @minItems 1 */
  readonly nodes: readonly PlaygroundNode[];
}

export interface PlaygroundSecurity {
  readonly securityProtocol: 'SASL_SSL';
  /** @minItems 1 */
  readonly saslMechanisms: readonly string[];
  /** Throwaway credentials of this emulator run; showing them is the purpose of `--secure`. */
  readonly username: string;
  readonly password: string;
  readonly caPath: string;
  /** A ready Kafka client properties file for `--command-config` / `--source-config`. */
  readonly clientPropertiesPath: string;
}

/** What `kmirror playground` prints (its `--json` document). */
export interface PlaygroundInfo {
  readonly source: PlaygroundCluster;
  readonly destination: PlaygroundCluster;
  /** The further clusters of --clusters N (cluster-3, …), one node each; empty with the default 2. */
  readonly others: readonly PlaygroundCluster[];
  readonly mirroringEnabled: boolean;
  /** The messages the destination speaks: the prototype's, or the seed KIP's (--protocol kip-draft). */
  readonly protocol: 'prototype' | 'kip-draft';
  /** Flags every kmirror command needs to talk to the destination in that dialect (empty for the prototype). */
  readonly dialectArgs: readonly string[];
  readonly topics: readonly string[];
  /** The destination's mirror sync interval (`mirror.metadata.refresh.interval.ms`); 60 000 on a real broker. */
  readonly refreshIntervalMs: number;
  /** Whether producers write to the demo topics (false with --no-traffic). */
  readonly traffic: boolean;
  /** Consumer groups committing offsets on the source (playground-groups.ts). */
  readonly consumerGroups: readonly string[];
  /** The group with a consumer on the destination too (--destination-consumer), or null. */
  readonly destinationConsumerGroup: string | null;
  /** How to stop and restart the producers while the playground runs (set by the command that handles it). */
  readonly producerSignal?: { readonly signal: 'SIGUSR1'; readonly pid: number };
  readonly security?: PlaygroundSecurity;
  /** With --save-profile: the profile written for the destination cluster (the commands use it). */
  readonly profile?: string;
}

export interface RunningPlayground {
  readonly info: PlaygroundInfo;
  readonly clusters: EmulatedClusters;
  /** Stops every listener and removes generated files; safe to call twice. */
  close(): Promise<void>;
}

function describeCluster(handle: EmulatedClusterHandle): PlaygroundCluster {
  return {
    name: handle.role,
    bootstrap: handle.bootstrap,
    clusterId: handle.clusterId,
    nodes: handle.nodes.map((n) => ({ nodeId: n.nodeId, host: n.host, port: n.port })),
  };
}

/** A Java-properties value: backslashes and the characters that end a key or a line are escaped. */
function propertyValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
}

function jaasQuoted(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

export function clientProperties(security: {
  username: string;
  password: string;
  caPath: string;
  mechanism: string;
}): string {
  const module = security.mechanism.startsWith('SCRAM')
    ? 'org.apache.kafka.common.security.scram.ScramLoginModule'
    : 'org.apache.kafka.common.security.plain.PlainLoginModule';
  const credentials = `username=${jaasQuoted(security.username)} password=${jaasQuoted(security.password)}`;
  const jaasEntry = `${module} required ${credentials};`;
  return [
    '# kmirror playground: throwaway credentials of an emulated cluster, valid until it stops',
    'security.protocol=SASL_SSL',
    `sasl.mechanism=${security.mechanism}`,
    `sasl.jaas.config=${propertyValue(jaasEntry)}`,
    'ssl.truststore.type=PEM',
    `ssl.truststore.location=${propertyValue(security.caPath)}`,
    '',
  ].join('\n');
}

const PLAYGROUND_USER = 'kmirror';

export async function startPlayground(options: PlaygroundOptions = {}): Promise<RunningPlayground> {
  const sourceNodes = options.sourceNodes ?? 1;
  const refresh = { 'mirror.metadata.refresh.interval.ms': String(PLAYGROUND_REFRESH_INTERVAL_MS) };
  const clusters = await startEmulatedClusters({
    seed: options.seed ?? DEFAULT_PLAYGROUND_SEED,
    source: {
      nodes: sourceNodes,
      ...(options.sourcePorts ? { ports: options.sourcePorts } : {}),
      // A failback creates a mirror on the source too; its __mirror_state must fit on the source's nodes.
      brokerConfigs: { ...refresh, 'mirror.state.topic.replication.factor': String(Math.min(3, sourceNodes)) },
    },
    destination: {
      nodes: options.destinationNodes ?? 3,
      ...(options.destinationPorts ? { ports: options.destinationPorts } : {}),
      brokerConfigs: refresh,
    },
    others: Array.from({ length: Math.max(0, (options.clusters ?? 2) - 2) }, (_, i) => ({
      nodes: 1,
      ...(options.otherPorts?.[i] !== undefined ? { ports: [options.otherPorts[i]] } : {}),
      brokerConfigs: { ...refresh, 'mirror.state.topic.replication.factor': '1' },
    })),
    demoTopics: PLAYGROUND_TOPICS,
    growthPerSec: PLAYGROUND_GROWTH_PER_SEC,
    timing: { copyRecordsPerSec: PLAYGROUND_COPY_RECORDS_PER_SEC },
    // A password of this start only: a fixed one would be known to anyone who read the source.
    ...(options.secure
      ? { tls: true, sasl: { users: { [PLAYGROUND_USER]: randomBytes(18).toString('base64url') } } }
      : {}),
    ...(options.mirroringDisabled ? { mirroringDisabled: true } : {}),
    ...(options.dialect ? { dialect: options.dialect } : {}),
    ...(options.onError ? { onError: options.onError } : {}),
    ...(options.onWire ? { onWire: options.onWire } : {}),
  });

  let propertiesDir: string | undefined;
  let closed = false;
  const consumers = startPlaygroundConsumers(clusters.source.cluster, clusters.destination.cluster, {
    activeOnDestination: options.destinationConsumer === true,
  });
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    consumers.stop();
    await clusters.close();
    if (propertiesDir) await rm(propertiesDir, { recursive: true, force: true });
  };

  try {
    const traffic = options.traffic ?? true;
    if (!traffic) clusters.source.cluster.setTraffic(false);
    let security: PlaygroundSecurity | undefined;
    const { sasl, tls } = clusters.security;
    if (options.secure && sasl && tls) {
      const [username, password] = Object.entries(sasl.users)[0] ?? [];
      if (username === undefined || password === undefined) throw new Error('the emulator started SASL without a user');
      propertiesDir = await mkdtemp(join(tmpdir(), 'kmirror-playground-'));
      const clientPropertiesPath = join(propertiesDir, 'client.properties');
      await writeFile(
        clientPropertiesPath,
        clientProperties({ username, password, caPath: tls.caPath, mechanism: PLAYGROUND_SASL_MECHANISM }),
        { mode: 0o600 },
      );
      security = {
        securityProtocol: 'SASL_SSL',
        saslMechanisms: [...sasl.mechanisms],
        username,
        password,
        caPath: tls.caPath,
        clientPropertiesPath,
      };
    }
    const info: PlaygroundInfo = {
      source: describeCluster(clusters.source),
      destination: describeCluster(clusters.destination),
      others: clusters.others.map(describeCluster),
      mirroringEnabled: !options.mirroringDisabled,
      protocol: options.dialect?.name ?? 'prototype',
      dialectArgs: [...(options.dialectArgs ?? [])],
      topics: PLAYGROUND_TOPICS.map((t) => t.name),
      refreshIntervalMs: PLAYGROUND_REFRESH_INTERVAL_MS,
      traffic,
      consumerGroups: consumers.groups,
      destinationConsumerGroup: consumers.activeOnDestination,
      ...(security ? { security } : {}),
    };
    return { info, clusters, close };
  } catch (err) {
    await close();
    throw err;
  }
}

export function nextCommands(info: PlaygroundInfo, bin = 'kmirror'): string[] {
  const dst = info.destination.bootstrap;
  const dialect = info.dialectArgs.map(shellQuote).join(' ');
  const destinationAuth = info.security ? ` --command-config ${shellQuote(info.security.clientPropertiesPath)}` : '';
  const reach =
    info.profile !== undefined
      ? `--profile ${shellQuote(info.profile)}`
      : `-b ${dst}${destinationAuth}${dialect ? ` ${dialect}` : ''}`;
  const sourceAuth = info.security ? ` --source-config ${shellQuote(info.security.clientPropertiesPath)}` : '';
  return [
    `${bin} check ${reach}`,
    `${bin} create demo ${reach} --source-bootstrap ${info.source.bootstrap}${sourceAuth}`,
    `${bin} add-topics demo ${reach} --pattern 'orders-.*' --yes`,
    `${bin} describe demo ${reach}`,
    `${bin} list ${reach}`,
  ];
}

/** Quotes for a POSIX shell only when needed, so plain paths stay readable. */
export function shellQuote(word: string): string {
  return /^[A-Za-z0-9_./:,=@%+-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
