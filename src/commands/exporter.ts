import * as Args from '@oclif/core/args';
import { exporterFlags } from '../lib/cli/flags/exporter-flags.js';
import { BaseCommand } from '../lib/cli/command/base-command.js';
import { parseListen, serveHttp } from '../lib/cli/server/http-server.js';
import { RestartingDeadline } from '../lib/cli/command/refresh-deadline.js';
import { listenForStop } from '../lib/cli/command/stop-signal.js';
import { MetricsCollector, collectMirrors, requireCollectable } from '../lib/mirror/metrics/metrics-collector.js';
import { exporterRoutes } from '../lib/cli/server/exporter-routes.js';
import { renderPrometheus } from '../lib/render/prometheus.js';
import { renderStatusPage } from '../lib/render/status-page.js';
import { estateMembers } from '../lib/cli/reach/estate-members.js';
import { askSecret } from '../lib/cli/reach/secret-prompt.js';
import type { ConnectionConfig } from '../lib/connection/connection-config.js';
import { readEstate } from '../lib/mirror/metrics/estate-view.js';

/** What `kmirror exporter --json` prints once it listens (one line; the process keeps running until stopped). */
export interface ExporterJson {
  /** The metrics endpoint, e.g. http://127.0.0.1:9464/metrics. */
  readonly url: string;
  readonly host: string;
  readonly port: number;
  readonly mirrors: string[];
}

export default class Exporter extends BaseCommand<typeof Exporter> {
  static override summary = 'Serve mirror states, offsets and lag as Prometheus metrics on /metrics';
  static override description =
    'Runs until Ctrl-C or SIGTERM. Each scrape of /metrics asks every destination broker ' +
    '(DescribeClusterMirrors), at ' +
    'most once per --min-interval however many scrapers there are; a collection that takes longer than ' +
    '--collect-timeout serves the previous values with kmirror_collection_stale 1 and the silent brokers marked in ' +
    'kmirror_broker_up. Lag times are read on the sources (--source-profile/--source-config, else the settings ' +
    'each mirror stores), a few fetches per source broker. With --cluster (repeatable) the other clusters of the ' +
    'estate are read too, for the topology gauges. / shows the mirrors as a small HTML page, /healthz answers ok. ' +
    'The metrics are listed in the README (Monitoring).';
  static override examples = [
    '<%= config.bin %> exporter -b localhost:9092',
    '<%= config.bin %> exporter m1 -b localhost:9092 --listen 0.0.0.0:9464',
    '<%= config.bin %> exporter -b dc1-kafka:9092 --cluster dc2',
  ];

  static override strict = false;
  static override args = {
    mirror: Args.string({ description: 'mirror name(s) to export; all mirrors when none is given', required: false }),
  };

  static override flags = exporterFlags;

  async run(): Promise<ExporterJson> {
    // Parsed once by the base command: a second parse would read a piped stdin password as a mirror name.
    const names = this.argList;
    const address = parseListen(this.flags.listen);
    const timeoutMs = this.flags['collect-timeout'];
    // Every collection gets the whole budget; set before the client exists, which keeps its deadline.
    const budget = new RestartingDeadline(Math.max(1, timeoutMs - 250));
    this.deadline = budget;
    const sourceCheck = await this.sourceCheck(this.flags);
    const ask = (question: string) => this.deadline.race(askSecret(question, this.canPrompt()), 'reading the password');
    const others = this.flags.cluster ?? [];
    // The --cluster values are resolved (profiles read, addresses checked) before anything is sent.
    const here = { label: (await this.connection()).bootstrap.join(','), client: () => this.kafka() };
    // In parallel with the rest of a collection, so within its whole budget.
    const open = (settings: ConnectionConfig) => this.openSourceWithin(budget.budgetMs)(settings);
    const members = await estateMembers(others, here, open, { env: process.env, ask, warn: (m) => this.warning(m) });
    const client = await this.kafka();
    await requireCollectable(client);
    const estate = others.length > 0 ? () => readEstate(members) : undefined;
    const collector = new MetricsCollector(
      () => {
        budget.restart();
        const brokerRetryMs = Math.min(3000, budget.budgetMs / 2);
        return collectMirrors(client, names, { brokerRetryMs, sourceCheck, ...(estate ? { estate } : {}) });
      },
      { minIntervalMs: this.flags['min-interval'], timeoutMs, now: Date.now },
    );
    const stop = listenForStop();
    const routes = exporterRoutes(collector, { prometheus: renderPrometheus, statusPage: renderStatusPage });
    const server = await serveHttp(address, routes);
    try {
      const bound = server.address();
      const port = typeof bound === 'object' && bound !== null ? bound.port : address.port;
      const host = address.host.includes(':') ? `[${address.host}]` : address.host;
      const info: ExporterJson = { url: `http://${host}:${port}/metrics`, host: address.host, port, mirrors: names };
      if (this.outputFormat === 'json') this.renderJsonLine(info);
      else this.render(info, (i) => `Serving ${i.url} (Ctrl-C to stop)`);
      const signal = await stop.stopped;
      this.note(`${signal} received: stopping the exporter.`);
      return info;
    } finally {
      stop.dispose();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    }
  }
}
