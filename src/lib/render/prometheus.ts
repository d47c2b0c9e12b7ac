// The Prometheus text exposition of one exporter snapshot, written by prom-client (never by hand):
// a fresh registry per scrape, so series of partitions that went away do not linger.

import type { MetricDefinition, MetricSample } from '../mirror/metrics/metrics.js';

export interface MetricFamily {
  readonly definition: MetricDefinition;
  readonly samples: readonly MetricSample[];
}

export interface Exposition {
  readonly contentType: string;
  readonly body: string;
}

export async function renderPrometheus(families: readonly MetricFamily[]): Promise<Exposition> {
  // prom-client (and the OpenTelemetry API it loads) only for the exporter's scrapes.
  const { Gauge, Registry } = await import('prom-client');
  const registry = new Registry();
  for (const { definition, samples } of families) {
    const gauge = new Gauge({
      name: definition.name,
      help: definition.help,
      labelNames: [...definition.labels],
      registers: [registry],
    });
    for (const sample of samples) gauge.set(sample.labels, sample.value);
  }
  return { contentType: registry.contentType, body: await registry.metrics() };
}
