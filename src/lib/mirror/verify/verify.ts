// mirror/verify/: `kmirror verify MIRROR`: the destination holds the source's batches at the same offsets,
// compared batch by batch on both clusters, one verdict per partition.

import type { ConnectionConfig } from '../../connection/connection-config.js';
import type { KafkaClient } from '../../kafka/client.js';
import { DescribeClusterMirrors, DescribeConfigs, Fetch, ListOffsets, Metadata } from '../../kafka/messages/index.js';
import { InvalidInputError, NotFoundError } from '../core/errors.js';
import { type SourceAccess, sourceSettingsOf } from '../core/source-access.js';
import { describeMirrorConfigs } from '../core/source-client.js';
import { describeMirrors } from '../describe/describe.js';
import { type CompareJob, comparePartitions, type ReadProgress } from './compare-partitions.js';
import { type FetchTarget, partitionKey, type PartitionRef } from './fetch-round.js';
import { listOffsets, locatePartitions, readLogBounds, readTarget } from './log-bounds.js';
import { decideRange, type RangeDecision } from './partition-range.js';
import { findTails } from './tail-batches.js';
import { verdictOf, verifySummary } from './verify-outcome.js';
import type { PartitionVerification, RangeBound, Side, VerifyRange, VerifyResult } from './verify-types.js';

export const VERIFY_APIS = [DescribeClusterMirrors, DescribeConfigs, Metadata, ListOffsets, Fetch] as const;

export interface VerifyInput extends SourceAccess {
  readonly mirror: string;
  readonly topics: readonly string[];
  readonly range: VerifyRange;
  readonly partitions?: readonly PartitionRef[];
}

export interface VerifyProgress {
  readonly bytes: number;
  readonly offsetsDone: bigint;
  readonly offsetsTotal: bigint;
}

export interface VerifyDependencies {
  openSource(settings: ConnectionConfig): Promise<KafkaClient>;
  warn(message: string): void;
  onProgress?(progress: VerifyProgress): void;
}

const TOPIC_RESOURCE = 2;

async function compactedTopics(client: KafkaClient, topics: readonly string[]): Promise<Set<string>> {
  if (topics.length === 0) return new Set();
  const described = await client.send(DescribeConfigs, {
    Resources: topics.map((ResourceName) => ({
      ResourceType: TOPIC_RESOURCE,
      ResourceName,
      ConfigurationKeys: ['cleanup.policy'],
    })),
    IncludeSynonyms: false,
    IncludeDocumentation: false,
  });
  return new Set(
    described.Results.filter((r) =>
      r.Configs.some((c) => c.Name === 'cleanup.policy' && (c.Value ?? '').includes('compact')),
    ).map((r) => r.ResourceName),
  );
}

async function mirrorPartitions(client: KafkaClient, input: VerifyInput): Promise<PartitionRef[]> {
  const described = await describeMirrors(client, [input.mirror]);
  const mirror = described.mirrors[0];
  if (!mirror || described.notFound.length > 0) throw new NotFoundError('mirror', input.mirror);
  const missing = input.topics.filter((t) => !mirror.topics.some((m) => m.name === t));
  if (missing.length > 0)
    throw new InvalidInputError(`not a topic of mirror '${input.mirror}': ${missing.join(', ')}`, {
      hint: `kmirror describe ${input.mirror} lists its topics`,
    });
  const all = mirror.topics
    .filter((t) => input.topics.length === 0 || input.topics.includes(t.name))
    .flatMap((t) => t.partitions.map((p) => ({ topic: t.name, partition: p.partition })));
  if (!input.partitions) return all;
  const known = new Set(all.map(partitionKey));
  return input.partitions.filter((p) => known.has(partitionKey(p)));
}

async function resolveBound(
  source: FetchTarget,
  partitions: readonly PartitionRef[],
  bound: RangeBound | null,
): Promise<Map<string, bigint> | bigint | undefined> {
  if (bound === null) return undefined;
  if ('offset' in bound) return bound.offset;
  return (await listOffsets(source, partitions, () => bound.timestamp)).offsets;
}

function boundFor(resolved: Map<string, bigint> | bigint | undefined, key: string): bigint | undefined {
  return resolved instanceof Map ? resolved.get(key) : resolved;
}

export async function verifyMirror(
  client: KafkaClient,
  input: VerifyInput,
  deps: VerifyDependencies,
): Promise<VerifyResult> {
  await client.requireMirroring([DescribeClusterMirrors]);
  const partitions = (await mirrorPartitions(client, input)).sort((a, b) =>
    a.topic === b.topic ? a.partition - b.partition : a.topic < b.topic ? -1 : 1,
  );
  const stored = await describeMirrorConfigs(client, input.mirror);
  const settings = await sourceSettingsOf({ mirror: input.mirror, stored }, input, deps.warn);
  const source = await deps.openSource(settings);
  try {
    const [srcLocated, dstLocated] = await Promise.all([
      locatePartitions(source, partitions),
      locatePartitions(client, partitions),
    ]);
    const clusters = { source: readTarget(source, srcLocated), destination: readTarget(client, dstLocated) };
    const [srcBounds, dstBounds, compacted] = await Promise.all([
      readLogBounds(clusters.source, srcLocated, partitions),
      readLogBounds(clusters.destination, dstLocated, partitions),
      compactedTopics(client, [...new Set(partitions.map((p) => p.topic))]),
    ]);
    const range = input.range;
    const [from, to] =
      range.kind === 'range'
        ? await Promise.all([
            resolveBound(clusters.source, partitions, range.from),
            resolveBound(clusters.source, partitions, range.to),
          ])
        : [undefined, undefined];
    const errors: VerifyResult['errors'] = [];
    const decisions = new Map<string, RangeDecision>();
    for (const p of partitions) {
      const key = partitionKey(p);
      for (const [side, bounds, located] of [
        ['source', srcBounds, srcLocated],
        ['destination', dstBounds, dstLocated],
      ] as const) {
        const message = bounds.errors.get(key);
        if (message && located.present.has(key)) errors.push({ ...p, side, message });
      }
      if (errors.some((e) => e.topic === p.topic && e.partition === p.partition)) continue;
      const f = boundFor(from, key);
      const t = boundFor(to, key);
      decisions.set(
        key,
        decideRange(srcBounds.bounds.get(key) ?? null, dstBounds.bounds.get(key) ?? null, range, {
          ...(f !== undefined ? { from: f } : {}),
          ...(t !== undefined ? { to: t } : {}),
        }),
      );
    }
    const progress: ReadProgress = { bytes: 0, offsetsDone: 0n };
    const tails = await findTails(
      clusters.source,
      partitions.flatMap((p) => {
        const d = decisions.get(partitionKey(p));
        return d?.kind === 'tail' ? [{ ...p, lo: d.lo, to: d.to, batches: d.batches }] : [];
      }),
      progress,
    );
    const jobs: CompareJob[] = [];
    for (const p of partitions) {
      const key = partitionKey(p);
      const d = decisions.get(key);
      const isCompacted = compacted.has(p.topic);
      if (d?.kind === 'compare') jobs.push({ ...p, from: d.from, to: d.to, compacted: isCompacted });
      if (d?.kind === 'tail') {
        const found = tails.get(key);
        if (found?.error) {
          errors.push({ ...p, side: 'source', message: found.error });
          decisions.delete(key);
          continue;
        }
        const batches = found?.batches ?? [];
        jobs.push({
          ...p,
          from: batches[0]?.baseOffset ?? d.to,
          to: d.to,
          compacted: isCompacted,
          sourceBatches: batches,
        });
      }
    }
    const offsetsTotal = jobs.reduce((n, j) => n + 2n * (j.to > j.from ? j.to - j.from : 0n), 0n);
    const report = () => deps.onProgress?.({ bytes: progress.bytes, offsetsDone: progress.offsetsDone, offsetsTotal });
    const outcomes = await comparePartitions(clusters, jobs, progress, report);
    const results: PartitionVerification[] = [];
    const jobsByKey = new Map(jobs.map((j) => [partitionKey(j), j]));
    for (const p of partitions) {
      const key = partitionKey(p);
      const decision = decisions.get(key);
      if (!decision) continue;
      const outcome = outcomes.get(key);
      if (outcome?.error) {
        errors.push({ ...p, side: outcome.error.side as Side, message: outcome.error.message });
        continue;
      }
      results.push(
        verdictOf(p, decision, jobsByKey.get(key), outcome, {
          source: srcBounds.bounds.get(key) ?? null,
          destination: dstBounds.bounds.get(key) ?? null,
        }),
      );
    }
    const summary = verifySummary(results);
    return {
      mirror: input.mirror,
      sourceBootstrap: settings.bootstrap,
      range,
      partitions: results,
      summary,
      diverged: summary.diverged > 0,
      errors,
      warnings: [],
    };
  } finally {
    await source.close().catch(() => undefined);
  }
}
