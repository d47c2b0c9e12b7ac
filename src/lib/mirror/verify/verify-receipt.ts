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

export async function verifyReceipt(
  client: KafkaClient,
  receipt: Receipt,
  access: SourceAccess,
  deps: VerifyDependencies,
): Promise<VerifyResult> {
  const settings = await sourceAccessOf(client, receipt, access, deps);
  const progress: ReadProgress = { bytes: 0, offsetsDone: 0n };
  const destination = await checkReceipt(client, receipt, 'destination', progress);
  const source = await deps.openSource(settings);
  let onSource;
  try {
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
