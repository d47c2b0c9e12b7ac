// Starts a source and a destination cluster of Kafka-protocol nodes on 127.0.0.1 over one engine cluster each:
// the destination's mirrors find the source by its listener addresses, and a timer moves the engine forward.

import { Authorizer, type AuthorizerOptions } from './state/acl.js';
import { SystemClock, type Clock } from './state/clock.js';
import { EmulatedCluster, type MirrorTiming } from './state/cluster.js';
import { ClusterRegistry } from './state/registry.js';
import { MIRROR_METADATA_VERSION, PRE_MIRROR_METADATA_VERSION } from './server/features.js';
import type { BrokerSoftware, NodeEndpoint } from './server/broker-context.js';
import { brokerRegistry } from './apis/index.js';
import type { WireEvent } from './server/connection.js';
import { NodeFaults } from './server/faults.js';
import { NodeServer } from './server/node-server.js';
import { DEFAULT_SASL_USERS, SaslServer, type SaslMechanismName, type SaslOptions } from './server/sasl-server.js';
import { createTlsMaterial, type TlsMaterial } from './server/tls-certificates.js';
import type { ApiKeyMap } from '../kafka/mirror-api-keys.js';
import { type Dialect, prototypeDialect } from '../kafka/dialect.js';

export type {
  ApiSelector,
  ErrorFaultOptions,
  FaultOptions,
  FaultRule,
  FrameMutation,
  NodeFaults,
} from './server/faults.js';
export type { WireEvent } from './server/connection.js';
export type { SaslMechanismName, SaslOptions } from './server/sasl-server.js';
export type { TlsMaterial } from './server/tls-certificates.js';
export { unsecuredJwt } from './server/sasl-oauthbearer.js';
export { DEFAULT_SASL_USERS };
export { ManualClock, SystemClock, type Clock } from './state/clock.js';
export type { AclRule, AuthorizerOptions } from './state/acl.js';
export type { EmulatedCluster, MirrorTiming } from './state/cluster.js';

export type ClusterRole = 'source' | 'destination';

export type ClusterChoice = boolean | ClusterRole;
export type ClusterName = ClusterRole | `cluster-${number}`;

export interface ClusterSideOptions {
  readonly nodes?: number;
  readonly ports?: readonly number[];
  readonly clusterId?: string;
  readonly brokerConfigs?: Readonly<Record<string, string>>;
  /** ACLs for this cluster (no rules = everything allowed, like Kafka without an authorizer). */
  readonly acls?: AuthorizerOptions;
  /** Feature levels to finalize, e.g. `{ 'mirror.version': 2 }`, after the defaults, metadata.version first. */
  readonly features?: Readonly<Record<string, number>>;
}

export interface DemoTopic {
  readonly name: string;
  readonly partitions: number;
  readonly initialOffset?: bigint;
}

export const DEFAULT_DEMO_TOPICS: readonly DemoTopic[] = [
  { name: 'orders', partitions: 3, initialOffset: 1200n },
  { name: 'payments', partitions: 2, initialOffset: 400n },
  { name: 'inventory', partitions: 1, initialOffset: 50n },
];

export interface TlsListenerOptions {
  readonly requireClientCert?: boolean;
  readonly clientCommonName?: string;
}

export interface EmulatorOptions {
  readonly source?: ClusterSideOptions;
  readonly destination?: ClusterSideOptions;
  /** Further one-node clusters (`cluster-3`, …) with mirroring enabled, for estates of more than two. */
  readonly others?: readonly ClusterSideOptions[];
  readonly seed?: string | number;
  readonly tls?: boolean | TlsListenerOptions;
  /** Require SASL on every listener; `true` = all four mechanisms with the default users. */
  readonly sasl?: boolean | SaslOptions;
  readonly mirroringDisabled?: ClusterChoice;
  /** A Kafka 4.1 broker: no mirror API keys (a mirror request closes the connection). */
  readonly oldBroker?: ClusterChoice;
  readonly apiKeys?: ApiKeyMap;
  /** The destination's dialect: the prototype's (default) or `kip-draft`; the source always speaks the prototype's. */
  readonly dialect?: Dialect;
  /** Records per second and partition of demo topics (default 10) and of source CreateTopics (default 0). */
  readonly growthPerSec?: number;
  readonly demoTopics?: boolean | readonly DemoTopic[];
  /** The engine's clock; a ManualClock (stepped, then `tick()`) runs without a timer. */
  readonly clock?: Clock;
  readonly tickIntervalMs?: number;
  readonly timing?: Partial<MirrorTiming>;
  readonly maxFrameBytes?: number;
  readonly onWire?: (event: WireEvent & { readonly cluster: ClusterName }) => void;
  readonly onError?: (error: unknown, apiName: string) => void;
}

export interface EmulatedNode {
  readonly nodeId: number;
  readonly host: string;
  readonly port: number;
  readonly address: string;
  readonly faults: NodeFaults;
}

export interface EmulatedClusterHandle {
  readonly role: ClusterName;
  readonly bootstrap: string;
  readonly clusterId: string;
  readonly nodes: readonly EmulatedNode[];
  readonly cluster: EmulatedCluster;
  readonly faults: ReadonlyMap<number, NodeFaults>;
  readonly software: BrokerSoftware;
}

export interface EmulatorSecurity {
  readonly tls?: {
    readonly caPath: string;
    readonly caPem: string;
    readonly clientCertPath?: string;
    readonly clientKeyPath?: string;
    readonly clientPrincipal?: string;
  };
  readonly sasl?: {
    readonly mechanisms: readonly SaslMechanismName[];
    /** Passwords in clear, for test clients; never print this. */
    readonly users: Readonly<Record<string, string>>;
  };
}

export interface EmulatedClusters {
  readonly source: EmulatedClusterHandle;
  readonly destination: EmulatedClusterHandle;
  readonly others: readonly EmulatedClusterHandle[];
  readonly security: EmulatorSecurity;
  readonly clock: Clock;
  tick(): void;
  close(): Promise<void>;
}

function applies(choice: ClusterChoice | undefined, role: ClusterName): boolean {
  return choice === true || choice === role;
}

const HOST = '127.0.0.1';

export async function startEmulatedClusters(options: EmulatorOptions = {}): Promise<EmulatedClusters> {
  const clock = options.clock ?? new SystemClock();
  const seed = options.seed ?? 'kmirror';
  const registry = new ClusterRegistry();
  const servers: NodeServer[] = [];
  const registered: string[] = [];
  let tls: TlsMaterial | undefined;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    if (timer) clearInterval(timer);
    await Promise.all(servers.map((s) => s.stop()));
    for (const address of registered) registry.unregister(address);
    await tls?.dispose();
  };

  try {
    const tlsOptions = options.tls === true ? {} : options.tls || undefined;
    if (tlsOptions) {
      tls = await createTlsMaterial({
        clientCertificate: tlsOptions.requireClientCert ?? false,
        ...(tlsOptions.clientCommonName ? { clientCommonName: tlsOptions.clientCommonName } : {}),
      });
    }
    const saslOptions = options.sasl === true ? {} : options.sasl || undefined;
    const sasl = saslOptions ? new SaslServer(saslOptions) : undefined;

    const startSide = async (role: ClusterName, side: ClusterSideOptions): Promise<EmulatedClusterHandle> => {
      const software: BrokerSoftware = applies(options.oldBroker, role) ? 'old' : 'prototype';
      const mirroring = software === 'prototype' && !applies(options.mirroringDisabled, role);
      const cluster = new EmulatedCluster({
        name: role,
        seed: `${String(seed)}-${role}`,
        ...(side.clusterId ? { clusterId: side.clusterId } : {}),
        nodeCount: side.nodes ?? (role === 'source' ? 1 : 3),
        clock,
        registry,
        authorizer: new Authorizer(side.acls ?? {}),
        mirrorVersion: mirroring ? 1 : 0,
        metadataVersion: software === 'old' ? PRE_MIRROR_METADATA_VERSION : MIRROR_METADATA_VERSION,
        ...(side.brokerConfigs ? { brokerConfigs: side.brokerConfigs } : {}),
        ...(options.timing ? { timing: options.timing } : {}),
      });
      const chosen = Object.entries(side.features ?? {}).sort(([a], [b]) =>
        a === 'metadata.version' ? -1 : b === 'metadata.version' ? 1 : 0,
      );
      for (const [name, level] of chosen) cluster.setFeature(name, level);
      const endpoints = new Map<number, NodeEndpoint>();
      const nodes: EmulatedNode[] = [];
      for (const [i, nodeId] of cluster.nodeIds.entries()) {
        const faults = new NodeFaults(nodeId);
        const server = new NodeServer({
          nodeId,
          host: HOST,
          port: side.ports?.[i] ?? 0,
          registry: brokerRegistry(
            {
              nodeId,
              cluster,
              software,
              endpoints: () => [...endpoints.values()],
              newTopicGrowthPerSec: role === 'source' ? (options.growthPerSec ?? 0) : 0,
            },
            sasl,
            role === 'destination'
              ? (options.dialect ?? prototypeDialect(options.apiKeys))
              : prototypeDialect(options.apiKeys),
          ),
          faults,
          saslRequired: sasl !== undefined,
          ...(tls
            ? {
                tls: {
                  certPem: tls.serverCertPem,
                  keyPem: tls.serverKeyPem,
                  caPem: tls.caPem,
                  requireClientCert: tlsOptions?.requireClientCert ?? false,
                },
              }
            : {}),
          ...(options.maxFrameBytes !== undefined ? { maxFrameBytes: options.maxFrameBytes } : {}),
          ...(options.onWire ? { onWire: (event: WireEvent) => options.onWire?.({ ...event, cluster: role }) } : {}),
          ...(options.onError ? { onError: options.onError } : {}),
          // Leadership moves off a stopped node; with every node gone mirrors see the cluster as unreachable.
          onRunningChange: (running) => cluster.setNodeUp(nodeId, running),
        });
        servers.push(server);
        await server.start();
        endpoints.set(nodeId, { nodeId, host: HOST, port: server.port, rack: null });
        for (const address of [`${HOST}:${server.port}`, `localhost:${server.port}`]) {
          registry.register(address, cluster);
          registered.push(address);
        }
        nodes.push({ nodeId, host: HOST, port: server.port, address: `${HOST}:${server.port}`, faults });
      }
      return {
        role,
        bootstrap: nodes.map((n) => n.address).join(','),
        clusterId: cluster.clusterId,
        nodes,
        cluster,
        faults: new Map(nodes.map((n) => [n.nodeId, n.faults])),
        software,
      };
    };

    const source = await startSide('source', options.source ?? {});
    const destination = await startSide('destination', options.destination ?? {});
    const others: EmulatedClusterHandle[] = [];
    for (const [i, side] of (options.others ?? []).entries())
      others.push(await startSide(`cluster-${i + 3}`, { nodes: 1, ...side }));

    const demo = options.demoTopics === true ? DEFAULT_DEMO_TOPICS : options.demoTopics || [];
    for (const topic of demo) {
      source.cluster.createTopic(topic.name, {
        partitions: topic.partitions,
        growthPerSec: options.growthPerSec ?? 10,
        ...(topic.initialOffset !== undefined ? { initialOffset: topic.initialOffset } : {}),
      });
    }

    const tick = (): void => {
      source.cluster.tick();
      destination.cluster.tick();
      for (const other of others) other.cluster.tick();
    };
    if (!options.clock) {
      // An engine bug must surface as a report, not as an uncaught exception in a timer.
      const report =
        options.onError ??
        ((error: unknown) => process.stderr.write(`kmirror emulator: engine tick failed: ${String(error)}\n`));
      timer = setInterval(() => {
        try {
          tick();
        } catch (err) {
          report(err, 'tick');
        }
      }, options.tickIntervalMs ?? 100);
      // A forgotten close() must not keep a test process alive.
      timer.unref();
    }

    const security: EmulatorSecurity = {
      ...(tls
        ? {
            tls: {
              caPath: tls.caPath,
              caPem: tls.caPem,
              ...(tls.client
                ? {
                    clientCertPath: tls.client.certPath,
                    clientKeyPath: tls.client.keyPath,
                    clientPrincipal: `User:CN=${tls.client.commonName}`,
                  }
                : {}),
            },
          }
        : {}),
      ...(sasl && saslOptions
        ? { sasl: { mechanisms: sasl.mechanisms, users: saslOptions.users ?? DEFAULT_SASL_USERS } }
        : {}),
    };
    return { source, destination, others, security, clock, tick, close };
  } catch (err) {
    await close();
    throw err;
  }
}
