import * as Args from '@oclif/core/args';
import { exporterFlags } from '../lib/cli/flags/exporter-flags.js';
import { BaseCommand } from '../lib/cli/command/base-command.js';
import { parseListen, serveHttp } from '../lib/cli/server/http-server.js';
import { RestartingDeadline } from '../lib/cli/command/refresh-deadline.js';
import { listenForStop } from '../lib/cli/command/stop-signal.js';
import { METRICS, metricSamples, type MetricId } from '../lib/mirror/metrics/metrics.js';
import { MetricsCollector, collectMirrors, requireCollectable } from '../lib/mirror/metrics/metrics-collector.js';
import { renderPrometheus } from '../lib/render/prometheus.js';
import { renderStatusPage } from '../lib/render/status-page.js';

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
    'kmirror_broker_up. / shows the mirrors as a small HTML page, /healthz answers ok. The metrics are listed in the ' +
    'README (Monitoring).';
  static override examples = [
    '<%= config.bin %> exporter -b localhost:9092',
    '<%= config.bin %> exporter m1 -b localhost:9092 --listen 0.0.0.0:9464',
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
    const client = await this.kafka();
    await requireCollectable(client);
    const collector = new MetricsCollector(
      () => {
        budget.restart();
        return collectMirrors(client, names, Math.min(3000, budget.budgetMs / 2));
      },
      { minIntervalMs: this.flags['min-interval'], timeoutMs, now: Date.now },
    );
    const stop = listenForStop();
    const server = await serveHttp(address, {
      '/metrics': async () => {
        const samples = metricSamples(await collector.snapshot());
        const families = (Object.keys(METRICS) as MetricId[]).map((id) => ({
          definition: METRICS[id],
          samples: samples[id],
        }));
        const { contentType, body } = await renderPrometheus(families);
        return { status: 200, contentType, body };
      },
      '/': async () => ({
        status: 200,
        contentType: 'text/html; charset=utf-8',
        body: renderStatusPage(await collector.snapshot()),
      }),
      '/healthz': async () => ({ status: 200, contentType: 'text/plain; charset=utf-8', body: 'ok\n' }),
    });
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
