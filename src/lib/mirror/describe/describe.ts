// mirror/describe/: DescribeClusterMirrors goes to EVERY broker (each reports only the partitions it leads
// or fetches, PROTOCOL.md §3/§5) and the answers are merged here.

import type { KafkaClient } from '../../kafka/client.js';
import type { BrokerFailure } from '../../kafka/errors.js';
import { describeKafkaError } from '../../kafka/error-codes.js';
import { KafkaProtocolError } from '../../kafka/errors.js';
import type { ResponseOf } from '../../kafka/message-types.js';
import { DescribeClusterMirrors, ListClusterMirrors } from '../../kafka/messages/index.js';
import { readBrokerConfigNumber } from '../core/broker-config.js';
import { combine, known, summarize } from './lag.js';
import type { PartitionRow } from './lag.js';
import { decodeOperations } from '../core/operations.js';
import type {
  BrokerWarning,
  DescribeResult,
  MirrorDescription,
  MirrorError,
  TopicDescription,
} from './describe-types.js';

export interface DescribeOptions {
  readonly includeAuthorizedOperations?: boolean;
  readonly brokerRetryMs?: number;
  readonly namesKnownToExist?: boolean;
  readonly existingNames?: ReadonlySet<string>;
}

export const DEFAULT_BROKER_RETRY_MS = 3000;

type Answer = ResponseOf<typeof DescribeClusterMirrors>;
type WirePartition = Answer['Mirrors'][number]['Topics'][number]['Partitions'][number];

function toRow(p: WirePartition): PartitionRow {
  return {
    partition: p.PartitionIndex,
    sourceOffset: known(p.SourceOffset),
    destinationOffset: known(p.DestinationOffset),
    lag: known(p.Lag),
    state: p.StateValue,
    retryAttempt: p.RetryAttempt,
    errorMessage: p.ErrorMessage,
  };
}

/** While leadership moves two brokers may both report a partition; keep the report that knows more. */
function better(a: PartitionRow, b: PartitionRow): PartitionRow {
  if ((a.state === 'MIRRORING') !== (b.state === 'MIRRORING')) return a.state === 'MIRRORING' ? a : b;
  return (b.destinationOffset ?? -1n) > (a.destinationOffset ?? -1n) ? b : a;
}

export interface CompactAnswer {
  readonly ErrorCode: number;
  readonly ErrorMessage: string | null;
  readonly Mirrors: readonly {
    readonly MirrorName: string;
    readonly ErrorCode: number;
    readonly AuthorizedOperations: number;
    readonly Topics: readonly { readonly TopicName: string; readonly rows: readonly PartitionRow[] }[];
  }[];
}

export function compactAnswer(response: Answer): CompactAnswer {
  return {
    ErrorCode: response.ErrorCode,
    ErrorMessage: response.ErrorMessage,
    Mirrors: response.Mirrors.map((m) => ({
      MirrorName: m.MirrorName,
      ErrorCode: m.ErrorCode,
      AuthorizedOperations: m.AuthorizedOperations,
      Topics: m.Topics.map((t) => ({ TopicName: t.TopicName, rows: t.Partitions.map(toRow) })),
    })),
  };
}

interface MirrorAccumulator {
  ok: boolean;
  errorCode: number;
  operations: number;
  topics: Map<string, PartitionRow[]>;
}

/** Sorting arrays, not keying a Map: at a million partitions a Map is most of the merge. */
function mergeRows(rows: PartitionRow[]): PartitionRow[] {
  let ordered = true;
  for (let i = 1; i < rows.length && ordered; i++)
    ordered = (rows[i - 1] as PartitionRow).partition < (rows[i] as PartitionRow).partition;
  if (ordered) return rows;
  rows.sort((a, b) => a.partition - b.partition);
  const merged: PartitionRow[] = [];
  for (const row of rows) {
    const last = merged[merged.length - 1];
    if (last !== undefined && last.partition === row.partition) merged[merged.length - 1] = better(last, row);
    else merged.push(row);
  }
  return merged;
}

export function mergeAnswers(answers: readonly { broker: string; nodeId: number | null; response: CompactAnswer }[]): {
  mirrors: Map<string, MirrorAccumulator>;
  warnings: BrokerWarning[];
} {
  const mirrors = new Map<string, MirrorAccumulator>();
  const warnings: BrokerWarning[] = [];
  for (const { broker, nodeId, response } of answers) {
    if (response.ErrorCode !== 0) {
      // The prototype's Admin ignores this code; we say it, because the broker's partitions are missing.
      warnings.push({
        broker,
        nodeId,
        errorCode: response.ErrorCode,
        message: describeKafkaError(response.ErrorCode, response.ErrorMessage, {
          api: DescribeClusterMirrors.name,
          broker,
        }),
      });
      continue;
    }
    for (const m of response.Mirrors) {
      let acc = mirrors.get(m.MirrorName);
      if (!acc) {
        acc = { ok: false, errorCode: m.ErrorCode, operations: m.AuthorizedOperations, topics: new Map() };
        mirrors.set(m.MirrorName, acc);
      }
      if (m.ErrorCode !== 0) {
        if (!acc.ok) acc.errorCode = m.ErrorCode;
        continue;
      }
      acc.ok = true;
      acc.errorCode = 0;
      acc.operations = m.AuthorizedOperations;
      for (const t of m.Topics) {
        let parts = acc.topics.get(t.TopicName);
        if (!parts) {
          parts = [];
          acc.topics.set(t.TopicName, parts);
        }
        for (const row of t.rows) parts.push(row);
      }
    }
  }
  for (const acc of mirrors.values()) for (const [name, rows] of acc.topics) acc.topics.set(name, mergeRows(rows));
  return { mirrors, warnings };
}

function describeOne(name: string, acc: MirrorAccumulator, withOperations: boolean): MirrorDescription {
  const topics = [...acc.topics.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([topic, partitions]): TopicDescription => ({ name: topic, summary: summarize(partitions), partitions }));
  const description: MirrorDescription = { name, summary: combine(topics.map((t) => t.summary)), topics };
  return withOperations ? { ...description, authorizedOperations: decodeOperations(acc.operations) } : description;
}

/** Nothing was described, and "0 partitions, no topics yet" would be a lie. */
function everyAnswerRefused(
  answers: readonly { broker: { host: string; port: number }; response: CompactAnswer }[],
): KafkaProtocolError | undefined {
  const first = answers[0];
  if (first === undefined || answers.some((a) => a.response.ErrorCode === 0)) return undefined;
  return new KafkaProtocolError(
    first.response.ErrorCode,
    DescribeClusterMirrors.name,
    first.response.ErrorMessage ?? null,
    `${first.broker.host}:${first.broker.port}`,
  );
}

/** DescribeClusterMirrors answers unknown names with an empty success. */
export async function existingMirrorNames(client: KafkaClient): Promise<Set<string>> {
  const listed = await client.send(ListClusterMirrors, { IncludeTopicNames: false });
  if (listed.ErrorCode !== 0) throw new KafkaProtocolError(listed.ErrorCode, 'ListClusterMirrors', listed.ErrorMessage);
  return new Set(listed.Mirrors.map((m) => m.MirrorName));
}

export async function describeMirrors(
  client: KafkaClient,
  names: readonly string[],
  options: DescribeOptions = {},
): Promise<DescribeResult> {
  await client.requireMirroring([DescribeClusterMirrors, ListClusterMirrors]);
  let wanted = [...new Set(names)];
  const notFound: string[] = [];
  if (wanted.length > 0 && !options.namesKnownToExist) {
    const existing = options.existingNames ?? (await existingMirrorNames(client));
    notFound.push(...wanted.filter((n) => !existing.has(n)));
    wanted = wanted.filter((n) => existing.has(n));
    if (wanted.length === 0) return { mirrors: [], notFound, errors: [], brokerWarnings: [] };
  }
  const fanOut = await client.sendToEvery(
    DescribeClusterMirrors,
    {
      MirrorNames: wanted,
      IncludeAuthorizedOperations: options.includeAuthorizedOperations ?? false,
    },
    { retryForMs: options.brokerRetryMs ?? DEFAULT_BROKER_RETRY_MS, keep: compactAnswer },
  );
  const { mirrors, warnings } = mergeAnswers(
    fanOut.answers.map((a) => ({
      broker: `${a.broker.host}:${a.broker.port}`,
      nodeId: a.broker.nodeId ?? null,
      response: a.response,
    })),
  );
  const brokerWarnings = [
    ...fanOut.failures.map((f: BrokerFailure) => ({
      broker: f.broker,
      nodeId: f.nodeId ?? null,
      errorCode: f.error instanceof KafkaProtocolError ? f.error.code : null,
      message: f.error.message,
    })),
    ...warnings,
  ];
  if (fanOut.answers.length === 0 && fanOut.failures[0]) throw fanOut.failures[0].error;
  const refusal = everyAnswerRefused(fanOut.answers);
  if (refusal) throw refusal;
  const described: MirrorDescription[] = [];
  const errors: MirrorError[] = [];
  for (const name of [...mirrors.keys()].sort()) {
    const acc = mirrors.get(name) as MirrorAccumulator;
    if (acc.ok) described.push(describeOne(name, acc, options.includeAuthorizedOperations ?? false));
    else errors.push({ name, errorCode: acc.errorCode });
  }
  // A mirror with no topics has no partitions on any broker but still exists.
  for (const name of wanted) {
    if (!mirrors.has(name))
      described.push(
        describeOne(
          name,
          { ok: true, errorCode: 0, operations: -2147483648, topics: new Map() },
          options.includeAuthorizedOperations ?? false,
        ),
      );
  }
  described.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { mirrors: described, notFound, errors, brokerWarnings };
}

const RETRY_MAX_KEY = 'mirror.failed.retry.max.attempts';

/** Read from the first broker, as the Java tool does; null when it cannot be read. */
export async function failedRetryMaxAttempts(client: KafkaClient): Promise<number | null> {
  const value = await readBrokerConfigNumber(client, RETRY_MAX_KEY);
  return value !== null && Number.isInteger(value) ? value : null;
}
