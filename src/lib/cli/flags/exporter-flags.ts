// The flags of `kmirror exporter`.

import * as Flags from '@oclif/core/flags';
import { durationFlag } from './flags.js';
import { sourceCheckFlags } from './source-check-flags.js';

export const exporterFlags = {
  listen: Flags.string({
    summary: 'address to serve on, HOST:PORT (port 0: any free port)',
    default: '127.0.0.1:9464',
  }),
  'min-interval': durationFlag({
    description: 'serve cached values to scrapes closer together than this',
    defaultMs: 5000,
  }),
  'collect-timeout': durationFlag({
    description: 'longest a scrape waits for the brokers; keep it below the scrape_timeout of Prometheus',
    defaultMs: 8000,
  }),
  cluster: Flags.string({
    summary:
      'another cluster of the estate, a saved profile or host:port[,host:port…] (repeatable): adds the ' +
      'kmirror_topology_* gauges (mirror loops across the clusters)',
    multiple: true,
    helpValue: '<profile|bootstrap>',
  }),
  ...sourceCheckFlags('to read the lag times of kmirror_partition_lag_seconds'),
};
