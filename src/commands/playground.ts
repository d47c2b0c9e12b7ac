import { BaseCommand } from '../lib/cli/command/base-command.js';
import {
  playgroundBaseFlags,
  playgroundClusterOptions,
  playgroundDialect,
  playgroundFlags,
  playgroundPorts,
  playgroundStartFailure,
  toggleTraffic,
  withSavedProfile,
} from '../lib/cli/flags/playground-flags.js';
import { PRODUCER_SIGNAL, listenForProducerToggle } from '../lib/cli/command/producer-signal.js';
import { listenForStop } from '../lib/cli/command/stop-signal.js';
import {
  DEFAULT_PLAYGROUND_SEED,
  nextCommands,
  startPlayground,
  type PlaygroundInfo,
} from '../lib/emulator/playground.js';
import { renderPlayground } from '../lib/render/playground.js';

/**
 * Printed as ONE line on stdout once every emulated cluster listens; the playground then keeps running
 * until SIGINT/SIGTERM. `security` is present only with --secure and holds the throwaway credentials
 * of this run in clear (showing them is the purpose of --secure).
 */
export type PlaygroundJson = PlaygroundInfo;

export default class Playground extends BaseCommand<typeof Playground> {
  static override summary = 'Run an emulated source and destination cluster with mirroring, to try kmirror';
  static override description =
    'Starts two emulated Kafka clusters on 127.0.0.1 in the foreground: a source holding demo topics (orders-us, ' +
    'orders-eu, payments, __internal) whose logs keep growing, and a destination that supports cluster mirroring ' +
    '(KIP-1279). Prints both bootstrap addresses and the kmirror commands to try next, then runs until Ctrl-C or ' +
    'SIGTERM. --clusters N adds empty one-node clusters (cluster-3, …) for an estate of several clusters. With ' +
    '--json it prints one line, a JSON object with every cluster (and the credentials with --secure), ' +
    'and keeps running. Consumer groups commit offsets on the source; kill -USR1 PID stops and restarts the ' +
    'producers.';
  static override examples = [
    '<%= config.bin %> playground',
    '<%= config.bin %> playground --port-base 9092',
    '<%= config.bin %> playground --clusters 3',
    '<%= config.bin %> playground --secure',
    '<%= config.bin %> playground --json > playground.json &',
  ];

  static override baseFlags = playgroundBaseFlags;

  static override flags = playgroundFlags(DEFAULT_PLAYGROUND_SEED);

  static override appliesProfile = false;

  async run(): Promise<PlaygroundInfo> {
    const f = this.flags;
    const producerSignal = { signal: PRODUCER_SIGNAL, pid: process.pid } as const;
    const ports = playgroundPorts(f);
    const { dialect, args } = playgroundDialect({
      protocol: f.protocol,
      apiKeys: f['api-keys'],
      apiVersions: f['api-versions'],
    });

    const stop = listenForStop(); // before starting, so a Ctrl-C during start-up also stops cleanly
    const playground = await startPlayground({
      ...playgroundClusterOptions(f),
      ...ports,
      dialect,
      dialectArgs: args,
      onError: (error, api) =>
        this.warning(`emulator: ${api} failed: ${error instanceof Error ? error.message : String(error)}`),
      onWire: this.debugEnabled()
        ? (e) => {
            if (e.direction === 'request')
              this.trace(`${e.cluster} node ${e.nodeId}: ${e.apiName} v${e.version} from ${e.principal}`);
          }
        : undefined,
    }).catch((err: unknown) => {
      stop.dispose();
      throw playgroundStartFailure(err);
    });

    const producers = listenForProducerToggle(
      () => toggleTraffic(playground.clusters),
      (l) => this.note(l),
    );
    try {
      const info = { ...withSavedProfile(playground.info, f['save-profile']), producerSignal };
      if (this.outputFormat === 'json') this.renderJsonLine(info, { showSecrets: true });
      else this.render(info, (i) => renderPlayground(i, nextCommands(i)), { showSecrets: true });
      const signal = await stop.stopped;
      this.note(`${signal} received: stopping the playground.`);
      return info;
    } finally {
      producers.dispose();
      await playground.close();
    }
  }
}
