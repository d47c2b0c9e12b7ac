// The routes of `kmirror exporter`: /metrics (every metric, from one snapshot), / (a status page), /healthz.

import { METRICS, metricSamples, type MetricId } from '../../mirror/metrics/metrics.js';
import type { MetricsCollector } from '../../mirror/metrics/metrics-collector.js';
import { renderPrometheus } from '../../render/prometheus.js';
import { renderStatusPage } from '../../render/status-page.js';
import type { Routes } from './http-server.js';

export function exporterRoutes(collector: MetricsCollector): Routes {
  return {
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
  };
}
