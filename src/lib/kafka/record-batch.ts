// Kafka's record batch, magic v2. Its CRC-32C covers the bytes from its attributes on, so a broker can rewrite the
// base offset and partition leader epoch in front of it without touching the CRC.

import { gunzipSync, gzipSync } from 'node:zlib';
import { crc32c } from './crc32c.js';
import { ByteReader } from './wire/reader.js';
import { ByteWriter } from './wire/writer.js';

export const BATCH_HEADER_BYTES = 61;
const CRC_START = 21;
const LENGTH_FIELD_END = 12;

export const Compression = { NONE: 0, GZIP: 1, SNAPPY: 2, LZ4: 3, ZSTD: 4 } as const;

const COMPRESSION_MASK = 0x07;
const TRANSACTIONAL_FLAG = 0x10;
const CONTROL_FLAG = 0x20;

/** Control record types (the key's second int16). Type 7 is the prototype's own. */
export const ControlType = { ABORT: 0, COMMIT: 1, MIRROR_PID_RESET: 7 } as const;

export interface BatchHeader {
  readonly baseOffset: bigint;
  readonly batchLength: number;
  readonly partitionLeaderEpoch: number;
  readonly magic: number;
  readonly crc: number;
  readonly attributes: number;
  readonly lastOffsetDelta: number;
  readonly baseTimestamp: bigint;
  readonly maxTimestamp: bigint;
  readonly producerId: bigint;
  readonly producerEpoch: number;
  readonly baseSequence: number;
  readonly recordCount: number;
}

export interface RecordHeader {
  readonly key: string;
  readonly value: Buffer | null;
}

export interface BatchRecord {
  readonly offsetDelta: number;
  readonly timestampDelta: bigint;
  readonly key: Buffer | null;
  readonly value: Buffer | null;
  readonly headers: readonly RecordHeader[];
}

export class RecordBatchError extends Error {
  override readonly name = 'RecordBatchError';
}

export function compressionOf(h: BatchHeader): number {
  return h.attributes & COMPRESSION_MASK;
}
export function isTransactional(h: BatchHeader): boolean {
  return (h.attributes & TRANSACTIONAL_FLAG) !== 0;
}
export function isControl(h: BatchHeader): boolean {
  return (h.attributes & CONTROL_FLAG) !== 0;
}
export function nextOffsetOf(h: BatchHeader): bigint {
  return h.baseOffset + BigInt(h.lastOffsetDelta) + 1n;
}

export function readBatchHeader(batch: Buffer): BatchHeader {
  if (batch.length < BATCH_HEADER_BYTES) throw new RecordBatchError(`batch of ${batch.length} bytes is too short`);
  const r = new ByteReader(batch);
  const baseOffset = r.int64();
  const batchLength = r.int32();
  const partitionLeaderEpoch = r.int32();
  const magic = r.int8();
  if (magic !== 2) throw new RecordBatchError(`record batch magic ${magic}: only magic 2 is served`);
  return {
    baseOffset,
    batchLength,
    partitionLeaderEpoch,
    magic,
    crc: r.uint32(),
    attributes: r.int16(),
    lastOffsetDelta: r.int32(),
    baseTimestamp: r.int64(),
    maxTimestamp: r.int64(),
    producerId: r.int64(),
    producerEpoch: r.int16(),
    baseSequence: r.int32(),
    recordCount: r.int32(),
  };
}

export function splitBatches(records: Buffer): Buffer[] {
  const batches: Buffer[] = [];
  let at = 0;
  while (at < records.length) {
    if (records.length - at < LENGTH_FIELD_END) throw new RecordBatchError('truncated batch header');
    const size = records.readInt32BE(at + 8) + LENGTH_FIELD_END;
    if (size < BATCH_HEADER_BYTES || at + size > records.length)
      throw new RecordBatchError(`batch at byte ${at} claims ${size} bytes, ${records.length - at} remain`);
    batches.push(records.subarray(at, at + size));
    at += size;
  }
  return batches;
}

export function crcMatches(batch: Buffer): boolean {
  return crc32c(batch.subarray(CRC_START)) === batch.readUInt32BE(17);
}

export function placeBatch(batch: Buffer, baseOffset: bigint, leaderEpoch: number): Buffer {
  const copy = Buffer.from(batch);
  copy.writeBigInt64BE(baseOffset, 0);
  copy.writeInt32BE(leaderEpoch, 12);
  return copy;
}

export interface NewBatch {
  readonly baseOffset: bigint;
  readonly leaderEpoch: number;
  readonly baseTimestamp: bigint;
  readonly producerId?: bigint;
  readonly producerEpoch?: number;
  readonly baseSequence?: number;
  readonly transactional?: boolean;
  readonly control?: boolean;
  readonly compression?: typeof Compression.NONE | typeof Compression.GZIP;
  readonly records: readonly Omit<BatchRecord, 'offsetDelta'>[];
}

function writeNullableVarBytes(w: ByteWriter, bytes: Buffer | null): void {
  if (bytes === null) {
    w.varint(-1);
    return;
  }
  w.varint(bytes.length);
  w.raw(bytes);
}

function encodeRecord(record: Omit<BatchRecord, 'offsetDelta'>, offsetDelta: number): Buffer {
  const body = new ByteWriter(64);
  body.int8(0);
  body.varlong(record.timestampDelta);
  body.varint(offsetDelta);
  writeNullableVarBytes(body, record.key);
  writeNullableVarBytes(body, record.value);
  body.varint(record.headers.length);
  for (const h of record.headers) {
    const key = Buffer.from(h.key, 'utf8');
    body.varint(key.length);
    body.raw(key);
    writeNullableVarBytes(body, h.value);
  }
  const bytes = body.toBuffer();
  const framed = new ByteWriter(bytes.length + 5);
  framed.varint(bytes.length);
  framed.raw(bytes);
  return framed.toBuffer();
}

export function encodeBatch(spec: NewBatch): Buffer {
  if (spec.records.length === 0) throw new RecordBatchError('a batch holds at least one record');
  let maxDelta = 0n;
  const encoded = spec.records.map((record, i) => {
    if (record.timestampDelta > maxDelta) maxDelta = record.timestampDelta;
    return encodeRecord(record, i);
  });
  const compression = spec.compression ?? Compression.NONE;
  const plain = Buffer.concat(encoded);
  const payload = compression === Compression.GZIP ? gzipSync(plain) : plain;
  const attributes =
    compression | (spec.transactional === true ? TRANSACTIONAL_FLAG : 0) | (spec.control === true ? CONTROL_FLAG : 0);
  const w = new ByteWriter(BATCH_HEADER_BYTES + payload.length);
  w.int64(spec.baseOffset);
  w.int32(BATCH_HEADER_BYTES - LENGTH_FIELD_END + payload.length);
  w.int32(spec.leaderEpoch);
  w.int8(2);
  w.uint32(0);
  w.int16(attributes);
  w.int32(spec.records.length - 1);
  w.int64(spec.baseTimestamp);
  w.int64(spec.baseTimestamp + maxDelta);
  w.int64(spec.producerId ?? -1n);
  w.int16(spec.producerEpoch ?? -1);
  w.int32(spec.baseSequence ?? -1);
  w.int32(spec.records.length);
  w.raw(payload);
  const batch = w.toBuffer();
  batch.writeUInt32BE(crc32c(batch.subarray(CRC_START)), 17);
  return batch;
}

function putVarint(buf: Buffer, at: number, value: number): number {
  let v = ((value << 1) ^ (value >> 31)) >>> 0;
  while (v >= 0x80) {
    buf[at++] = (v & 0x7f) | 0x80;
    v >>>= 7;
  }
  buf[at++] = v;
  return at;
}

function varintSize(value: number): number {
  let v = ((value << 1) ^ (value >> 31)) >>> 0;
  let n = 1;
  while (v >= 0x80) {
    v >>>= 7;
    n++;
  }
  return n;
}

export function encodeSingleValueBatch(
  baseOffset: bigint,
  leaderEpoch: number,
  timestamp: bigint,
  value: Buffer,
): Buffer {
  const body = 5 + varintSize(value.length) + value.length;
  const size = BATCH_HEADER_BYTES + varintSize(body) + body;
  const b = Buffer.alloc(size);
  b.writeBigInt64BE(baseOffset, 0);
  b.writeInt32BE(size - LENGTH_FIELD_END, 8);
  b.writeInt32BE(leaderEpoch, 12);
  b.writeInt8(2, 16);
  b.writeInt16BE(0, 21);
  b.writeInt32BE(0, 23);
  b.writeBigInt64BE(timestamp, 27);
  b.writeBigInt64BE(timestamp, 35);
  b.writeBigInt64BE(-1n, 43);
  b.writeInt16BE(-1, 51);
  b.writeInt32BE(-1, 53);
  b.writeInt32BE(1, 57);
  let at = putVarint(b, BATCH_HEADER_BYTES, body);
  // attributes, timestamp delta 0, offset delta 0, key null (-1)
  at = putVarint(b, at + 3, -1);
  at = putVarint(b, at, value.length);
  value.copy(b, at);
  at += value.length;
  putVarint(b, at, 0);
  b.writeUInt32BE(crc32c(b.subarray(CRC_START)), 17);
  return b;
}

function readNullableVarBytes(r: ByteReader): Buffer | null {
  const length = r.varint();
  return length < 0 ? null : r.raw(length);
}

/** Snappy, LZ4 and zstd batches are stored and served as they came, but their records cannot be read here. */
export function decodeRecords(batch: Buffer): BatchRecord[] {
  const header = readBatchHeader(batch);
  const compression = compressionOf(header);
  const payload = batch.subarray(BATCH_HEADER_BYTES);
  let plain: Buffer;
  if (compression === Compression.NONE) plain = payload;
  else if (compression === Compression.GZIP) plain = gunzipSync(payload);
  else throw new RecordBatchError(`compression ${compression} cannot be read by the emulator`);
  const r = new ByteReader(plain);
  const records: BatchRecord[] = [];
  for (let i = 0; i < header.recordCount; i++) {
    r.varint();
    r.int8();
    const timestampDelta = r.varlong();
    const offsetDelta = r.varint();
    const key = readNullableVarBytes(r);
    const value = readNullableVarBytes(r);
    const headers: RecordHeader[] = [];
    const count = r.varint();
    for (let h = 0; h < count; h++) {
      const keyBytes = readNullableVarBytes(r);
      headers.push({ key: keyBytes?.toString('utf8') ?? '', value: readNullableVarBytes(r) });
    }
    records.push({ offsetDelta, timestampDelta, key, value, headers });
  }
  return records;
}

export function controlKey(type: number): Buffer {
  const key = Buffer.alloc(4);
  key.writeInt16BE(0, 0);
  key.writeInt16BE(type, 2);
  return key;
}

export function controlTypeOf(batch: Buffer): number {
  const [record] = decodeRecords(batch);
  if (!record?.key || record.key.length < 4) throw new RecordBatchError('control record without a key');
  return record.key.readInt16BE(2);
}

export function endTxnMarkerValue(coordinatorEpoch: number): Buffer {
  const value = Buffer.alloc(6);
  value.writeInt16BE(0, 0);
  value.writeInt32BE(coordinatorEpoch, 2);
  return value;
}

export function mirrorPidResetValue(sourceClusterId: string): Buffer {
  const w = new ByteWriter(32);
  const id = Buffer.from(sourceClusterId, 'utf8');
  w.int16(0);
  w.uvarint(id.length + 1);
  w.raw(id);
  w.uvarint(0);
  return w.toBuffer();
}
