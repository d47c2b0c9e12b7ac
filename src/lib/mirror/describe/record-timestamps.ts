// The timestamp of the record at an offset of source partitions, read with Fetch from each leader in a few
// rounds: a broker always returns the first partition's first batch whole, so one left without records is
// asked again first. What stays unread is unknown, with the reason.

import type { KafkaClient } from '../../kafka/client.js';
import { KafkaProtocolError } from '../../kafka/errors.js';
import { kafkaError } from '../../kafka/error-codes.js';
import { Fetch } from '../../kafka/messages/index.js';
import {
  BATCH_HEADER_BYTES,
  type BatchHeader,
  decodeRecords,
  nextOffsetOf,
  readBatchHeader,
  RecordBatchError,
} from '../../kafka/record-batch.js';
import type { BrokerAddress } from '../../kafka/transport.js';
import { DEFAULT_BROKER_RETRY_MS } from './describe.js';
import { partitionLeaders } from './end-offsets.js';

export const MAX_FETCHES_PER_BROKER = 3;
export const PARTITION_MAX_BYTES = 32 * 1024;
export const REQUEST_MAX_BYTES = 4 * 1024 * 1024;

export type RecordTimestamp = { readonly timestampMs: number } | { readonly unknown: string };

export type RecordTimestamps = Map<string, Map<number, RecordTimestamp>>;

const LOG_APPEND_TIME_FLAG = 0x08;

/** The first record at or after the offset (compaction may have removed it). Never throws for a broker. */
export async function readRecordTimestamps(
  source: KafkaClient,
  wanted: ReadonlyMap<string, ReadonlyMap<number, bigint>>,
): Promise<RecordTimestamps> {
  const out: RecordTimestamps = new Map();
  const set = (topic: string, partition: number, value: RecordTimestamp): void => {
    let known = out.get(topic);
    if (!known) out.set(topic, (known = new Map()));
    known.set(partition, value);
  };
  if (wanted.size === 0) return out;
  const lists = new Map([...wanted].map(([topic, parts]) => [topic, [...parts.keys()]]));
  const leaders = await partitionLeaders(source, lists);
  for (const f of leaders.failures) {
    const match = /^no leader for (.*)-(\d+)$/.exec(f.message);
    if (match) set(match[1] as string, Number(match[2]), { unknown: f.message });
  }
  for (const [topic, parts] of wanted)
    if (!leaders.topicIds.has(topic))
      for (const partition of parts.keys())
        set(topic, partition, { unknown: `the source has no topic '${topic}' (Metadata)` });
  await Promise.all(
    [...leaders.byLeader].map(async ([leader, topics]) => {
      const broker = leaders.brokers.get(leader) as BrokerAddress;
      let left = [...topics].flatMap(([topic, list]) =>
        list.map((partition) => ({ topic, partition, offset: wanted.get(topic)?.get(partition) ?? 0n })),
      );
      for (let round = 0; round < MAX_FETCHES_PER_BROKER && left.length > 0; round++) {
        try {
          left = await fetchRound(source, broker, left, set);
        } catch (err) {
          const why = err instanceof KafkaProtocolError ? kafkaError(err.code).name : (err as Error).message;
          for (const p of left) set(p.topic, p.partition, { unknown: `Fetch from broker ${leader}: ${why}` });
          return;
        }
      }
      for (const p of left)
        set(p.topic, p.partition, {
          unknown: `not read within ${MAX_FETCHES_PER_BROKER} fetches from broker ${leader} (its batches are large)`,
        });
    }),
  );
  return out;
}

interface Wanted {
  readonly topic: string;
  readonly partition: number;
  readonly offset: bigint;
}

async function fetchRound(
  source: KafkaClient,
  broker: BrokerAddress,
  wanted: readonly Wanted[],
  set: (topic: string, partition: number, value: RecordTimestamp) => void,
): Promise<Wanted[]> {
  const byTopic = new Map<string, Wanted[]>();
  for (const w of wanted) byTopic.set(w.topic, [...(byTopic.get(w.topic) ?? []), w]);
  const response = await source.sendTo(
    Fetch,
    {
      ReplicaId: -1,
      MaxWaitMs: 0,
      MinBytes: 0,
      MaxBytes: REQUEST_MAX_BYTES,
      // The mirror copies open transactions too: the first record it lacks may be in one.
      IsolationLevel: 0,
      SessionId: 0,
      SessionEpoch: -1,
      Topics: [...byTopic].map(([Topic, list]) => ({
        Topic,
        Partitions: list.map((w) => ({
          Partition: w.partition,
          CurrentLeaderEpoch: -1,
          FetchOffset: w.offset,
          LogStartOffset: -1n,
          PartitionMaxBytes: PARTITION_MAX_BYTES,
        })),
      })),
      ForgottenTopicsData: [],
      RackId: '',
    },
    broker,
    { retryForMs: DEFAULT_BROKER_RETRY_MS },
  );
  const again: Wanted[] = [];
  for (const topic of response.Responses)
    for (const p of topic.Partitions) {
      const w = byTopic.get(topic.Topic)?.find((x) => x.partition === p.PartitionIndex);
      if (!w) continue;
      if (p.ErrorCode !== 0) {
        const name = kafkaError(p.ErrorCode).name;
        const why =
          name === 'OFFSET_OUT_OF_RANGE'
            ? 'the record is no longer on the source (retention deleted it before it was mirrored)'
            : `Fetch: ${name}`;
        set(w.topic, w.partition, { unknown: why });
        continue;
      }
      const found = timestampAt(p.Records ?? Buffer.alloc(0), w.offset);
      if (found === 'none') again.push(w);
      else set(w.topic, w.partition, found);
    }
  return again;
}

function* wholeBatches(records: Buffer): Generator<{ header: BatchHeader; bytes: Buffer }> {
  let at = 0;
  while (records.length - at >= BATCH_HEADER_BYTES) {
    const size = records.readInt32BE(at + 8) + 12;
    if (size < BATCH_HEADER_BYTES || at + size > records.length) return;
    const bytes = records.subarray(at, at + size);
    yield { header: readBatchHeader(bytes), bytes };
    at += size;
  }
}

export function timestampAt(records: Buffer, offset: bigint): RecordTimestamp | 'none' {
  try {
    for (const { header, bytes } of wholeBatches(records)) {
      if (nextOffsetOf(header) <= offset) continue;
      // LogAppendTime: every record carries the broker's append time, the batch's max timestamp.
      if ((header.attributes & LOG_APPEND_TIME_FLAG) !== 0) return { timestampMs: Number(header.maxTimestamp) };
      try {
        for (const r of decodeRecords(bytes))
          if (header.baseOffset + BigInt(r.offsetDelta) >= offset)
            return { timestampMs: Number(header.baseTimestamp + r.timestampDelta) };
      } catch (err) {
        if (!(err instanceof RecordBatchError)) throw err;
        // A compression this code cannot read: the batch's first timestamp (the record's, or an older one).
        return { timestampMs: Number(header.baseTimestamp) };
      }
    }
  } catch (err) {
    if (err instanceof RecordBatchError) return { unknown: `the source's records cannot be read: ${err.message}` };
    throw err;
  }
  return 'none';
}
