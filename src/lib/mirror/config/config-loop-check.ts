// `config set` that grows mirror.topics.include (or shrinks mirror.topics.exclude) starts every source
// topic the filters then match: the same mirror-loop check as add-topics, with the filters as they
// will be after the change and the source settings the mirror stores.

import type { ConnectionConfig } from '../../connection/connection-config.js';
import type { KafkaClient } from '../../kafka/client.js';
import type { ConfigChange } from './config.js';
import { configAfterChanges } from './config-source-check.js';
import { type LoopCheck, askSourceForLoops, filterSelector, notMade } from '../describe/loop-check.js';
import { describeMirrorConfigs, sourceConnection } from '../core/source-client.js';
import { TOPICS_EXCLUDE, TOPICS_INCLUDE, topicFilterChanges } from './topic-filter-changes.js';
import { splitListValue } from '../core/list-value.js';

export async function configChangeLoopCheck(
  client: KafkaClient,
  mirror: string,
  changes: readonly ConfigChange[],
  openSource: (settings: ConnectionConfig) => Promise<KafkaClient>,
): Promise<LoopCheck | null> {
  const starts = topicFilterChanges(changes).some((f) => f.effect === 'starts' || f.effect === 'unexcludes');
  if (!starts) return null;
  const after = configAfterChanges(await describeMirrorConfigs(client, mirror), changes);
  let settings: ConnectionConfig;
  try {
    settings = await sourceConnection({ mirror, stored: after }, () => undefined);
  } catch (err) {
    return notMade(err instanceof Error ? err.message : String(err));
  }
  const here = (await client.clusterView()).clusterId;
  const selects = filterSelector(splitListValue(after.get(TOPICS_INCLUDE)), splitListValue(after.get(TOPICS_EXCLUDE)));
  return askSourceForLoops(settings, openSource, here, selects);
}
