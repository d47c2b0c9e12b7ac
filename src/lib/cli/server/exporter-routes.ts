// The routes of `kmirror exporter`: /metrics (every metric, from one snapshot), / (a status page), /healthz.
// The renderers come from the command (cli/ imports no render/ module).

import { METRICS, metricSamples, type MetricDefinition, type MetricId } from '../../mirror/metrics/metrics.js';
import type { MetricSample, MetricsSnapshot } from '../../mirror/metrics/metrics.js';
import type { MetricsCollector } from '../../mirror/metrics/metrics-collector.js';
import type { Routes } from './http-server.js';

export interface ExporterRenderers {
  readonly prometheus: (
    families: readonly { readonly definition: MetricDefinition; readonly samples: readonly MetricSample[] }[],
  ) => Promise<{ readonly contentType: string; readonly body: string }>;
  readonly statusPage: (snapshot: MetricsSnapshot) => string;
}

export function exporterRoutes(collector: MetricsCollector, render: ExporterRenderers): Routes {
  return {
    '/metrics': async () => {
      const samples = metricSamples(await collector.snapshot());
      const families = (Object.keys(METRICS) as MetricId[]).map((id) => ({
        definition: METRICS[id],
        samples: samples[id],
      }));
      const { contentType, body } = await render.prometheus(families);
      return { status: 200, contentType, body };
    },
    '/': async () => ({
      status: 200,
      contentType: 'text/html; charset=utf-8',
      body: render.statusPage(await collector.snapshot()),
    }),
    '/healthz': async () => ({ status: 200, contentType: 'text/plain; charset=utf-8', body: 'ok\n' }),
  };
}
