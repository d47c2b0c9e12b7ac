// The evidence a switchover leaves: a tail verify of the moved topics and a receipt of both clusters; before
// the stop, `promote --verify` refuses a topic whose tail diverges.

import type { ConnectionConfig } from '../../connection/connection-config.js';
import type { KafkaClient } from '../../kafka/client.js';
import { MirrorError } from '../core/errors.js';
import { nameList } from '../core/name-list.js';
import { type Receipt, receiptPartitions } from '../verify/receipt.js';
import { verifyMirror } from '../verify/verify.js';
import type { VerifyResult } from '../verify/verify-types.js';
import type { FailbackResult } from './failback.js';
import type { PromotePlan } from './promote-plan.js';
import type { PromoteResult } from './promote-report.js';

export interface ReceiptDependencies {
  openSource(settings: ConnectionConfig): Promise<KafkaClient>;
  warn(message: string): void;
  now(): number;
  readonly kmirrorVersion: string;
}

export const RECEIPT_TAIL_BATCHES = 10;

async function tailVerify(
  destination: KafkaClient,
  mirror: string,
  topics: readonly string[],
  source: ConnectionConfig,
  deps: Pick<ReceiptDependencies, 'openSource' | 'warn'>,
): Promise<VerifyResult> {
  return verifyMirror(
    destination,
    { mirror, topics, range: { kind: 'tail', batches: RECEIPT_TAIL_BATCHES }, sourceProfile: source },
    deps,
  );
}

export async function refuseDivergingTail(
  client: KafkaClient,
  plan: PromotePlan,
  deps: Pick<ReceiptDependencies, 'openSource' | 'warn'>,
): Promise<void> {
  const verified = await tailVerify(client, plan.mirror, plan.topics, plan.sourceSettings, deps);
  const bad = verified.partitions.filter((p) => p.verdict === 'diverges' || p.verdict === 'missing');
  if (bad.length === 0) return;
  const topics = [...new Set(bad.map((p) => p.topic))];
  throw new MirrorError(
    `--verify: the last ${RECEIPT_TAIL_BATCHES} batches of ${nameList(bad.map((p) => `${p.topic}-${p.partition}`))} ` +
      `differ between the source and the destination; nothing was stopped`,
    'condition-holds',
    {
      hint:
        `kmirror verify ${plan.mirror} --topic ${topics.join(',')} shows the first differing batch on both sides; ` +
        'promoting would keep the destination’s copy',
    },
  );
}

async function clusterIdOf(client: KafkaClient): Promise<string | null> {
  return (await client.clusterView()).clusterId;
}

async function build(
  command: Receipt['command'],
  destination: { client: KafkaClient; bootstrap: string[] },
  mirror: string,
  topics: readonly string[],
  source: ConnectionConfig,
  ends: Parameters<typeof receiptPartitions>[2],
  extra: { steps: Receipt['steps']; groups: unknown },
  deps: ReceiptDependencies,
): Promise<Receipt> {
  const verified = await tailVerify(destination.client, mirror, topics, source, deps);
  const partitions = await receiptPartitions(destination.client, verified, ends);
  const sourceClient = await deps.openSource(source);
  let sourceId: string | null;
  try {
    sourceId = await clusterIdOf(sourceClient);
  } finally {
    await sourceClient.close().catch(() => undefined);
  }
  return {
    receiptVersion: 1,
    command,
    kmirrorVersion: deps.kmirrorVersion,
    mirror,
    source: { clusterId: sourceId, bootstrap: source.bootstrap },
    destination: { clusterId: await clusterIdOf(destination.client), bootstrap: destination.bootstrap },
    steps: [...extra.steps, { step: 'verified', at: new Date(deps.now()).toISOString() }],
    partitions,
    verify: verified.summary,
    groups: extra.groups,
  };
}

function byPartition<P extends { readonly partition: number }>(
  topics: readonly { readonly topic: string; readonly partitions: readonly P[] }[],
): Map<string, P> {
  return new Map(topics.flatMap((t) => t.partitions.map((p) => [`${t.topic}-${p.partition}`, p] as const)));
}

export function promoteReceipt(
  client: KafkaClient,
  bootstrap: string[],
  plan: PromotePlan,
  result: PromoteResult,
  steps: Receipt['steps'],
  deps: ReceiptDependencies,
): Promise<Receipt> {
  const ends = byPartition(result.topics);
  return build(
    'promote',
    { client, bootstrap },
    plan.mirror,
    result.stopped,
    plan.sourceSettings,
    (p) => ({
      sourceEnd: ends.get(`${p.topic}-${p.partition}`)?.sourceEnd ?? null,
      destinationEnd: ends.get(`${p.topic}-${p.partition}`)?.destinationEnd ?? null,
    }),
    { steps, groups: result.groups },
    deps,
  );
}

export function failbackReceipt(
  a: KafkaClient,
  aBootstrap: string[],
  b: ConnectionConfig,
  result: FailbackResult,
  steps: Receipt['steps'],
  deps: ReceiptDependencies,
): Promise<Receipt> {
  const ends = byPartition(result.topics);
  return build(
    'failback',
    { client: a, bootstrap: aBootstrap },
    result.reverseMirror.name,
    result.topics.map((t) => t.topic),
    b,
    (p) => ({
      sourceEnd: null,
      destinationEnd: ends.get(`${p.topic}-${p.partition}`)?.endAfter ?? null,
      truncated: ends.get(`${p.topic}-${p.partition}`)?.truncated ?? null,
    }),
    { steps, groups: null },
    deps,
  );
}
