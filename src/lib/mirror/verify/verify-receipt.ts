// `kmirror verify --receipt FILE`: the clusters a receipt names must still hold what it recorded; a write on
// the source after the stop is split brain.

import { InvalidInputError } from '../core/errors.js';
import type { PropertyEntry } from '../../connection/properties-file.js';
import type { KafkaClient } from '../../kafka/client.js';
import { type SourceAccess, sourceSettingsOf } from '../core/source-access.js';
import { describeMirrorConfigs } from '../core/source-client.js';
import type { ReadProgress } from './compare-partitions.js';
import { checkReceipt, type Receipt } from './receipt.js';
import type { VerifyDependencies } from './verify.js';
import { verifySummary } from './verify-outcome.js';
import type { VerifyResult } from './verify-types.js';

/** Else the receipt's bootstrap: the old mirror may be deleted by now. */
async function sourceAccessOf(client: KafkaClient, receipt: Receipt, access: SourceAccess, deps: VerifyDependencies) {
  const stored = await describeMirrorConfigs(client, receipt.mirror);
  if (stored.has('bootstrap.servers') || access.sourceConfig || access.sourceProfile)
    return sourceSettingsOf({ mirror: receipt.mirror, stored }, access, deps.warn);
  if (receipt.source.bootstrap.length === 0)
    throw new InvalidInputError('the receipt names no source bootstrap and the mirror is gone', {
      hint: 'give the source connection with --source-config FILE',
    });
  const entry: PropertyEntry = {
    key: 'bootstrap.servers',
    value: receipt.source.bootstrap.join(','),
    line: 0,
    origin: 'the receipt',
  };
  return sourceSettingsOf(
    { mirror: receipt.mirror, stored },
    { sourceConfig: new Map([['bootstrap.servers', entry]]), sourceConfigName: 'the receipt' },
    deps.warn,
  );
}

/** The cluster `client` reaches must be the one the receipt recorded on that side: else the check reads another. */
async function requireReceiptCluster(
  client: KafkaClient,
  receipt: Receipt,
  side: 'source' | 'destination',
  flag: string,
): Promise<void> {
  const recorded = receipt[side];
  const reached = (await client.clusterView()).clusterId;
  if (recorded.clusterId === null || reached === null || reached === recorded.clusterId) return;
  throw new InvalidInputError(
    `${flag} reaches cluster ${reached}, but the receipt's ${side} is cluster ${recorded.clusterId}` +
      (recorded.bootstrap.length > 0 ? ` (${recorded.bootstrap.join(',')} when it was written)` : ''),
    {
      hint:
        side === 'destination'
          ? `connect to the cluster the receipt's mirror is on: -b ${recorded.bootstrap.join(',') || 'its bootstrap'}`
          : 'give the source cluster the receipt recorded with --source-config FILE or --source-profile NAME',
    },
  );
}

export async function verifyReceipt(
  client: KafkaClient,
  receipt: Receipt,
  access: SourceAccess,
  deps: VerifyDependencies,
): Promise<VerifyResult> {
  await requireReceiptCluster(client, receipt, 'destination', '-b');
  const settings = await sourceAccessOf(client, receipt, access, deps);
  const progress: ReadProgress = { bytes: 0, offsetsDone: 0n };
  const source = await deps.openSource(settings);
  let destination;
  let onSource;
  try {
    await requireReceiptCluster(source, receipt, 'source', `the source (${settings.bootstrap.join(',')})`);
    destination = await checkReceipt(client, receipt, 'destination', progress);
    onSource = await checkReceipt(source, receipt, 'source', progress);
  } finally {
    await source.close().catch(() => undefined);
  }
  const partitions = [
    ...destination.map((p) => ({ ...p, cluster: 'destination' as const })),
    ...onSource.map((p) => ({ ...p, cluster: 'source' as const })),
  ];
  const summary = verifySummary(partitions);
  return {
    mirror: receipt.mirror,
    sourceBootstrap: settings.bootstrap,
    range: {
      kind: 'receipt',
      command: receipt.command,
      batches: receipt.partitions.reduce((n, p) => n + p.batches.length, 0),
    },
    partitions,
    summary,
    diverged: summary.diverged > 0,
    errors: [],
    warnings: [],
  };
}
