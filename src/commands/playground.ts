import { Flags } from '@oclif/core';
import { BaseCommand } from '../lib/cli/base-command.js';
import { KmirrorError, UsageError } from '../lib/cli/errors.js';
import { ExitCode } from '../lib/cli/exit-codes.js';
import { type baseFlags, globalFlags } from '../lib/cli/flags.js';
import {
  DEFAULT_PLAYGROUND_SEED,
  startPlayground,
  type PlaygroundInfo,
  type RunningPlayground,
} from '../lib/emulator/playground.js';
import { renderPlayground } from '../lib/render/playground.js';

/**
 * Printed as ONE line on stdout once both emulated clusters listen; the playground then keeps running
 * until SIGINT/SIGTERM. `security` is present only with --secure and holds the throwaway credentials
 * of this run in clear (showing them is the purpose of --secure).
 */
export type PlaygroundJson = PlaygroundInfo;

const MAX_NODES = 32;

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

const portListFlag = (summary: string) =>
  Flags.custom<number[]>({
    summary,
    helpValue: '<port,…>',
    exclusive: ['port-base'],
    parse: async (input: string, _context: unknown, flag: { name: string }) => parsePortList(input, `--${flag.name}`),
  })();

/** Resolves on the first SIGINT or SIGTERM; while listening, those signals no longer kill the process. */
function listenForStop(): { stopped: Promise<NodeJS.Signals>; dispose(): void } {
  let dispose = (): void => undefined;
  const stopped = new Promise<NodeJS.Signals>((resolve) => {
    const stop = (signal: NodeJS.Signals): void => {
      dispose();
      resolve(signal);
    };
    dispose = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  return { stopped, dispose };
}

export default class Playground extends BaseCommand<typeof Playground> {
  static override summary = 'Run an emulated source and destination cluster with mirroring, to try kmirror';
  static override description =
    'Starts two emulated Kafka clusters on 127.0.0.1 in the foreground: a source holding demo topics (orders-us, ' +
    'orders-eu, payments, __internal) whose logs keep growing, and a destination that supports cluster mirroring ' +
    '(KIP-1279). Prints both bootstrap addresses and the kmirror commands to try next, then runs until Ctrl-C or ' +
    'SIGTERM. With --json it prints one line, a JSON object with both clusters (and the credentials with --secure), ' +
    'and keeps running. The emulator speaks the Kafka protocol for admin and mirror RPCs only: it holds no records, ' +
    'so producers and consumers cannot use it.';
  static override examples = [
    '<%= config.bin %> playground',
    '<%= config.bin %> playground --port-base 9092',
    '<%= config.bin %> playground --secure',
    '<%= config.bin %> playground --json > playground.json &',
  ];

  // The playground serves clusters instead of connecting to one, so it takes none of the connection
  // flags; the cast keeps BaseCommand's typing while oclif sees only these.
  static override baseFlags = {
    output: globalFlags.output,
    color: globalFlags.color,
    debug: globalFlags.debug,
  } as unknown as typeof baseFlags;

  static override flags = {
    'source-nodes': Flags.integer({ summary: 'number of source cluster nodes', default: 1, min: 1, max: MAX_NODES }),
    'destination-nodes': Flags.integer({
      summary: 'number of destination cluster nodes',
      default: 3,
      min: 1,
      max: MAX_NODES,
    }),
    'port-base': Flags.integer({
      summary:
        'listen on consecutive ports from this one: source nodes first, then destination nodes (default: random free ports)',
      min: 1,
      max: 65_535,
      exclusive: ['source-ports', 'destination-ports'],
    }),
    'source-ports': portListFlag('ports of the source nodes, one per node (default: random free ports)'),
    'destination-ports': portListFlag('ports of the destination nodes, one per node (default: random free ports)'),
    seed: Flags.string({
      summary: 'seed for cluster and topic ids: the same seed gives the same ids',
      default: DEFAULT_PLAYGROUND_SEED,
    }),
    secure: Flags.boolean({
      summary: 'require SASL over TLS; prints the test credentials and writes a client.properties for --command-config',
    }),
    'mirroring-disabled': Flags.boolean({
      summary: 'finalize mirror.version at 0, as on a cluster where mirroring is not enabled',
    }),
  };

  async run(): Promise<PlaygroundInfo> {
    const f = this.flags;
    const sourceNodes = f['source-nodes'];
    const destinationNodes = f['destination-nodes'];
    const sourcePorts = f['port-base'] === undefined ? f['source-ports'] : consecutive(f['port-base'], sourceNodes);
    const destinationPorts =
      f['port-base'] === undefined
        ? f['destination-ports']
        : consecutive(f['port-base'] + sourceNodes, destinationNodes);
    if (f['port-base'] !== undefined && f['port-base'] + sourceNodes + destinationNodes - 1 > 65_535) {
      throw new UsageError(
        `--port-base ${f['port-base']} leaves no room for ${sourceNodes + destinationNodes} ports below 65536`,
        { hint: 'choose a lower --port-base' },
      );
    }
    checkPortCount('--source-ports', sourcePorts, sourceNodes, '--source-nodes');
    checkPortCount('--destination-ports', destinationPorts, destinationNodes, '--destination-nodes');
    const all = [...(sourcePorts ?? []), ...(destinationPorts ?? [])];
    const repeated = all.find((port, i) => all.indexOf(port) !== i);
    if (repeated !== undefined)
      throw new UsageError(`port ${repeated} is given twice`, { hint: 'give every node its own port' });

    // Registered before starting, so a Ctrl-C during start-up also stops cleanly.
    const stop = listenForStop();
    let playground: RunningPlayground;
    try {
      playground = await startPlayground({
        sourceNodes,
        destinationNodes,
        ...(sourcePorts ? { sourcePorts } : {}),
        ...(destinationPorts ? { destinationPorts } : {}),
        seed: f.seed,
        secure: f.secure,
        mirroringDisabled: f['mirroring-disabled'],
        onError: (error, api) =>
          this.warning(`emulator: ${api} failed: ${error instanceof Error ? error.message : String(error)}`),
        ...(this.debugEnabled()
          ? {
              onWire: (event) => {
                if (event.direction === 'request')
                  this.trace(
                    `${event.cluster} node ${event.nodeId}: ${event.apiName} v${event.version} from ${event.principal}`,
                  );
              },
            }
          : {}),
      });
    } catch (err) {
      stop.dispose();
      throw startFailure(err);
    }

    try {
      const { info } = playground;
      if (this.outputFormat === 'json') this.renderJsonLine(info, { showSecrets: true });
      else this.render(info, renderPlayground, { showSecrets: true });
      const signal = await stop.stopped;
      this.note(`${signal} received: stopping the playground.`);
      return info;
    } finally {
      await playground.close();
    }
  }
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

function startFailure(err: unknown): unknown {
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
