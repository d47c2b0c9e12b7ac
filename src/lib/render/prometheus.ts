// The Prometheus text exposition of one exporter snapshot, written by prom-client (never by hand):
// a fresh registry per scrape, so series of partitions that went away do not linger.

import { Gauge, Registry } from 'prom-client';
import type { MetricDefinition, MetricSample } from '../mirror/metrics.js';

export interface MetricFamily {
  readonly definition: MetricDefinition;
  readonly samples: readonly MetricSample[];
}

export interface Exposition {
  readonly contentType: string;
  readonly body: string;
}

export async function renderPrometheus(families: readonly MetricFamily[]): Promise<Exposition> {
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
