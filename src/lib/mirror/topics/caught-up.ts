// The one definition of "caught up" for --wait: every watched partition is MIRRORING and its destination end
// offset has reached the source end offset read when the wait began. The broker's lag is not used: it reads
// 0 while a partition is far behind (seen on the real prototype right after a start).

import type { ConnectionConfig } from '../../connection/connection-config.js';
import type { PropertyEntry } from '../../connection/properties-file.js';
import type { KafkaClient } from '../../kafka/client.js';
import { MirrorError } from '../core/errors.js';
import { describeMirrors } from '../describe/describe.js';
import { readEndOffsets } from '../describe/end-offsets.js';
import { causeHint, diagnoseFailure, factsFromRows } from '../describe/failure-causes.js';
import type { PartitionRow } from '../describe/lag.js';
import { describeMirrorConfigs } from '../core/source-client.js';
import type { FinalPartition } from './final-partition.js';
import { sourceSettingsOf } from '../core/source-access.js';

export const CAUGHT_UP_RULE =
  'every partition is MIRRORING and holds every record the source had when the wait began ' +
  "(end offsets read on both clusters; the broker's reported lag is not used)";

export type CatchUpTargets = ReadonlyMap<string, ReadonlyMap<number, bigint>>;

export interface PendingPartition {
  readonly topic: string;
  readonly partition: number;
  readonly state: string | null;
  readonly destinationEnd: bigint | null;
  readonly target: bigint;
}

export interface CatchUpProgress {
  readonly done: number;
  readonly total: number;
  readonly pending: PendingPartition[];
}

export interface CatchUpOutcome extends CatchUpProgress {
  readonly rows: FinalPartition[];
}

export async function readCatchUpTargets(
  source: KafkaClient,
  topics: ReadonlyMap<string, number>,
  sourceLabel: string,
): Promise<CatchUpTargets> {
  const wanted = new Map([...topics].map(([topic, count]) => [topic, Array.from({ length: count }, (_, i) => i)]));
  const { offsets, failures, unsupported } = await readEndOffsets(source, wanted);
  const missing = [...wanted].flatMap(([topic, parts]) =>
    parts.filter((p) => offsets.get(topic)?.get(p) === undefined).map((p) => `${topic}-${p}`),
  );
  if (missing.length > 0) {
    throw new MirrorError(
      `cannot read the source end offsets of ` +
        `${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''} on ${sourceLabel}, so kmirror ` +
        `cannot tell when the mirror has caught up`,
      'failed',
      {
        hint:
          failures[0]?.message ??
          unsupported[0]?.message ??
          'ListOffsets on the source answered without these partitions',
      },
    );
  }
  return offsets;
}

export async function readCatchUpTargetsFrom(
  settings: ConnectionConfig,
  topics: ReadonlyMap<string, number>,
  openSource: (settings: ConnectionConfig) => Promise<KafkaClient>,
): Promise<CatchUpTargets> {
  const source = await openSource(settings);
  try {
    return await readCatchUpTargets(source, topics, `the source cluster (${settings.bootstrap.join(',')})`);
  } finally {
    await source.close().catch(() => undefined);
  }
}

export function catchUpProgress(
  targets: CatchUpTargets,
  states: ReadonlyMap<string, ReadonlyMap<number, string>>,
  destinationEnds: ReadonlyMap<string, ReadonlyMap<number, bigint>>,
): CatchUpProgress {
  const pending: PendingPartition[] = [];
  let total = 0;
  for (const [topic, partitions] of targets) {
    for (const [partition, target] of partitions) {
      total++;
      const state = states.get(topic)?.get(partition) ?? null;
      const destinationEnd = destinationEnds.get(topic)?.get(partition) ?? null;
      if (state === 'MIRRORING' && destinationEnd !== null && destinationEnd >= target) continue;
      pending.push({ topic, partition, state, destinationEnd, target });
    }
  }
  return { done: total - pending.length, total, pending };
}

/** FAILED partitions with RetryAttempt -1 end the wait: only a broker restart clears those. */
export async function waitUntilCaughtUp(
  destination: KafkaClient,
  mirror: string,
  targets: CatchUpTargets,
  sleep: (ms: number, what: string) => Promise<void>,
  soFar: string,
  onProgress?: (progress: CatchUpOutcome) => void,
): Promise<CatchUpOutcome> {
  const wanted = new Map([...targets].map(([topic, parts]) => [topic, [...parts.keys()]]));
  const what = `waiting for ${targets.size} topic(s) of mirror '${mirror}' to catch up (${CAUGHT_UP_RULE})`;
  for (;;) {
    const described = await describeMirrors(destination, [mirror]);
    const states = new Map<string, Map<number, string>>();
    const watched: { topic: string; row: PartitionRow }[] = [];
    for (const t of described.mirrors.find((m) => m.name === mirror)?.topics ?? []) {
      if (!targets.has(t.name)) continue;
      states.set(t.name, new Map(t.partitions.map((p) => [p.partition, p.state])));
      for (const row of t.partitions) watched.push({ topic: t.name, row });
    }
    const { offsets, unsupported } = await readEndOffsets(destination, wanted);
    const lacking = unsupported[0];
    // Caught up is measured with the destination end offsets: without ListOffsets it can never be told.
    if (lacking)
      throw new MirrorError(`${lacking.message}, so kmirror cannot tell when the mirror has caught up`, 'unsupported', {
        hint: `${soFar}; kmirror describe ${mirror} shows their states and the lag the broker reports`,
      });
    const rows = watched.map(({ topic, row }) => ({
      topic,
      partition: row.partition,
      state: row.state,
      retryAttempt: row.retryAttempt,
      errorMessage: row.errorMessage,
      destinationEndOffset: offsets.get(topic)?.get(row.partition) ?? null,
    }));
    const outcome = { ...catchUpProgress(targets, states, offsets), rows };
    onProgress?.(outcome);
    // A broker that did not answer hides its partitions: not done until every broker answered.
    if (described.brokerWarnings.length === 0 && outcome.pending.every((p) => stuck(rows, p))) return outcome;
    await sleep(500, what);
  }
}

function stuck(rows: readonly FinalPartition[], p: PendingPartition): boolean {
  const row = rows.find((r) => r.topic === p.topic && r.partition === p.partition);
  return row?.state === 'FAILED' && row.retryAttempt === -1;
}

export function caughtUpNote(outcome: CatchUpProgress): string {
  return `Caught up: ${outcome.total} partition(s); ${CAUGHT_UP_RULE}.`;
}

export function notCaughtUpError(mirror: string, outcome: CatchUpOutcome): MirrorError | null {
  if (outcome.pending.length === 0) return null;
  const failed = outcome.rows.filter((r) =>
    outcome.pending.some((p) => p.topic === r.topic && p.partition === r.partition),
  );
  const list = failed.map((r) => `${r.topic}-${r.partition} ${r.state}${r.errorMessage ? ` (${r.errorMessage})` : ''}`);
  const facts = factsFromRows(failed);
  const diagnosis = failed.map((r) => diagnoseFailure(mirror, r, null, facts)).find((d) => d !== null);
  return new MirrorError(
    `${outcome.pending.length} partition(s) of mirror '${mirror}' cannot catch up: ${list.join(', ')}`,
    outcome.done > 0 ? 'partial' : 'failed',
    {
      hint: diagnosis ? causeHint(diagnosis) : `kmirror describe ${mirror} shows them`,
    },
  );
}

export interface MirrorCatchUpDependencies {
  openSource(settings: ConnectionConfig): Promise<KafkaClient>;
  warn(message: string): void;
  sleep(ms: number, what: string): Promise<void>;
  onProgress?(progress: CatchUpOutcome): void;
  readonly soFar: string;
  readonly sourceConfig?: ReadonlyMap<string, PropertyEntry>;
  readonly sourceConfigName?: string;
  readonly sourceProfile?: ConnectionConfig;
}

export async function waitUntilMirrorCaughtUp(
  destination: KafkaClient,
  mirror: string,
  topics: ReadonlyMap<string, number>,
  deps: MirrorCatchUpDependencies,
): Promise<CatchUpOutcome> {
  if (topics.size === 0) return { done: 0, total: 0, pending: [], rows: [] };
  const stored = await describeMirrorConfigs(destination, mirror);
  const settings = await sourceSettingsOf({ mirror, stored }, deps, (message) => deps.warn(message));
  const targets = await readCatchUpTargetsFrom(settings, topics, deps.openSource);
  return waitUntilCaughtUp(destination, mirror, targets, deps.sleep, deps.soFar, deps.onProgress);
}
