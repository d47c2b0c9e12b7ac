// What `config set` checks before it changes a mirror, and what the change will set in motion.

import type { ConnectionConfig } from '../../connection/connection-config.js';
import type { KafkaClient } from '../../kafka/client.js';
import { type ConfigChange, requireMirrorConfigApis } from '../config/config.js';
import { requireValidAtFinalizedLevels } from '../config/config-levels.js';
import { checkSourceAfterChange } from '../config/config-source-check.js';
import { type FilterChange, topicFilterChanges } from '../config/topic-filter-changes.js';
import { topicsMirroringNow } from './config-restart.js';

export interface ConfigPreflightOptions {
  readonly openSource: (settings: ConnectionConfig) => Promise<KafkaClient>;
  readonly warn: (message: string) => void;
  readonly force: boolean;
  readonly validateOnly: boolean;
}

export interface ConfigPreflight {
  /** Restarted by the change: their partitions go FAILED for ~2 s. */
  readonly mirroring: string[];
  readonly filters: FilterChange[];
}

export async function preflightConfigChanges(
  client: KafkaClient,
  mirror: string,
  changes: readonly ConfigChange[],
  options: ConfigPreflightOptions,
): Promise<ConfigPreflight> {
  const info = await requireMirrorConfigApis(client, options.warn);
  requireValidAtFinalizedLevels(
    changes.filter((c) => c.operation === 'SET' || c.operation === 'APPEND').map((c) => [c.name, c.value]),
    info.finalizedFeatures,
  );
  const { openSource, warn, force } = options;
  await checkSourceAfterChange(client, mirror, changes, { openSource, warn, force });
  if (options.validateOnly) return { mirroring: [], filters: [] };
  return { mirroring: await topicsMirroringNow(client, mirror), filters: topicFilterChanges(changes) };
}
