// Framing is where a client and a broker most often disagree by one byte: which header version goes
// with which request, whether a response header carries a tag buffer, and the ApiVersions exception.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DecodeError, encodeMessage } from '../../../src/lib/kafka/codec.js';
import type { ApiDefinition } from '../../../src/lib/kafka/definition.js';
import { parseVersions } from '../../../src/lib/kafka/definition.js';
import {
  decodeRequestFrame,
  decodeResponseAfterCorrelationId,
  decodeResponseFrame,
  encodeRequestFrame,
  encodeResponseFrame,
  requestHeaderVersion,
  responseHeaderVersion,
} from '../../../src/lib/kafka/frames.js';
import {
  ALL_APIS,
  ApiVersions,
  CreateTopics,
  DescribeClusterMirrors,
  ListClusterMirrors,
  Metadata,
} from '../../../src/lib/kafka/messages/index.js';
import { ApiKeyMap, isMirrorApi } from '../../../src/lib/kafka/mirror-api-keys.js';

function hex(text: string): Buffer {
  return Buffer.from(text.replace(/\s+/g, ''), 'hex');
}

function resolveKey(apiKey: number): ApiDefinition | undefined {
  return ALL_APIS.find((api) => api.apiKey === apiKey);
}

describe('header version selection', () => {
  test('request header v2 exactly for flexible request versions, v1 otherwise', () => {
    assert.equal(requestHeaderVersion(ApiVersions, 2), 1);
    assert.equal(requestHeaderVersion(ApiVersions, 3), 2);
    assert.equal(requestHeaderVersion(Metadata, 8), 1);
    assert.equal(requestHeaderVersion(Metadata, 9), 2);
    assert.equal(requestHeaderVersion(CreateTopics, 4), 1);
    assert.equal(requestHeaderVersion(CreateTopics, 5), 2);
  });

  test('response header v0 for every ApiVersions version, v1 for other flexible versions', () => {
    for (let v = 0; v <= 4; v++) assert.equal(responseHeaderVersion(ApiVersions, v), 0, `ApiVersions v${v}`);
    assert.equal(responseHeaderVersion(Metadata, 8), 0);
    assert.equal(responseHeaderVersion(Metadata, 9), 1);
  });

  test('every mirror API (all flexible at v0) uses request header v2 and response header v1', () => {
    const mirrors = ALL_APIS.filter((api) => isMirrorApi(api.name));
    assert.equal(mirrors.length, 11);
    for (const api of mirrors) {
      const { min, max } = parseVersions(api.request.validVersions);
      for (let v = min; v <= max; v++) {
        assert.equal(requestHeaderVersion(api, v), 2, `${api.name} v${v} request`);
        assert.equal(responseHeaderVersion(api, v), 1, `${api.name} v${v} response`);
      }
    }
  });
});

describe('request frames', () => {
  test('ApiVersions v3: header v2 with a classic int16 ClientId, then the tag buffer, then a compact body', () => {
    const expected = hex(`00000021  0012 0003 00000001 0007 6b6d6972726f72 00
                          08 6b6d6972726f72 06 302e312e30 00`);
    const frame = encodeRequestFrame(ApiVersions, 3, 1, 'kmirror', {
      ClientSoftwareName: 'kmirror',
      ClientSoftwareVersion: '0.1.0',
    });
    assert.equal(frame.toString('hex'), expected.toString('hex'));
    const decoded = decodeRequestFrame(frame.subarray(4), resolveKey);
    assert.equal(decoded.api, ApiVersions);
    assert.deepStrictEqual(decoded.header, {
      RequestApiKey: 18,
      RequestApiVersion: 3,
      CorrelationId: 1,
      ClientId: 'kmirror',
    });
    assert.deepStrictEqual(decoded.body, { ClientSoftwareName: 'kmirror', ClientSoftwareVersion: '0.1.0' });
  });

  test('ApiVersions v0: header v1 (no tag buffer) and an empty body', () => {
    const frame = encodeRequestFrame(ApiVersions, 0, 1, 'kmirror', {});
    assert.equal(frame.toString('hex'), '00000011' + '0012 0000 00000001 0007 6b6d6972726f72'.replace(/\s/g, ''));
  });

  test('a 200-byte ClientId keeps its int16 length in header v2 (a compact length would be c9 01)', () => {
    const clientId = 'c'.repeat(200);
    const frame = encodeRequestFrame(ListClusterMirrors, 0, 9, clientId, {});
    assert.equal(frame.subarray(12, 14).toString('hex'), '00c8');
    assert.equal(frame.subarray(14 + 200).toString('hex'), '00' + '0000', 'header tag buffer, then body');
    assert.equal(decodeRequestFrame(frame.subarray(4), resolveKey).header.ClientId, clientId);
  });

  test('a null ClientId is ff ff in both header versions', () => {
    assert.equal(encodeRequestFrame(Metadata, 8, 2, null, { Topics: null }).subarray(12, 14).toString('hex'), 'ffff');
    assert.equal(encodeRequestFrame(Metadata, 9, 2, null, { Topics: null }).subarray(12, 15).toString('hex'), 'ffff00');
  });

  test('the size prefix is right for a body that outgrows the initial buffer', () => {
    const topics = Array.from({ length: 500 }, (_, i) => ({
      TopicName: `topic-${i}`,
      TopicId: 'AAAAAAAAAAAAAAAAAAAAAA',
    }));
    const frame = encodeRequestFrame(ApiVersions, 3, 1, 'k', {});
    assert.equal(frame.readInt32BE(0), frame.length - 4);
    const big = encodeRequestFrame(ALL_APIS.find((a) => a.name === 'StartMirrorTopics') as ApiDefinition, 0, 1, 'k', {
      MirrorName: 'm',
      Topics: topics,
    });
    assert.equal(big.readInt32BE(0), big.length - 4);
    assert.ok(big.length > 10000);
  });

  test('an API key override changes the key on the wire and the resolver follows it', () => {
    const apiKeys = new ApiKeyMap(new Map([['ListClusterMirrors', 120]]));
    const key = apiKeys.keyOf(ListClusterMirrors);
    const frame = encodeRequestFrame(ListClusterMirrors, 0, 7, 'kmirror', { IncludeTopicNames: true }, key);
    assert.equal(frame.subarray(4, 6).toString('hex'), '0078');
    const resolve = (k: number): ApiDefinition | undefined => ALL_APIS.find((api) => apiKeys.keyOf(api) === k);
    assert.equal(decodeRequestFrame(frame.subarray(4), resolve).api, ListClusterMirrors);
    // The default map is untouched: a second map in the same process sees the definition's key.
    assert.equal(ApiKeyMap.DEFAULT.keyOf(ListClusterMirrors), 98);
  });

  test('an unknown API key yields the header and no body', () => {
    const frame = hex('2710 0000 00000005 0001 78 00 01');
    const decoded = decodeRequestFrame(frame, resolveKey);
    assert.equal(decoded.api, undefined);
    assert.equal(decoded.body, undefined);
    assert.deepStrictEqual(decoded.header, {
      RequestApiKey: 10000,
      RequestApiVersion: 0,
      CorrelationId: 5,
      ClientId: 'x',
    });
  });

  test('truncated or over-long request frames are DecodeErrors', () => {
    const frame = encodeRequestFrame(ListClusterMirrors, 0, 7, 'kmirror', { IncludeTopicNames: true }).subarray(4);
    for (let n = 0; n < frame.length; n++) {
      assert.throws(() => decodeRequestFrame(frame.subarray(0, n), resolveKey), DecodeError, `prefix of ${n} bytes`);
    }
    assert.throws(
      () => decodeRequestFrame(Buffer.concat([frame, hex('00')]), resolveKey),
      DecodeError,
      'trailing byte',
    );
  });
});

describe('response frames', () => {
  const apiVersionsBody = hex('0000 02 0012 0000 0004 00 00000000 00');
  const apiVersionsValue = {
    ErrorCode: 0,
    ApiKeys: [{ ApiKey: 18, MinVersion: 0, MaxVersion: 4 }],
    ThrottleTimeMs: 0,
    SupportedFeatures: [],
    FinalizedFeaturesEpoch: -1n,
    FinalizedFeatures: [],
    ZkMigrationReady: false,
  };

  test('ApiVersions v3 response: header v0 (no tag buffer) although the body is flexible', () => {
    const frame = encodeResponseFrame(ApiVersions, 3, 7, apiVersionsValue);
    assert.equal(frame.toString('hex'), '00000013' + '00000007' + apiVersionsBody.toString('hex'));
    const decoded = decodeResponseFrame(ApiVersions, 3, frame.subarray(4));
    assert.equal(decoded.correlationId, 7);
    assert.deepStrictEqual(decoded.body, apiVersionsValue);
  });

  test('DescribeClusterMirrors v0 response: header v1 ends in a tag buffer', () => {
    const body = encodeMessage(DescribeClusterMirrors.response, 0, {});
    const frame = encodeResponseFrame(DescribeClusterMirrors, 0, 0x01020304, {});
    assert.equal(
      frame.toString('hex'),
      (body.length + 5).toString(16).padStart(8, '0') + '01020304' + '00' + body.toString('hex'),
    );
    assert.equal(decodeResponseFrame(DescribeClusterMirrors, 0, frame.subarray(4)).correlationId, 0x01020304);
  });

  test('decodeResponseAfterCorrelationId skips the header tag buffer only for header v1', () => {
    const dcmBody = encodeMessage(DescribeClusterMirrors.response, 0, { ErrorCode: 35 });
    const dcm = decodeResponseAfterCorrelationId<{ ErrorCode: number }>(
      DescribeClusterMirrors,
      0,
      Buffer.concat([hex('00'), dcmBody]),
    );
    assert.equal(dcm.ErrorCode, 35);
    // A header tag buffer with an unknown field is skipped too.
    const tagged = decodeResponseAfterCorrelationId<{ ErrorCode: number }>(
      DescribeClusterMirrors,
      0,
      Buffer.concat([hex('01 05 02 abcd'), dcmBody]),
    );
    assert.equal(tagged.ErrorCode, 35);
    assert.throws(
      () => decodeResponseAfterCorrelationId(DescribeClusterMirrors, 0, dcmBody),
      DecodeError,
      'header v1 without its tag buffer',
    );

    assert.deepStrictEqual(
      decodeResponseAfterCorrelationId(ApiVersions, 3, apiVersionsBody),
      apiVersionsValue,
      'ApiVersions: header v0',
    );
    assert.throws(
      () => decodeResponseAfterCorrelationId(ApiVersions, 3, Buffer.concat([hex('00'), apiVersionsBody])),
      DecodeError,
    );

    const metadataV8 = encodeMessage(Metadata.response, 8, {});
    assert.deepStrictEqual(
      decodeResponseAfterCorrelationId(Metadata, 8, metadataV8),
      decodeResponseFrame(Metadata, 8, Buffer.concat([hex('00000001'), metadataV8])).body,
    );
    const metadataV9 = encodeMessage(Metadata.response, 9, {});
    assert.deepStrictEqual(
      decodeResponseAfterCorrelationId(Metadata, 9, Buffer.concat([hex('00'), metadataV9])),
      decodeResponseFrame(Metadata, 9, Buffer.concat([hex('00000001 00'), metadataV9])).body,
    );
  });

  test('a bad header tag buffer is a DecodeError naming the header', () => {
    assert.throws(
      () => decodeResponseAfterCorrelationId(DescribeClusterMirrors, 0, hex('01 05 09 00')),
      (err: unknown) => err instanceof DecodeError && err.path.includes('header'),
    );
  });
});
