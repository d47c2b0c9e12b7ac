// remove-topics: the source's open transactions on the partitions it stops. Best effort: a source out of reach
// is the usual reason to fail over, so that is a warning, not a refusal.

import type { KafkaClient } from '../../kafka/client.js';
import type { MirrorCatchUpDependencies } from './caught-up.js';
import { readOpenTransactions } from '../describe/open-transactions.js';
import { describeMirrorConfigs, sourceConnection } from '../core/source-client.js';
import type { TopicActionPlan } from './topic-actions.js';

export type SourceAccess = Pick<MirrorCatchUpDependencies, 'openSource' | 'warn' | 'sourceConfig' | 'sourceConfigName'>;

export async function withOpenTransactions(
  client: KafkaClient,
  plan: TopicActionPlan,
  access: SourceAccess,
): Promise<TopicActionPlan> {
  const sent = new Set(plan.send);
  const wanted = new Map(
    plan.topics.filter((t) => sent.has(t.topic)).map((t) => [t.topic, t.partitions.map((p) => p.partition)]),
  );
  if (wanted.size === 0) return plan;
  try {
    const stored = await describeMirrorConfigs(client, plan.mirror);
    const settings = await sourceConnection(
      {
        mirror: plan.mirror,
        stored,
        ...(access.sourceConfig ? { override: access.sourceConfig } : {}),
        ...(access.sourceConfigName ? { overrideName: access.sourceConfigName } : {}),
      },
      access.warn,
    );
    const source = await access.openSource(settings);
    try {
      return { ...plan, openTransactions: await readOpenTransactions(source, wanted) };
    } finally {
      await source.close().catch(() => undefined);
    }
  } catch (err) {
    access.warn(
      `could not read the source's open transactions (${err instanceof Error ? err.message : String(err)}): ` +
        'any still open when the topics stop are aborted on the destination',
    );
    return plan;
  }
}
