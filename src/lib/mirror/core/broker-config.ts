// One numeric broker config of the destination, as a broker reports it for itself (a broker answers only
// for its own id). Best effort: null when it cannot be read.

import type { KafkaClient } from '../../kafka/client.js';
import { DescribeConfigs } from '../../kafka/messages/index.js';

const BROKER_RESOURCE = 4;

export const SYNC_INTERVAL_KEY = 'mirror.metadata.refresh.interval.ms';
/** Its default when no broker says otherwise (PROTOCOL.md §11.2). */
export const DEFAULT_SYNC_INTERVAL_MS = 60_000;

export async function readBrokerConfigNumber(client: KafkaClient, key: string): Promise<number | null> {
  try {
    const view = await client.clusterView();
    const first = view.brokers[0];
    if (first?.nodeId === undefined) return null;
    const response = await client.sendTo(
      DescribeConfigs,
      {
        Resources: [{ ResourceType: BROKER_RESOURCE, ResourceName: String(first.nodeId), ConfigurationKeys: [key] }],
        IncludeSynonyms: false,
        IncludeDocumentation: false,
      },
      first,
    );
    const result = response.Results[0];
    if (!result || result.ErrorCode !== 0) return null;
    const value = Number(result.Configs.find((c) => c.Name === key)?.Value ?? NaN);
    return Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

/** The source sync's period as results report it. */
export interface SyncInterval {
  /** The destination broker config that sets it (a mirror-level value of that name is ignored). */
  readonly brokerConfig: string;
  /** As the destination reports it; null when it cannot be read. */
  readonly ms: number | null;
  readonly defaultMs: number;
}

export async function readSyncInterval(client: KafkaClient): Promise<SyncInterval> {
  return {
    brokerConfig: SYNC_INTERVAL_KEY,
    ms: await readBrokerConfigNumber(client, SYNC_INTERVAL_KEY),
    defaultMs: DEFAULT_SYNC_INTERVAL_MS,
  };
}
