// The port flags of `kmirror playground`, checked before anything listens, and the words for a port
// the system refused. The playground takes no connection flags: it serves clusters.

import * as Flags from '@oclif/core/flags';
import type { Profile } from '../../connection/profile-yaml.js';
import { profileFilePath } from '../../connection/profile-file.js';
import { ProfileStore, createProfile } from '../../connection/profile-operations.js';
import { type Dialect, wireApisOf } from '../../kafka/dialect.js';
import { DialectInputError, buildDialect } from '../../kafka/dialects/index.js';
import { KmirrorError, UsageError } from '../failures/errors.js';
import { ExitCode } from '../failures/exit-codes.js';
import { type baseFlags, globalFlags } from './flags.js';

export const MAX_PLAYGROUND_NODES = 32;
export const MAX_PLAYGROUND_CLUSTERS = 16;

function parsePortList(input: string, flag: string): number[] {
  const parts = input.split(',').map((p) => p.trim());
  return parts.map((part) => {
    const port = /^\d+$/.test(part) ? Number(part) : NaN;
    if (!Number.isInteger(port) || port < 1 || port > 65_535) {
      throw new UsageError(`${flag}: '${part}' is not a port number`, {
        hint: `give ports from 1 to 65535 separated by commas, e.g. ${flag} 9092,9093`,
      });
    }
    return port;
  });
}

export const portListFlag = (summary: string) =>
  Flags.custom<number[]>({
    summary,
    helpValue: '<port,…>',
    exclusive: ['port-base'],
    parse: async (input: string, _context: unknown, flag: { name: string }) => parsePortList(input, `--${flag.name}`),
  })();

export interface PortFlags {
  readonly 'source-nodes': number;
  readonly 'destination-nodes': number;
  readonly 'port-base'?: number | undefined;
  readonly 'source-ports'?: number[] | undefined;
  readonly 'destination-ports'?: number[] | undefined;
  readonly clusters?: number | undefined;
}

export function playgroundClusterOptions(
  f: PortFlags & {
    readonly seed: string;
    readonly secure: boolean;
    readonly 'mirroring-disabled': boolean;
    readonly traffic: boolean;
    readonly 'destination-consumer': boolean;
  },
) {
  return {
    sourceNodes: f['source-nodes'],
    destinationNodes: f['destination-nodes'],
    clusters: f.clusters,
    seed: f.seed,
    secure: f.secure,
    mirroringDisabled: f['mirroring-disabled'],
    traffic: f.traffic,
    destinationConsumer: f['destination-consumer'],
  };
}

export function playgroundPorts(f: PortFlags): {
  sourcePorts?: number[];
  destinationPorts?: number[];
  otherPorts?: number[];
} {
  const sourceNodes = f['source-nodes'];
  const destinationNodes = f['destination-nodes'];
  const others = Math.max(0, (f.clusters ?? 2) - 2);
  const sourcePorts = f['port-base'] === undefined ? f['source-ports'] : consecutive(f['port-base'], sourceNodes);
  const destinationPorts =
    f['port-base'] === undefined ? f['destination-ports'] : consecutive(f['port-base'] + sourceNodes, destinationNodes);
  const otherPorts =
    f['port-base'] === undefined ? undefined : consecutive(f['port-base'] + sourceNodes + destinationNodes, others);
  const total = sourceNodes + destinationNodes + others;
  if (f['port-base'] !== undefined && f['port-base'] + total - 1 > 65_535) {
    throw new UsageError(`--port-base ${f['port-base']} leaves no room for ${total} ports below 65536`, {
      hint: 'choose a lower --port-base',
    });
  }
  checkPortCount('--source-ports', sourcePorts, sourceNodes, '--source-nodes');
  checkPortCount('--destination-ports', destinationPorts, destinationNodes, '--destination-nodes');
  const all = [...(sourcePorts ?? []), ...(destinationPorts ?? [])];
  const repeated = all.find((port, i) => all.indexOf(port) !== i);
  if (repeated !== undefined)
    throw new UsageError(`port ${repeated} is given twice`, { hint: 'give every node its own port' });
  return {
    ...(sourcePorts ? { sourcePorts } : {}),
    ...(destinationPorts ? { destinationPorts } : {}),
    ...(otherPorts && otherPorts.length > 0 ? { otherPorts } : {}),
  };
}

function consecutive(first: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => first + i);
}

function checkPortCount(flag: string, ports: readonly number[] | undefined, nodes: number, nodesFlag: string): void {
  if (ports === undefined || ports.length === nodes) return;
  throw new UsageError(`${flag} lists ${ports.length} port(s) for ${nodes} node(s)`, {
    hint: `give one port per node, or set ${nodesFlag} ${ports.length}`,
  });
}

export function playgroundStartFailure(err: unknown): unknown {
  const { code, port } = err as { code?: unknown; port?: unknown };
  const hint =
    'choose other ports (--port-base, --source-ports, --destination-ports) or leave them out to use random free ports';
  if (code === 'EADDRINUSE')
    return new KmirrorError(`port ${String(port)} is already in use: the playground could not start`, ExitCode.Error, {
      hint,
      cause: err,
    });
  if (code === 'EACCES')
    return new KmirrorError(
      `listening on port ${String(port)} is not permitted: the playground could not start`,
      ExitCode.Error,
      { hint, cause: err },
    );
  return err;
}

export const PLAYGROUND_DRAFT_CONFIG_VERSIONS = 'DescribeConfigs=5,IncrementalAlterConfigs=2';

/** The seed KIP numbers none of its RPCs, so kip-draft needs a key for each admin RPC (exit 2 naming the missing). */
export function playgroundDialect(given: {
  protocol?: string | undefined;
  apiKeys?: string | undefined;
  apiVersions?: string | undefined;
}): { dialect: Dialect; args: string[] } {
  const draft = given.protocol === 'kip-draft';
  const apiVersions = given.apiVersions ?? (draft ? PLAYGROUND_DRAFT_CONFIG_VERSIONS : undefined);
  let dialect: Dialect;
  try {
    dialect = buildDialect({ protocol: given.protocol, apiKeys: given.apiKeys, apiVersions });
  } catch (err) {
    if (err instanceof DialectInputError) throw new UsageError(err.message, { hint: err.hint });
    throw err;
  }
  wireApisOf(dialect, dialect.adminMirrorApis);
  const args = [
    ...(draft ? ['--protocol', 'kip-draft'] : []),
    ...(given.apiKeys !== undefined ? ['--api-keys', given.apiKeys] : []),
    ...(apiVersions !== undefined ? ['--api-versions', apiVersions] : []),
  ];
  return { dialect, args };
}

export function playgroundFlags(defaultSeed: string) {
  return {
    'source-nodes': Flags.integer({
      summary: 'number of source cluster nodes',
      default: 1,
      min: 1,
      max: MAX_PLAYGROUND_NODES,
    }),
    'destination-nodes': Flags.integer({
      summary: 'number of destination cluster nodes',
      default: 3,
      min: 1,
      max: MAX_PLAYGROUND_NODES,
    }),
    clusters: Flags.integer({
      summary: 'clusters to run: the source, the destination, and empty one-node clusters cluster-3, … (default 2)',
      description:
        'The further clusters have mirroring enabled and no topics: create mirrors on them (kmirror create -b ' +
        'THEIR-BOOTSTRAP) to build an estate for kmirror topology, or to try a failback through a third cluster.',
      default: 2,
      min: 2,
      max: MAX_PLAYGROUND_CLUSTERS,
    }),
    'port-base': Flags.integer({
      summary:
        'listen on consecutive ports from this one: source nodes first, then destination nodes, then one per ' +
        'further cluster (default: random free ports)',
      min: 1,
      max: 65_535,
      exclusive: ['source-ports', 'destination-ports'],
    }),
    'source-ports': portListFlag('ports of the source nodes, one per node (default: random free ports)'),
    'destination-ports': portListFlag('ports of the destination nodes, one per node (default: random free ports)'),
    seed: Flags.string({
      summary: 'seed for cluster and topic ids: the same seed gives the same ids',
      default: defaultSeed,
    }),
    secure: Flags.boolean({
      summary: 'require SASL over TLS; prints the test credentials and writes a client.properties for --command-config',
    }),
    'save-profile': Flags.string({
      summary: 'save a profile for the destination cluster under this name (replacing one of that name)',
      description: 'The printed commands then use --profile NAME. The profile stops working when the playground stops.',
      helpValue: '<name>',
    }),
    'mirroring-disabled': Flags.boolean({
      summary: 'finalize mirror.version at 0, as on a cluster where mirroring is not enabled',
    }),
    'destination-consumer': Flags.boolean({
      summary: 'a consumer of group billing also runs on the destination (groups and promote show it active there)',
    }),
    traffic: Flags.boolean({
      summary: 'producers write to the demo topics; --no-traffic holds their end offsets still (quiet producers)',
      default: true,
      allowNo: true,
    }),
  };
}

export function withSavedProfile<I extends PlaygroundReach>(
  info: I,
  name: string | undefined,
): I & { profile?: string } {
  return name === undefined ? info : { ...info, profile: savePlaygroundProfile(name, playgroundProfile(info)) };
}

export function toggleTraffic(clusters: {
  readonly source: { readonly cluster: { setTraffic(running: boolean): void; readonly trafficRunning: boolean } };
}): boolean {
  const source = clusters.source.cluster;
  source.setTraffic(!source.trafficRunning);
  return source.trafficRunning;
}

export function savePlaygroundProfile(name: string, profile: Profile): string {
  const store = ProfileStore.load(profileFilePath());
  createProfile(store, name, profile, { overwrite: true, use: false });
  return name;
}

// The playground serves clusters instead of connecting to one, so it takes none of the connection flags.
export const playgroundBaseFlags = {
  output: globalFlags.output,
  color: globalFlags.color,
  debug: globalFlags.debug,
  protocol: globalFlags.protocol,
  'api-keys': globalFlags['api-keys'],
  'api-versions': globalFlags['api-versions'],
} as unknown as typeof baseFlags;

export interface PlaygroundReach {
  readonly destination: { readonly bootstrap: string };
  readonly security?: { readonly clientPropertiesPath: string } | undefined;
  readonly protocol: string;
  readonly dialectArgs: readonly string[];
}

export function playgroundProfile(info: PlaygroundReach): Profile {
  const arg = (flag: string) => info.dialectArgs[info.dialectArgs.indexOf(flag) + 1];
  return {
    bootstrapServer: info.destination.bootstrap.split(','),
    ...(info.security ? { commandConfig: info.security.clientPropertiesPath } : {}),
    ...(info.protocol === 'kip-draft' ? { protocol: info.protocol } : {}),
    ...(info.dialectArgs.includes('--api-keys') ? { apiKeys: arg('--api-keys') } : {}),
    ...(info.dialectArgs.includes('--api-versions') ? { apiVersions: arg('--api-versions') } : {}),
  };
}
