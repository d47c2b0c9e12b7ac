// Bytes from a broker (or from a client, in the emulator) are untrusted. Whatever is wrong with
// them, decoding must end in a DecodeError that names the message and the field path — never a
// RangeError, TypeError or hang — and encoding a value the definition forbids must end in an
// EncodeError that names the field.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DecodeError, EncodeError, decodeMessage, encodeMessage } from '../../../src/lib/kafka/codec.js';
import type { MessageDefinition } from '../../../src/lib/kafka/definition.js';
import {
  CreateTopics,
  DescribeClusterMirrors,
  DescribeConfigs,
  IncrementalAlterConfigs,
  ListClusterMirrors,
  Metadata,
  SaslAuthenticate,
  StartMirrorTopics,
} from '../../../src/lib/kafka/messages/index.js';
import { withReferenceFile } from '../../helpers/reference.js';

function hex(text: string): Buffer {
  return Buffer.from(text.replace(/\s+/g, ''), 'hex');
}

/** Asserts that decoding fails with a DecodeError at exactly `path` (or matching it) and returns it. */
function decodeFails(
  message: MessageDefinition,
  version: number,
  bytes: Buffer,
  path: string | RegExp,
  reason?: RegExp,
): DecodeError {
  let caught: unknown;
  try {
    decodeMessage(message, version, bytes);
  } catch (err) {
    caught = err;
  }
  assert.ok(
    caught instanceof DecodeError,
    `expected a DecodeError, got ${caught instanceof Error ? `${caught.name}: ${caught.message}` : String(caught)}`,
  );
  assert.equal(caught.messageName, message.name);
  assert.equal(caught.version, version);
  if (typeof path === 'string') assert.equal(caught.path, path, caught.message);
  else assert.match(caught.path, path, caught.message);
  if (reason) assert.match(caught.reason, reason, caught.message);
  assert.ok(caught.message.includes(message.name), 'the message names the message');
  return caught;
}

/** Asserts that encoding fails with an EncodeError whose text names `path`. */
function encodeFails(message: MessageDefinition, version: number, value: unknown, path: string, reason?: RegExp): void {
  let caught: unknown;
  try {
    encodeMessage(message, version, value);
  } catch (err) {
    caught = err;
  }
  assert.ok(
    caught instanceof EncodeError,
    `expected an EncodeError, got ${caught instanceof Error ? `${caught.name}: ${caught.message}` : String(caught)}`,
  );
  assert.ok(caught.message.includes(` at ${path}: `), `"${caught.message}" should name the field path ${path}`);
  if (reason) assert.match(caught.message, reason);
}

// PROTOCOL.md §4: DescribeClusterMirrorsResponse v0, m1/orders/0 MIRRORING, src=dst=100, lag 0.
const DCM_RESPONSE_EXAMPLE =
  hex(`00 00 00 00 00 00 00 02 00 00 03 6d 31 80 00 00 00 02 07 6f 72 64 65 72 73 02 00 00 00 00
  00 00 00 00 00 00 00 64 00 00 00 00 00 00 00 64 00 00 00 00 00 00 00 00 0a 4d 49 52 52 4f 52 49 4e 47
  00 00 00 00 00 00 00`);

const TOP_LEVEL = /^(ThrottleTimeMs|ErrorCode|ErrorMessage|Mirrors|\(tagged fields\))/;

function assertEveryPrefixFails(bytes: Buffer): void {
  for (let n = 0; n < bytes.length; n++) {
    const err = decodeFails(DescribeClusterMirrors.response, 0, bytes.subarray(0, n), TOP_LEVEL);
    assert.ok(err.path.length > 0, `prefix of ${n} bytes: the error names a field`);
  }
  assert.ok(decodeMessage(DescribeClusterMirrors.response, 0, bytes), 'the whole message decodes');
}

/** Two partitions; the second one's StateValue is "QQQQ" so tests can find and damage it. */
function describeResponseWithMarker(): { bytes: Buffer; at: number } {
  const partition = (index: number, state: string) => ({ PartitionIndex: index, StateValue: state });
  const bytes = encodeMessage(DescribeClusterMirrors.response, 0, {
    Mirrors: [
      {
        MirrorName: 'm1',
        Topics: [{ TopicName: 'orders', Partitions: [partition(0, 'MIRRORING'), partition(1, 'QQQQ')] }],
      },
    ],
  });
  const at = bytes.indexOf('QQQQ') - 1; // the compact length byte (05)
  assert.equal(bytes[at], 5);
  return { bytes, at };
}

function splice(bytes: Buffer, at: number, remove: number, insert: string): Buffer {
  return Buffer.concat([bytes.subarray(0, at), hex(insert), bytes.subarray(at + remove)]);
}

const STATE_VALUE = 'Mirrors[0].Topics[0].Partitions[1].StateValue';

describe('truncation', () => {
  test('every proper prefix of the §4 DescribeClusterMirrorsResponse is a DecodeError naming a field', () => {
    assertEveryPrefixFails(DCM_RESPONSE_EXAMPLE);
  });

  withReferenceFile(
    'vectors/bodies.json',
    'every prefix of the large DescribeClusterMirrorsResponse vector fails cleanly',
    (_path, text) => {
      const vectors = JSON.parse(text) as { message: string; body_hex: string }[];
      const largest = vectors
        .filter((v) => v.message === 'DescribeClusterMirrorsResponse')
        .map((v) => hex(v.body_hex))
        .sort((a, b) => b.length - a.length)[0];
      test(
        'every proper prefix of the largest DescribeClusterMirrorsResponse vector is a DecodeError ' + 'naming a field',
        () => {
          assert.ok(largest && largest.length > 200, 'the vector exists');
          assertEveryPrefixFails(largest);
        },
      );
    },
  );

  test('a message cut inside a deep field names the whole path', () => {
    const { bytes, at } = describeResponseWithMarker();
    decodeFails(DescribeClusterMirrors.response, 0, bytes.subarray(0, at + 3), STATE_VALUE, /bytes/);
    decodeFails(
      DescribeClusterMirrors.response,
      0,
      bytes.subarray(0, at + 6),
      'Mirrors[0].Topics[0].Partitions[1].RetryAttempt',
    );
  });
});

describe('lengths', () => {
  test('a string length beyond the buffer', () => {
    const { bytes, at } = describeResponseWithMarker();
    decodeFails(DescribeClusterMirrors.response, 0, splice(bytes, at, 1, '7f'), STATE_VALUE, /126 bytes/);
  });

  test('compact length 0 (null) in a non-nullable string, array or bytes', () => {
    const { bytes, at } = describeResponseWithMarker();
    decodeFails(DescribeClusterMirrors.response, 0, splice(bytes, at, 1, '00'), STATE_VALUE, /null/);
    decodeFails(DescribeClusterMirrors.response, 0, hex('00000000 0000 00 00 00'), 'Mirrors', /null/);
    decodeFails(
      DescribeClusterMirrors.response,
      0,
      hex('00000000 0000 00 02 0000 00'),
      'Mirrors[0].MirrorName',
      /null/,
    );
    decodeFails(SaslAuthenticate.request, 2, hex('00 00'), 'AuthBytes', /null/);
  });

  test('classic lengths below -1 and -1 where null is not allowed', () => {
    const results = (resourceName: string) => hex(`00000000 00000001 0000 ffff 02 ${resourceName} 00000000`);
    decodeFails(DescribeConfigs.response, 1, results('fffe'), 'Results[0].ResourceName', /negative/);
    decodeFails(DescribeConfigs.response, 1, results('8000'), 'Results[0].ResourceName', /negative/);
    decodeFails(DescribeConfigs.response, 1, results('ffff'), 'Results[0].ResourceName', /null/);
    assert.equal(
      decodeMessage<{ Results: unknown[] }>(DescribeConfigs.response, 1, results('0001 74')).Results.length,
      1,
    );
    decodeFails(DescribeConfigs.response, 1, hex('00000000 fffffffe'), 'Results', /negative/);
    decodeFails(DescribeConfigs.response, 1, hex('00000000 ffffffff'), 'Results', /null/);
    decodeFails(SaslAuthenticate.request, 0, hex('fffffffe'), 'AuthBytes', /negative/);
    decodeFails(SaslAuthenticate.request, 0, hex('ffffffff'), 'AuthBytes', /null/);
    decodeFails(SaslAuthenticate.request, 0, hex('80000000'), 'AuthBytes', /negative/);
  });

  test('a huge array count fails at once instead of allocating', () => {
    const started = process.hrtime.bigint();
    decodeFails(DescribeClusterMirrors.response, 0, hex('00000000 0000 00 ffffffff0f 00'), 'Mirrors', /cannot fit/);
    decodeFails(Metadata.response, 1, hex('7fffffff 00000000'), 'Brokers', /cannot fit/);
    decodeFails(
      DescribeClusterMirrors.request,
      0,
      hex('01 00 01 01 15 02' + 'aa'.repeat(16) + 'ffffff7f'),
      /LastMirrorEpochLookups\[0\]\.Partitions$/,
    );
    assert.ok(process.hrtime.bigint() - started < 200_000_000n, 'fails within 200 ms');
  });

  test('an array count that fits the bytes but not the elements fails at the first missing element', () => {
    decodeFails(DescribeClusterMirrors.request, 0, hex('04 02 61 02 62 00 00'), /^MirrorNames\[\d\]$/);
  });
});

describe('bad encodings inside values', () => {
  test('a varint of six bytes with continuation bits', () => {
    const { bytes, at } = describeResponseWithMarker();
    decodeFails(DescribeClusterMirrors.response, 0, splice(bytes, at, 1, 'ffffffffffff'), STATE_VALUE, /varint/);
    decodeFails(DescribeClusterMirrors.response, 0, hex('00000000 0000 00 ffffffffffff'), 'Mirrors', /varint/);
  });

  test('invalid UTF-8 (c3 28)', () => {
    const { bytes, at } = describeResponseWithMarker();
    decodeFails(DescribeClusterMirrors.response, 0, splice(bytes, at + 1, 2, 'c328'), STATE_VALUE, /UTF-8/);
    decodeFails(ListClusterMirrors.response, 0, hex('00000000 0000 03 c328 01 00'), 'ErrorMessage', /UTF-8/);
  });

  test('invalid UTF-8 inside a tagged field names the tagged field', () => {
    // Tag 0 (IncludePatterns), 4 bytes: one-element array holding the 2-byte string c3 28.
    decodeFails(
      StartMirrorTopics.request,
      0,
      hex('03 6d31 01 ffffffffffffffff 01 00 04 02 03 c328'),
      /IncludePatterns\[0\]$/,
      /UTF-8/,
    );
  });

  test('bool byte 2', () => {
    decodeFails(ListClusterMirrors.request, 0, hex('02 00'), 'IncludeTopicNames', /bool/);
    decodeFails(DescribeClusterMirrors.request, 0, hex('01 02 00'), 'IncludeAuthorizedOperations', /bool/);
    decodeFails(IncrementalAlterConfigs.request, 0, hex('00000000 ff'), 'ValidateOnly', /bool/);
  });

  test('nullable struct marker other than -1 or 1', () => {
    const topic = (marker: string) => hex(`02 02 74 00000001 0001 01 01 ${marker} 00 00007530 00 00`);
    assert.equal(
      decodeMessage<{ Topics: { MirrorInfo: unknown }[] }>(CreateTopics.request, 8, topic('ff')).Topics[0]?.MirrorInfo,
      null,
    );
    decodeFails(CreateTopics.request, 8, topic('00'), 'Topics[0].MirrorInfo', /marker/);
    decodeFails(CreateTopics.request, 8, topic('02'), 'Topics[0].MirrorInfo', /marker/);
  });

  test('trailing bytes after a complete message', () => {
    decodeFails(
      DescribeClusterMirrors.response,
      0,
      Buffer.concat([DCM_RESPONSE_EXAMPLE, hex('00')]),
      '',
      /1 bytes left over/,
    );
    decodeFails(ListClusterMirrors.request, 0, hex('01 00 00 00'), '', /2 bytes left over/);
  });

  test('decoding at a version the message does not have is a DecodeError', () => {
    decodeFails(StartMirrorTopics.request, 1, hex('01 01 ffffffffffffffff 00'), '', /version/);
    decodeFails(Metadata.request, 14, hex('00'), '', /version/);
  });
});

describe('encode errors name the field', () => {
  const start = { MirrorName: 'm1', Topics: [{ TopicName: 'a' }, { TopicName: 'b', NumPartitions: 3 }] };

  test('wrong types', () => {
    encodeFails(StartMirrorTopics.request, 0, { MirrorName: 5 }, 'MirrorName', /string/);
    encodeFails(StartMirrorTopics.request, 0, { Topics: 'x' }, 'Topics', /array/);
    encodeFails(StartMirrorTopics.request, 0, { Topics: [5] }, 'Topics[0]', /object/);
    encodeFails(StartMirrorTopics.request, 0, { Topics: [{}, { NumPartitions: '3' }] }, 'Topics[1].NumPartitions');
    encodeFails(StartMirrorTopics.request, 0, { Topics: [{ TopicId: 'not-a-uuid' }] }, 'Topics[0].TopicId', /uuid/);
    encodeFails(
      StartMirrorTopics.request,
      0,
      { ...start, StateValidationOffset: '5' },
      'StateValidationOffset',
      /int64/,
    );
    encodeFails(
      StartMirrorTopics.request,
      0,
      { ...start, StateValidationOffset: 1.5 },
      'StateValidationOffset',
      /int64/,
    );
    encodeFails(StartMirrorTopics.request, 0, { ...start, IncludePatterns: [5] }, 'IncludePatterns[0]', /string/);
    encodeFails(
      DescribeClusterMirrors.request,
      0,
      { IncludeAuthorizedOperations: 'yes' },
      'IncludeAuthorizedOperations',
      /boolean/,
    );
    encodeFails(
      DescribeClusterMirrors.request,
      0,
      { LastMirrorEpochLookups: [{ Partitions: [1, 'x'] }] },
      'LastMirrorEpochLookups[0].Partitions[1]',
    );
    encodeFails(SaslAuthenticate.request, 2, { AuthBytes: 'abc' }, 'AuthBytes', /bytes/);
  });

  test('integers out of range, including int64 numbers that are not safe integers', () => {
    encodeFails(StartMirrorTopics.response, 0, { ErrorCode: 40000 }, 'ErrorCode', /range/);
    encodeFails(StartMirrorTopics.response, 0, { ThrottleTimeMs: 2 ** 31 }, 'ThrottleTimeMs', /range/);
    encodeFails(StartMirrorTopics.response, 0, { Topics: [{ ErrorCode: -32769 }] }, 'Topics[0].ErrorCode', /range/);
    encodeFails(
      DescribeConfigs.request,
      4,
      { Resources: [{ ResourceType: 128 }] },
      'Resources[0].ResourceType',
      /range/,
    );
    encodeFails(
      StartMirrorTopics.request,
      0,
      { ...start, StateValidationOffset: 2 ** 53 },
      'StateValidationOffset',
      /int64/,
    );
    encodeFails(
      StartMirrorTopics.request,
      0,
      { ...start, StateValidationOffset: 2n ** 63n },
      'StateValidationOffset',
      /range/,
    );
  });

  test('null where the field is not nullable', () => {
    encodeFails(StartMirrorTopics.request, 0, { MirrorName: null }, 'MirrorName', /null/);
    encodeFails(StartMirrorTopics.request, 0, { Topics: null }, 'Topics', /null/);
    encodeFails(StartMirrorTopics.request, 0, { IncludePatterns: null }, 'IncludePatterns', /null/);
    encodeFails(Metadata.request, 0, { Topics: null }, 'Topics', /null/);
    encodeFails(
      DescribeClusterMirrors.response,
      0,
      { Mirrors: [{ Topics: [{ Partitions: [{ StateValue: null }] }] }] },
      'Mirrors[0].Topics[0].Partitions[0].StateValue',
      /null/,
    );
  });

  test('null as an element of a non-nullable string array', () => {
    encodeFails(DescribeClusterMirrors.request, 0, { MirrorNames: ['m1', null] }, 'MirrorNames[1]', /null/);
    encodeFails(StartMirrorTopics.request, 0, { ...start, ExcludePatterns: [null] }, 'ExcludePatterns[0]', /null/);
  });

  test('a version the message does not have', () => {
    assert.throws(() => encodeMessage(StartMirrorTopics.request, 1, {}), EncodeError);
    assert.throws(() => encodeMessage(Metadata.request, -1, {}), EncodeError);
    assert.throws(() => encodeMessage(Metadata.request, 1.5, {}), EncodeError);
  });

  test('a classic string longer than 32767 bytes', () => {
    encodeFails(
      DescribeConfigs.request,
      1,
      { Resources: [{ ResourceName: 'x'.repeat(32768) }] },
      'Resources[0].ResourceName',
      /32767/,
    );
  });
});
