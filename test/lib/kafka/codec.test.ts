// Byte-exact facts about the codec. The hex constants below are copied from PROTOCOL.md §4 (our own
// reference, produced by an encoder that is not kmirror's) and from Kafka's wire rules in §1; a
// test here fails if either direction — encode or decode — moves by a single byte.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DecodeError, decodeMessage, encodeMessage } from '../../../src/lib/kafka/codec.js';
import type { ApiDefinition, MessageDefinition } from '../../../src/lib/kafka/definition.js';
import { decodeRequestFrame, encodeRequestFrame } from '../../../src/lib/kafka/frames.js';
import {
  ALL_APIS,
  ApiVersions,
  CreateClusterMirror,
  CreateTopics,
  DeleteClusterMirror,
  DescribeClusterMirrors,
  DescribeConfigs,
  IncrementalAlterConfigs,
  ListClusterMirrors,
  Metadata,
  PauseMirrorTopics,
  RequestHeader,
  ResponseHeader,
  ResumeMirrorTopics,
  SaslAuthenticate,
  StartMirrorTopics,
  StopMirrorTopics,
} from '../../../src/lib/kafka/messages/index.js';

/** Hex as written in PROTOCOL.md (spaces and line breaks allowed) to bytes. */
function hex(text: string): Buffer {
  const clean = text.replace(/\s+/g, '');
  assert.match(clean, /^([0-9a-f]{2})*$/, 'test constant is not hex');
  return Buffer.from(clean, 'hex');
}

function assertHex(actual: Buffer, expected: Buffer, what: string): void {
  assert.equal(actual.toString('hex'), expected.toString('hex'), what);
}

/** Registers one encode-and-decode check of a body against its exact bytes. */
function bodyExample(
  title: string,
  message: MessageDefinition,
  version: number,
  bytes: string,
  value: Record<string, unknown>,
): void {
  test(title, () => {
    const expected = hex(bytes);
    assertHex(encodeMessage(message, version, value), expected, `encoding ${message.name} v${version}`);
    assert.deepStrictEqual(decodeMessage(message, version, expected), value, `decoding ${message.name} v${version}`);
  });
}

function resolveKey(apiKey: number): ApiDefinition | undefined {
  return ALL_APIS.find((api) => api.apiKey === apiKey);
}

// PROTOCOL.md §4: "hex 0123456789abcdef0123456789abcdef (base64url ASNFZ4mrze8BI0VniavN7w)".
const TOPIC_ID = 'ASNFZ4mrze8BI0VniavN7w';

describe('PROTOCOL.md §4 worked examples', () => {
  test('§4 topic id: hex 0123…cdef is base64url ASNFZ4mrze8BI0VniavN7w', () => {
    assert.equal(Buffer.from('0123456789abcdef0123456789abcdef', 'hex').toString('base64url'), TOPIC_ID);
  });

  test('ListClusterMirrorsRequest v0 full frame (CorrelationId 7, ClientId "kmirror", IncludeTopicNames)', () => {
    const FRAME = '00 00 00 14  00 62 00 00 00 00 00 07 00 07 6b 6d 69 72 72 6f 72 00  01 00';
    const expected = hex(FRAME);
    const frame = encodeRequestFrame(ListClusterMirrors, 0, 7, 'kmirror', { IncludeTopicNames: true });
    assertHex(frame, expected, 'encodeRequestFrame');
    assert.equal(frame.readInt32BE(0), frame.length - 4, 'size prefix counts header + body');
    const decoded = decodeRequestFrame(expected.subarray(4), resolveKey);
    assert.equal(decoded.api, ListClusterMirrors);
    assert.deepStrictEqual(decoded.header, {
      RequestApiKey: 98,
      RequestApiVersion: 0,
      CorrelationId: 7,
      ClientId: 'kmirror',
    });
    assert.deepStrictEqual(decoded.body, { IncludeTopicNames: true });
  });

  bodyExample(
    'CreateClusterMirrorRequest v0 (m1, bootstrap.servers, mirror.source.cluster.id)',
    CreateClusterMirror.request,
    0,
    `03 6d 31 03 12 62 6f 6f 74 73 74 72 61 70 2e 73 65 72 76 65 72 73 09 73 72 63 3a 39 30 39 32 00
     19 6d 69 72 72 6f 72 2e 73 6f 75 72 63 65 2e 63 6c 75 73 74 65 72 2e 69 64 04 61 62 63 00 00`,
    {
      MirrorName: 'm1',
      Config: [
        { Name: 'bootstrap.servers', Value: 'src:9092' },
        { Name: 'mirror.source.cluster.id', Value: 'abc' },
      ],
    },
  );

  bodyExample(
    'StartMirrorTopicsRequest v0 with IncludePatterns and ExcludePatterns (tagged, after the int64)',
    StartMirrorTopics.request,
    0,
    `03 6d 31 02 01 23 45 67 89 ab cd ef 01 23 45 67 89 ab cd ef 07 6f 72 64 65 72 73 00 00 00 03 00
     ff ff ff ff ff ff ff ff 02 00 0a 02 09 6f 72 64 65 72 73 2e 2a 01 03 02 02 78`,
    {
      MirrorName: 'm1',
      Topics: [{ TopicId: TOPIC_ID, TopicName: 'orders', NumPartitions: 3 }],
      IncludePatterns: ['orders.*'],
      ExcludePatterns: ['x'],
      StateValidationOffset: -1n,
    },
  );

  bodyExample(
    'StartMirrorTopicsRequest v0 without patterns ends in an empty tag buffer',
    StartMirrorTopics.request,
    0,
    `03 6d 31 02 01 23 45 67 89 ab cd ef 01 23 45 67 89 ab cd ef 07 6f 72 64 65 72 73 00 00 00 03 00
     ff ff ff ff ff ff ff ff 00`,
    {
      MirrorName: 'm1',
      Topics: [{ TopicId: TOPIC_ID, TopicName: 'orders', NumPartitions: 3 }],
      IncludePatterns: [],
      ExcludePatterns: [],
      StateValidationOffset: -1n,
    },
  );

  bodyExample(
    'StopMirrorTopicsRequest v0 with Patterns ["orders"]',
    StopMirrorTopics.request,
    0,
    '03 6d 31 02 07 6f 72 64 65 72 73 00 ff ff ff ff ff ff ff ff 01 00 08 02 07 6f 72 64 65 72 73',
    { MirrorName: 'm1', Topics: [{ TopicName: 'orders' }], StateValidationOffset: -1n, Patterns: ['orders'] },
  );

  const PAUSE_BODY = '03 6d 31 02 07 6f 72 64 65 72 73 00 ff ff ff ff ff ff ff ff 00';
  const pauseValue = { MirrorName: 'm1', Topics: [{ TopicName: 'orders' }], StateValidationOffset: -1n };
  bodyExample('PauseMirrorTopicsRequest v0', PauseMirrorTopics.request, 0, PAUSE_BODY, pauseValue);
  bodyExample(
    'ResumeMirrorTopicsRequest v0 (same bytes as Pause)',
    ResumeMirrorTopics.request,
    0,
    PAUSE_BODY,
    pauseValue,
  );
  test('Pause and Resume bodies with the same values are byte-identical', () => {
    assertHex(
      encodeMessage(ResumeMirrorTopics.request, 0, pauseValue),
      encodeMessage(PauseMirrorTopics.request, 0, pauseValue),
      'Resume vs Pause',
    );
  });

  bodyExample('DeleteClusterMirrorRequest v0', DeleteClusterMirror.request, 0, '03 6d 31 ff ff ff ff ff ff ff ff 00', {
    MirrorName: 'm1',
    StateValidationOffset: -1n,
  });

  bodyExample('DescribeClusterMirrorsRequest v0, all mirrors', DescribeClusterMirrors.request, 0, '01 00 00', {
    MirrorNames: [],
    IncludeAuthorizedOperations: false,
    ClusterId: null,
    LastMirrorEpochLookups: [],
  });

  bodyExample(
    'DescribeClusterMirrorsRequest v0, ["m1"], authorized ops, ClusterId and one epoch lookup',
    DescribeClusterMirrors.request,
    0,
    '02 03 6d 31 01 02 00 04 04 61 62 63 01 17 02 01 23 45 67 89 ab cd ef 01 23 45 67 89 ab cd ef 02 00 00 00 00 00',
    {
      MirrorNames: ['m1'],
      IncludeAuthorizedOperations: true,
      ClusterId: 'abc',
      LastMirrorEpochLookups: [{ TopicId: TOPIC_ID, Partitions: [0] }],
    },
  );

  bodyExample(
    'DescribeClusterMirrorsResponse v0, m1/orders/0 MIRRORING, src=dst=100, lag 0',
    DescribeClusterMirrors.response,
    0,
    `00 00 00 00 00 00 00 02 00 00 03 6d 31 80 00 00 00 02 07 6f 72 64 65 72 73 02 00 00 00 00
     00 00 00 00 00 00 00 64 00 00 00 00 00 00 00 64 00 00 00 00 00 00 00 00 0a 4d 49 52 52 4f 52 49 4e 47
     00 00 00 00 00 00 00`,
    {
      ThrottleTimeMs: 0,
      ErrorCode: 0,
      ErrorMessage: null,
      Mirrors: [
        {
          ErrorCode: 0,
          MirrorName: 'm1',
          AuthorizedOperations: -2147483648,
          Topics: [
            {
              TopicName: 'orders',
              Partitions: [
                {
                  PartitionIndex: 0,
                  SourceOffset: 100n,
                  DestinationOffset: 100n,
                  Lag: 0n,
                  StateValue: 'MIRRORING',
                  RetryAttempt: 0,
                  ErrorMessage: null,
                },
              ],
            },
          ],
        },
      ],
      LookupResults: [],
    },
  );

  bodyExample(
    'ListClusterMirrorsResponse v0, one mirror (m1, src:9092, abc, 1 topic)',
    ListClusterMirrors.response,
    0,
    '00 00 00 00 00 00 00 02 03 6d 31 09 73 72 63 3a 39 30 39 32 04 61 62 63 00 00 00 01 01 00 00',
    {
      ThrottleTimeMs: 0,
      ErrorCode: 0,
      ErrorMessage: null,
      Mirrors: [
        { MirrorName: 'm1', SourceBootstrap: 'src:9092', SourceClusterId: 'abc', TopicCount: 1, TopicNames: [] },
      ],
    },
  );

  bodyExample(
    'DescribeConfigsRequest v4, resource type 64 "m1", all keys',
    DescribeConfigs.request,
    4,
    '02 40 03 6d 31 00 00 00 00 00',
    {
      Resources: [{ ResourceType: 64, ResourceName: 'm1', ConfigurationKeys: null }],
      IncludeSynonyms: false,
      IncludeDocumentation: false,
    },
  );

  bodyExample(
    'IncrementalAlterConfigsRequest v1, SET mirror.topics.include=orders-.* on m1',
    IncrementalAlterConfigs.request,
    1,
    `02 40 03 6d 31 02 16 6d 69 72 72 6f 72 2e 74 6f 70 69 63 73 2e 69 6e 63 6c 75 64 65 00 0a 6f 72 64 65 72 73 2d
     2e 2a 00 00 00 00`,
    {
      Resources: [
        {
          ResourceType: 64,
          ResourceName: 'm1',
          Configs: [{ Name: 'mirror.topics.include', ConfigOperation: 0, Value: 'orders-.*' }],
        },
      ],
      ValidateOnly: false,
    },
  );

  bodyExample(
    'CreateTopicsRequest v8, orders, 3 partitions, RF -1, MirrorInfo{TopicId}',
    CreateTopics.request,
    8,
    '02 07 6f 72 64 65 72 73 00 00 00 03 ff ff 01 01 01 01 23 45 67 89 ab cd ef 01 23 45 67 89 ab cd ef 00 ' +
      '00 00 00 75 30 00 00',
    {
      Topics: [
        {
          Name: 'orders',
          NumPartitions: 3,
          ReplicationFactor: -1,
          Assignments: [],
          Configs: [],
          MirrorInfo: { TopicId: TOPIC_ID },
        },
      ],
      timeoutMs: 30000,
      validateOnly: false,
    },
  );

  bodyExample('ResponseHeader v1, CorrelationId 7', ResponseHeader, 1, '00 00 00 07 00', { CorrelationId: 7 });
});

describe('strings: classic (int16) vs compact (uvarint N+1), empty vs null', () => {
  const header = { RequestApiKey: 18, RequestApiVersion: 3, CorrelationId: 1 };
  test('classic string: int16 byte length, "" is 00 00, null is ff ff', () => {
    assertHex(
      encodeMessage(RequestHeader, 1, { ...header, ClientId: 'kmirror' }),
      hex('0012 0003 00000001 0007 6b6d6972726f72'),
      'ClientId "kmirror"',
    );
    assertHex(
      encodeMessage(RequestHeader, 1, { ...header, ClientId: '' }),
      hex('0012 0003 00000001 0000'),
      'ClientId ""',
    );
    assertHex(
      encodeMessage(RequestHeader, 1, { ...header, ClientId: null }),
      hex('0012 0003 00000001 ffff'),
      'ClientId null',
    );
    assert.equal(decodeMessage(RequestHeader, 1, hex('0012 0003 00000001 0000')).ClientId, '');
    assert.equal(decodeMessage(RequestHeader, 1, hex('0012 0003 00000001 ffff')).ClientId, null);
  });

  test('compact string: "" is 01, null is 00, length counts UTF-8 bytes', () => {
    const body = (message: string | null) => ({ ThrottleTimeMs: 0, ErrorCode: 0, ErrorMessage: message });
    const m = CreateClusterMirror.response;
    assertHex(encodeMessage(m, 0, body('')), hex('00000000 0000 01 00'), '""');
    assertHex(encodeMessage(m, 0, body(null)), hex('00000000 0000 00 00'), 'null');
    assertHex(encodeMessage(m, 0, body('é')), hex('00000000 0000 03 c3a9 00'), '"é" is 2 bytes');
    assertHex(encodeMessage(m, 0, body('😀')), hex('00000000 0000 05 f09f9880 00'), 'an astral code point is 4 bytes');
    assert.deepStrictEqual(decodeMessage(m, 0, hex('00000000 0000 01 00')), body(''));
    assert.deepStrictEqual(decodeMessage(m, 0, hex('00000000 0000 00 00')), body(null));
    assert.deepStrictEqual(decodeMessage(m, 0, hex('00000000 0000 05 f09f9880 00')), body('😀'));
  });

  test('compact string of 127 bytes has a two-byte length (128 = 80 01)', () => {
    const name = 'a'.repeat(127);
    const bytes = encodeMessage(DeleteClusterMirror.request, 0, { MirrorName: name, StateValidationOffset: -1n });
    assertHex(bytes.subarray(0, 3), hex('80 01 61'), 'length prefix');
    assert.equal(bytes.length, 2 + 127 + 8 + 1);
    assert.equal(decodeMessage(DeleteClusterMirror.request, 0, bytes).MirrorName, name);
  });

  test('ClientId stays a classic string in request header v2, followed by the tag buffer', () => {
    assertHex(
      encodeMessage(RequestHeader, 2, { ...header, ClientId: 'kmirror' }),
      hex('0012 0003 00000001 0007 6b6d6972726f72 00'),
      'v2 header',
    );
    assertHex(
      encodeMessage(RequestHeader, 2, { ...header, ClientId: null }),
      hex('0012 0003 00000001 ffff 00'),
      'v2 null ClientId',
    );
  });

  test('a string that starts with U+FEFF keeps it, also when it contains U+FFFD', () => {
    for (const name of ['\uFEFFabc', '\uFEFF\uFFFD', 'a\uFFFDb']) {
      const bytes = encodeMessage(DeleteClusterMirror.request, 0, { MirrorName: name });
      assert.equal(decodeMessage(DeleteClusterMirror.request, 0, bytes).MirrorName, name, JSON.stringify(name));
    }
  });

  test('unset strings: "" without a declared default, null with default "null" (PROTOCOL.md §1)', () => {
    assertHex(
      encodeMessage(CreateClusterMirror.response, 0, {}),
      hex('00000000 0000 01 00'),
      'CreateClusterMirrorResponse',
    );
    assertHex(
      encodeMessage(DeleteClusterMirror.response, 0, {}),
      hex('00000000 0000 01 00'),
      'DeleteClusterMirrorResponse',
    );
    assertHex(
      encodeMessage(StartMirrorTopics.response, 0, {}),
      hex('00000000 0000 00 01 00'),
      'StartMirrorTopicsResponse',
    );
  });
});

describe('bytes: classic (int32) vs compact', () => {
  test('AuthBytes in SaslAuthenticate v0 (int32 length) and v2 (compact)', () => {
    const auth = Buffer.from([1, 2, 3]);
    assertHex(encodeMessage(SaslAuthenticate.request, 0, { AuthBytes: auth }), hex('00000003 010203'), 'v0');
    assertHex(encodeMessage(SaslAuthenticate.request, 2, { AuthBytes: auth }), hex('04 010203 00'), 'v2');
    assertHex(encodeMessage(SaslAuthenticate.request, 0, { AuthBytes: Buffer.alloc(0) }), hex('00000000'), 'v0 empty');
    assertHex(encodeMessage(SaslAuthenticate.request, 2, {}), hex('01 00'), 'v2 unset = empty');
    assert.deepStrictEqual(decodeMessage(SaslAuthenticate.request, 0, hex('00000003 010203')), { AuthBytes: auth });
    assert.deepStrictEqual(decodeMessage(SaslAuthenticate.request, 2, hex('04 010203 00')), { AuthBytes: auth });
  });

  test('a Uint8Array is accepted and decoded bytes are a view of the input buffer, not a copy', () => {
    assertHex(
      encodeMessage(SaslAuthenticate.request, 2, { AuthBytes: new Uint8Array([9]) }),
      hex('02 09 00'),
      'Uint8Array',
    );
    const input = hex('02 09 00');
    const decoded = decodeMessage<{ AuthBytes: Buffer }>(SaslAuthenticate.request, 2, input);
    assert.equal(decoded.AuthBytes[0], 9);
    assert.equal(decoded.AuthBytes.buffer, input.buffer);
    assert.equal(decoded.AuthBytes.byteOffset, input.byteOffset + 1);
  });

  test('SaslAuthenticateResponse v1: classic nullable string ff ff, int64 session lifetime', () => {
    const bytes = hex('0000 ffff 00000001 aa 0000000000000e10');
    assert.deepStrictEqual(decodeMessage(SaslAuthenticate.response, 1, bytes), {
      ErrorCode: 0,
      ErrorMessage: null,
      AuthBytes: Buffer.from([0xaa]),
      SessionLifetimeMs: 3600n,
    });
    assertHex(
      encodeMessage(SaslAuthenticate.response, 1, {
        ErrorMessage: null,
        AuthBytes: Buffer.from([0xaa]),
        SessionLifetimeMs: 3600,
      }),
      bytes,
      'encode',
    );
  });
});

describe('arrays: empty vs null, classic (int32) vs compact', () => {
  test('Metadata v1 (classic) and v9 (compact) Topics: null vs empty', () => {
    assertHex(encodeMessage(Metadata.request, 1, { Topics: null }), hex('ffffffff'), 'v1 null = all topics');
    assertHex(encodeMessage(Metadata.request, 1, { Topics: [] }), hex('00000000'), 'v1 empty');
    assertHex(encodeMessage(Metadata.request, 9, { Topics: null }), hex('00 01 00 00 00'), 'v9 null');
    assertHex(encodeMessage(Metadata.request, 9, { Topics: [] }), hex('01 01 00 00 00'), 'v9 empty');
    assert.equal(decodeMessage(Metadata.request, 1, hex('ffffffff')).Topics, null);
    assert.deepStrictEqual(decodeMessage(Metadata.request, 1, hex('00000000')).Topics, []);
    assert.equal(decodeMessage(Metadata.request, 9, hex('00 01 00 00 00')).Topics, null);
    assert.deepStrictEqual(decodeMessage(Metadata.request, 9, hex('01 01 00 00 00')).Topics, []);
  });

  test('Metadata v10 topic by id with a null name', () => {
    const bytes = hex(`02 01 23 45 67 89 ab cd ef 01 23 45 67 89 ab cd ef 00 00  01 00 00 00`);
    const value = {
      Topics: [{ TopicId: TOPIC_ID, Name: null }],
      AllowAutoTopicCreation: true,
      IncludeClusterAuthorizedOperations: false,
      IncludeTopicAuthorizedOperations: false,
    };
    assertHex(encodeMessage(Metadata.request, 10, value), bytes, 'encode');
    assert.deepStrictEqual(decodeMessage(Metadata.request, 10, bytes), value);
  });

  test('DescribeConfigs ConfigurationKeys: null (all keys) vs [] in v1 and v4', () => {
    const resources = (keys: string[] | null) => ({
      Resources: [{ ResourceType: 2, ResourceName: 't', ConfigurationKeys: keys }],
    });
    assertHex(
      encodeMessage(DescribeConfigs.request, 1, resources(null)),
      hex('00000001 02 0001 74 ffffffff 00'),
      'v1 null',
    );
    assertHex(
      encodeMessage(DescribeConfigs.request, 1, resources([])),
      hex('00000001 02 0001 74 00000000 00'),
      'v1 empty',
    );
    assertHex(encodeMessage(DescribeConfigs.request, 4, resources(null)), hex('02 02 02 74 00 00 00 00 00'), 'v4 null');
    assertHex(
      encodeMessage(DescribeConfigs.request, 4, resources(['a'])),
      hex('02 02 02 74 02 02 61 00 00 00 00'),
      'v4 ["a"]',
    );
  });

  test('int32 arrays encode each element big-endian', () => {
    const value = { MirrorNames: [], LastMirrorEpochLookups: [{ TopicId: TOPIC_ID, Partitions: [1, -1, 2147483647] }] };
    const bytes = encodeMessage(DescribeClusterMirrors.request, 0, value);
    assertHex(
      bytes,
      hex('01 00 01 01 1f 02 0123456789abcdef0123456789abcdef 04 00000001 ffffffff 7fffffff 00'),
      'encode',
    );
    assert.deepStrictEqual(
      decodeMessage(DescribeClusterMirrors.request, 0, bytes).LastMirrorEpochLookups,
      value.LastMirrorEpochLookups,
    );
  });
});

describe('nullable struct (CreateTopics v8 MirrorInfo)', () => {
  const topic = { Name: 'orders', NumPartitions: 3, ReplicationFactor: -1, Assignments: [], Configs: [] };
  test('null is the single byte ff; present is 01 then the struct with its tag buffer', () => {
    const nullBytes = hex('02 07 6f72646572 73 00000003 ffff 01 01 ff 00 00007530 00 00');
    assertHex(
      encodeMessage(CreateTopics.request, 8, { Topics: [{ ...topic, MirrorInfo: null }], timeoutMs: 30000 }),
      nullBytes,
      'null',
    );
    assert.equal(
      decodeMessage<{ Topics: { MirrorInfo: unknown }[] }>(CreateTopics.request, 8, nullBytes).Topics[0]?.MirrorInfo,
      null,
    );
  });

  test('before v8 the field is not on the wire at all', () => {
    assertHex(
      encodeMessage(CreateTopics.request, 7, {
        Topics: [{ ...topic, MirrorInfo: { TopicId: TOPIC_ID } }],
        timeoutMs: 30000,
      }),
      hex('02 07 6f72646572 73 00000003 ffff 01 01 00 00007530 00 00'),
      'v7',
    );
  });
});

describe('defaults and int64 input', () => {
  test('an empty value encodes every field at its schema default', () => {
    assertHex(
      encodeMessage(StartMirrorTopics.request, 0, {}),
      hex('01 01 ffffffffffffffff 00'),
      'StartMirrorTopicsRequest {}',
    );
    assertHex(
      encodeMessage(DescribeClusterMirrors.response, 0, { Mirrors: [{}] }),
      hex('00000000 0000 00 02 0000 01 80000000 01 00 00'),
      'AuthorizedOperations defaults to INT32_MIN',
    );
  });

  test('int64 accepts a bigint or a safe-integer number with the same bytes', () => {
    for (const offset of [-1, 0, 1, 2 ** 53 - 1, -(2 ** 53 - 1)]) {
      assertHex(
        encodeMessage(DeleteClusterMirror.request, 0, { MirrorName: 'm', StateValidationOffset: offset }),
        encodeMessage(DeleteClusterMirror.request, 0, { MirrorName: 'm', StateValidationOffset: BigInt(offset) }),
        String(offset),
      );
    }
    const max = encodeMessage(DeleteClusterMirror.request, 0, {
      MirrorName: 'm',
      StateValidationOffset: 2n ** 63n - 1n,
    });
    assertHex(max, hex('02 6d 7fffffffffffffff 00'), 'INT64_MAX');
    assert.equal(decodeMessage(DeleteClusterMirror.request, 0, max).StateValidationOffset, 2n ** 63n - 1n);
  });
});

describe('tagged fields', () => {
  // A made-up flexible message whose tagged fields are declared out of tag order.
  const Shuffled = {
    type: 'data',
    name: 'ShuffledTags',
    validVersions: '0',
    flexibleVersions: '0+',
    fields: [
      { name: 'Before', type: 'int8', versions: '0+' },
      { name: 'Two', type: 'int8', versions: '0+', taggedVersions: '0+', tag: 2 },
      { name: 'Zero', type: 'string', versions: '0+', taggedVersions: '0+', tag: 0 },
      { name: 'One', type: 'int32', versions: '0+', taggedVersions: '0+', tag: 1, default: '-1' },
      { name: 'After', type: 'int8', versions: '0+' },
    ],
  } as const satisfies MessageDefinition;

  test('are written after the regular fields, in ascending tag order, whatever the declaration order', () => {
    const bytes = encodeMessage(Shuffled, 0, { Before: 1, Two: 2, Zero: 'z', One: 7, After: 3 });
    assertHex(bytes, hex('01 03 | 03 | 00 02 02 7a | 01 04 00000007 | 02 01 02'.replace(/\|/g, '')), 'order');
    assert.deepStrictEqual(decodeMessage(Shuffled, 0, bytes), { Before: 1, Two: 2, Zero: 'z', One: 7, After: 3 });
  });

  test('only values that differ from the default are written', () => {
    assertHex(
      encodeMessage(Shuffled, 0, { Before: 1, Two: 0, Zero: '', One: -1, After: 3 }),
      hex('01 03 00'),
      'all defaults',
    );
    assertHex(
      encodeMessage(Shuffled, 0, { Before: 1, One: 0, After: 3 }),
      hex('01 03 01 01 04 00000000'),
      'One = 0 differs from -1',
    );
  });

  test('ApiVersionsResponse v3: default FinalizedFeaturesEpoch (-1) and ZkMigrationReady (false) are omitted', () => {
    const base = { ErrorCode: 0, ApiKeys: [{ ApiKey: 18, MinVersion: 0, MaxVersion: 4 }], ThrottleTimeMs: 0 };
    assertHex(
      encodeMessage(ApiVersions.response, 3, { ...base, FinalizedFeaturesEpoch: -1n, ZkMigrationReady: false }),
      hex('0000 02 0012 0000 0004 00 00000000 00'),
      'defaults',
    );
    assertHex(
      encodeMessage(ApiVersions.response, 3, { ...base, ZkMigrationReady: true }),
      hex('0000 02 0012 0000 0004 00 00000000 01 03 01 01'),
      'ZkMigrationReady',
    );
    assertHex(
      encodeMessage(ApiVersions.response, 3, { ...base, FinalizedFeaturesEpoch: 0n }),
      hex('0000 02 0012 0000 0004 00 00000000 01 01 08 0000000000000000'),
      'epoch 0',
    );
  });

  test('a nullable tagged string with default null is written when it is ""', () => {
    assertHex(
      encodeMessage(DescribeClusterMirrors.request, 0, { ClusterId: '' }),
      hex('01 00 01 00 01 01'),
      'ClusterId ""',
    );
    assertHex(encodeMessage(DescribeClusterMirrors.request, 0, { ClusterId: null }), hex('01 00 00'), 'ClusterId null');
  });

  test('unknown tags (multi-byte tag and size) are skipped and the data after them is read', () => {
    // count 2: tag 5 with 0 bytes; tag 257 (81 02) with 3 bytes.
    assert.deepStrictEqual(decodeMessage(ListClusterMirrors.request, 0, hex('01 02 05 00 81 02 03 aabbcc')), {
      IncludeTopicNames: true,
    });
    // A 200-byte unknown field (size c8 01) inside the first partition, then a second partition.
    const unknown = Buffer.concat([hex('01 ac 02 c8 01'), Buffer.alloc(200, 0xee)]);
    const partition = (index: number, tags: Buffer) =>
      Buffer.concat([
        hex(`0000000${index} ffffffffffffffff ffffffffffffffff ffffffffffffffff 07 504155534544 0000 00`),
        tags,
      ]);
    const bytes = Buffer.concat([
      hex('00000000 0000 00 02 0000 03 6d31 80000000 02 02 74 03'),
      partition(0, unknown),
      partition(1, hex('00')),
      hex('00 00 01 7f 02 0000'), // topic tags, mirror tags, then top-level: tag 127 with 2 bytes
    ]);
    const decoded = decodeMessage(DescribeClusterMirrors.response, 0, bytes);
    const detail = (index: number) => ({
      PartitionIndex: index,
      SourceOffset: -1n,
      DestinationOffset: -1n,
      Lag: -1n,
      StateValue: 'PAUSED',
      RetryAttempt: 0,
      ErrorMessage: null,
    });
    assert.deepStrictEqual(decoded, {
      ThrottleTimeMs: 0,
      ErrorCode: 0,
      ErrorMessage: null,
      Mirrors: [
        {
          ErrorCode: 0,
          MirrorName: 'm1',
          AuthorizedOperations: -2147483648,
          Topics: [{ TopicName: 't', Partitions: [detail(0), detail(1)] }],
        },
      ],
      LookupResults: [],
    });
  });

  test('a known tag whose declared size does not match its content is a DecodeError naming the field', () => {
    for (const [bytes, what] of [
      ['01 00 01 00 05 04 616263 ee', 'size 5 for 4 bytes of content'],
      ['01 00 01 00 02 04 616263', 'size 2 for 4 bytes of content'],
    ] as const) {
      assert.throws(
        () => decodeMessage(DescribeClusterMirrors.request, 0, hex(bytes)),
        (err: unknown) => err instanceof DecodeError && err.path.includes('ClusterId'),
        what,
      );
    }
    assert.throws(
      () => decodeMessage(DescribeClusterMirrors.request, 0, hex('01 00 01 00 09 04 616263')),
      (err: unknown) =>
        err instanceof DecodeError && err.path.includes('tagged fields') && /claims 9 bytes/.test(err.reason),
      'size beyond the buffer',
    );
  });

  test('tags out of order or repeated are a DecodeError', () => {
    assert.throws(() => decodeMessage(ListClusterMirrors.request, 0, hex('01 02 05 00 03 00')), DecodeError);
    assert.throws(() => decodeMessage(ListClusterMirrors.request, 0, hex('01 02 05 00 05 00')), DecodeError);
  });

  test('a tag count larger than the tags present is a DecodeError', () => {
    assert.throws(() => decodeMessage(ListClusterMirrors.request, 0, hex('01 02 05 00')), DecodeError);
  });
});

describe('general and generated struct code (the codec generates a struct reader and writer after 32 uses)', () => {
  test('100 partitions in one answer: every one decodes to the same fields in the same order, bytes round-trip', () => {
    const partitions = Array.from({ length: 100 }, (_, i) => ({
      PartitionIndex: i,
      SourceOffset: 1000 + i,
      DestinationOffset: 900 + i,
      Lag: 100,
      StateValue: i % 2 === 0 ? 'MIRRORING' : 'PAUSED',
      RetryAttempt: i % 3,
      ErrorMessage: i === 50 ? 'slow' : null,
    }));
    const value = {
      ThrottleTimeMs: 0,
      ErrorCode: 0,
      ErrorMessage: null,
      Mirrors: [{ ErrorCode: 0, MirrorName: 'm1', Topics: [{ TopicName: 'orders', Partitions: partitions }] }],
    };
    // Twice: the second message meets plans whose generated code the first one built.
    for (const round of [1, 2]) {
      const bytes = encodeMessage(DescribeClusterMirrors.response, 0, value);
      const decoded = decodeMessage<{
        Mirrors: { Topics: { Partitions: Record<string, unknown>[] }[] }[];
      }>(DescribeClusterMirrors.response, 0, bytes);
      const got = decoded.Mirrors[0]!.Topics[0]!.Partitions;
      assert.equal(got.length, 100, `round ${round}`);
      const order = Object.keys(got[0]!);
      got.forEach((p, i) => {
        assert.deepEqual(Object.keys(p), order, `round ${round}: key order of partition ${i}`);
        const offsets = { SourceOffset: Number(p.SourceOffset), DestinationOffset: Number(p.DestinationOffset) };
        assert.deepEqual({ ...p, ...offsets, Lag: Number(p.Lag) }, partitions[i], `round ${round}: partition ${i}`);
      });
      assertHex(encodeMessage(DescribeClusterMirrors.response, 0, decoded), bytes, `round ${round}: re-encoded`);
    }
  });
});
