import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseVersions } from '../../../../src/lib/kafka/definition.js';
import { decodeResponseFrame } from '../../../../src/lib/kafka/frames.js';
import {
  ALL_APIS,
  ApiVersions,
  CreateTopics,
  ListClusterMirrors,
  Metadata,
  RECORD_APIS,
} from '../../../../src/lib/kafka/messages/index.js';
import type { ResponseOf } from '../../../../src/lib/kafka/message-types.js';
import { ApiKeyMap } from '../../../../src/lib/kafka/mirror-api-keys.js';
import { ByteWriter } from '../../../../src/lib/kafka/wire/writer.js';
import { useEmulator } from './emulator-fixture.js';

const MIRROR_KEYS = [94, 95, 96, 98, 99, 100, 101, 102, 103, 104, 105];

function keyRanges(answer: ResponseOf<typeof ApiVersions>): Map<number, [number, number]> {
  return new Map(answer.ApiKeys.map((k) => [k.ApiKey, [k.MinVersion, k.MaxVersion]]));
}

function features(
  list: readonly { Name: string; MinVersion: number; MaxVersion: number }[],
): Record<string, [number, number]> {
  return Object.fromEntries(list.map((f) => [f.Name, [f.MinVersion, f.MaxVersion]]));
}

describe('ApiVersions on a prototype broker with mirroring enabled', () => {
  const fx = useEmulator();

  it('v0 lists exactly the registered APIs with their definitions’ ranges, in key order', async () => {
    const client = await fx.connect(fx.emulator.destination.bootstrap.split(',')[0] ?? '');
    const answer = await client.request(ApiVersions, 0, {});
    assert.equal(answer.ErrorCode, 0);
    // What kmirror speaks, and the record APIs the emulator serves for other clients.
    const expected = [...ALL_APIS, ...RECORD_APIS]
      .map((api) => {
        const range = parseVersions(api.request.validVersions);
        // The prototype broker stops ListOffsets at v10 where the client's definition knows v11.
        return [api.apiKey, [range.min, api.apiKey === 2 ? 10 : range.max]] as const;
      })
      .sort((a, b) => a[0] - b[0]);
    assert.deepEqual([...keyRanges(answer)], expected);
    assert.deepEqual(
      answer.ApiKeys.map((k) => k.ApiKey),
      [...answer.ApiKeys.map((k) => k.ApiKey)].sort((a, b) => a - b),
    );
    for (const key of MIRROR_KEYS) assert.deepEqual(keyRanges(answer).get(key), [0, 0]);
    assert.equal(keyRanges(answer).has(97), false);
  });

  for (const version of [1, 2]) {
    it(`v${version} answers without feature fields`, async () => {
      const client = await fx.connect(fx.emulator.source.bootstrap);
      const answer = await client.request(ApiVersions, version, {});
      assert.equal(answer.ErrorCode, 0);
      assert.deepEqual(answer.SupportedFeatures, []);
      assert.equal(answer.FinalizedFeaturesEpoch, -1n);
    });
  }

  it('v3 drops supported features whose minimum is 0, so mirror.version is absent', async () => {
    const client = await fx.connect(fx.emulator.destination.bootstrap.split(',')[1] ?? '');
    const answer = await client.request(ApiVersions, 3, {
      ClientSoftwareName: 'kmirror',
      ClientSoftwareVersion: '0.1.0',
    });
    assert.equal(answer.ErrorCode, 0);
    assert.deepEqual(features(answer.SupportedFeatures), { 'metadata.version': [7, 30] });
    const finalized = Object.fromEntries(
      answer.FinalizedFeatures.map((f) => [f.Name, [f.MinVersionLevel, f.MaxVersionLevel]]),
    );
    assert.deepEqual(finalized['mirror.version'], [1, 1]);
    assert.deepEqual(finalized['metadata.version'], [30, 30]);
    assert.ok(answer.FinalizedFeaturesEpoch >= 0n);
  });

  it('v4 reports mirror.version 0..1 among the supported features', async () => {
    const client = await fx.connect(fx.emulator.destination.bootstrap.split(',')[2] ?? '');
    const answer = await client.request(ApiVersions, 4, {
      ClientSoftwareName: 'kmirror',
      ClientSoftwareVersion: '0.1.0',
    });
    assert.deepEqual(features(answer.SupportedFeatures)['mirror.version'], [0, 1]);
    assert.deepEqual(features(answer.SupportedFeatures)['kraft.version'], [0, 1]);
  });

  it('answers an unknown ApiVersions version with error 35 in a v0 body naming its own range', async () => {
    const client = await fx.connect(fx.emulator.source.bootstrap);
    // A future v5 request as a newer client would send it: header v2, flexible body.
    const w = new ByteWriter();
    w.int32(0);
    w.int16(18);
    w.int16(5);
    w.int32(77);
    w.int16(4);
    w.raw(Buffer.from('test'));
    w.uvarint(0);
    w.uvarint(8);
    w.raw(Buffer.from('kmirror'));
    w.uvarint(6);
    w.raw(Buffer.from('0.1.0'));
    w.uvarint(0);
    w.patchInt32(0, w.pos - 4);
    client.writeRaw(w.toBuffer());
    const { correlationId, body } = decodeResponseFrame<ResponseOf<typeof ApiVersions>>(
      ApiVersions,
      0,
      await client.readFrame(),
    );
    assert.equal(correlationId, 77);
    assert.equal(body.ErrorCode, 35);
    assert.deepEqual(body.ApiKeys, [{ ApiKey: 18, MinVersion: 0, MaxVersion: 4 }]);
  });

  it('rejects an invalid client software name with INVALID_REQUEST', async () => {
    const client = await fx.connect(fx.emulator.source.bootstrap);
    const answer = await client.request(ApiVersions, 3, {
      ClientSoftwareName: '-bad name',
      ClientSoftwareVersion: '1',
    });
    assert.equal(answer.ErrorCode, 42);
    assert.deepEqual(answer.ApiKeys, []);
  });

  it('closes the connection on an unknown API key, as Kafka does', async () => {
    const client = await fx.connect(fx.emulator.source.bootstrap);
    const w = new ByteWriter();
    w.int32(0);
    w.int16(0); // Produce: not served by the emulator
    w.int16(9);
    w.int32(1);
    w.int16(-1);
    w.uvarint(0);
    w.patchInt32(0, w.pos - 4);
    client.writeRaw(w.toBuffer());
    assert.equal(await client.closedWithin(2000), true);
  });

  it('closes the connection on an unsupported version of another API', async () => {
    const client = await fx.connect(fx.emulator.source.bootstrap);
    const frame = Buffer.alloc(14);
    frame.writeInt32BE(10, 0);
    frame.writeInt16BE(3, 4); // Metadata
    frame.writeInt16BE(99, 6);
    frame.writeInt32BE(1, 8);
    frame.writeInt16BE(-1, 12);
    client.writeRaw(frame);
    assert.equal(await client.closedWithin(2000), true);
  });

  it('closes the connection when a frame announces more than the size limit', async () => {
    const client = await fx.connect(fx.emulator.source.bootstrap);
    const size = Buffer.alloc(4);
    size.writeInt32BE(200 * 1024 * 1024);
    client.writeRaw(size);
    assert.equal(await client.closedWithin(2000), true);
  });

  it('serves requests split across TCP writes and several requests in one write, in order', async () => {
    const client = await fx.connect(fx.emulator.source.bootstrap);
    const { encodeRequestFrame } = await import('../../../../src/lib/kafka/frames.js');
    const a = encodeRequestFrame(ApiVersions, 0, 11, 'x', {});
    const b = encodeRequestFrame(Metadata, 12, 12, 'x', { Topics: null, AllowAutoTopicCreation: false });
    const c = encodeRequestFrame(ApiVersions, 3, 13, 'x', { ClientSoftwareName: 'a', ClientSoftwareVersion: 'b' });
    const all = Buffer.concat([a, b, c]);
    for (let i = 0; i < a.length; i++) {
      client.writeRaw(all.subarray(i, i + 1));
      await new Promise((resolve) => setImmediate(resolve));
    }
    client.writeRaw(all.subarray(a.length));
    assert.equal(decodeResponseFrame(ApiVersions, 0, await client.readFrame()).correlationId, 11);
    assert.equal(decodeResponseFrame(Metadata, 12, await client.readFrame()).correlationId, 12);
    assert.equal(decodeResponseFrame(ApiVersions, 3, await client.readFrame()).correlationId, 13);
  });
});

describe('ApiVersions with mirroring disabled', () => {
  const fx = useEmulator({ mirroringDisabled: true });

  it('still advertises the mirror keys, but mirror.version is not finalized', async () => {
    const client = await fx.connect(fx.emulator.destination.bootstrap.split(',')[0] ?? '');
    const answer = await client.request(ApiVersions, 4, {
      ClientSoftwareName: 'kmirror',
      ClientSoftwareVersion: '0.1.0',
    });
    for (const key of MIRROR_KEYS) assert.deepEqual(keyRanges(answer).get(key), [0, 0]);
    assert.deepEqual(features(answer.SupportedFeatures)['mirror.version'], [0, 1]);
    assert.equal(
      answer.FinalizedFeatures.some((f) => f.Name === 'mirror.version'),
      false,
    );
    assert.equal(answer.FinalizedFeatures.find((f) => f.Name === 'metadata.version')?.MaxVersionLevel, 30);
  });

  it('answers a mirror RPC with UNSUPPORTED_VERSION', async () => {
    const client = await fx.connect(fx.emulator.destination.bootstrap.split(',')[0] ?? '');
    const answer = await client.request(ListClusterMirrors, 0, { IncludeTopicNames: false });
    assert.equal(answer.ErrorCode, 35);
    assert.deepEqual(answer.Mirrors, []);
  });
});

describe('ApiVersions on an old broker', () => {
  const fx = useEmulator({ oldBroker: 'destination' });

  it('advertises no mirror keys, CreateTopics up to v7 and no mirror.version', async () => {
    const client = await fx.connect(fx.emulator.destination.bootstrap.split(',')[0] ?? '');
    const answer = await client.request(ApiVersions, 4, {
      ClientSoftwareName: 'kmirror',
      ClientSoftwareVersion: '0.1.0',
    });
    const keys = keyRanges(answer);
    for (const key of MIRROR_KEYS) assert.equal(keys.has(key), false, `key ${key} should be absent`);
    assert.deepEqual(keys.get(CreateTopics.apiKey), [2, 7]);
    assert.equal(features(answer.SupportedFeatures)['mirror.version'], undefined);
    assert.deepEqual(features(answer.SupportedFeatures)['metadata.version'], [7, 27]);
    assert.equal(
      answer.FinalizedFeatures.some((f) => f.Name === 'mirror.version'),
      false,
    );
  });

  it('closes the connection when a mirror request arrives', async () => {
    const client = await fx.connect(fx.emulator.destination.bootstrap.split(',')[0] ?? '');
    client.sendRequest(ListClusterMirrors, 0, { IncludeTopicNames: false });
    assert.equal(await client.closedWithin(2000), true);
  });

  it('leaves the source (a prototype broker) alone', async () => {
    const client = await fx.connect(fx.emulator.source.bootstrap);
    const answer = await client.request(ApiVersions, 0, {});
    assert.equal(keyRanges(answer).has(99), true);
  });
});

describe('ApiVersions with remapped mirror API keys', () => {
  const apiKeys = new ApiKeyMap(new Map([['ListClusterMirrors', 120]]));
  const fx = useEmulator({ apiKeys });

  it('advertises and serves the mirror API under its remapped key', async () => {
    const client = await fx.connect(fx.emulator.source.bootstrap, { apiKeys });
    const keys = keyRanges(await client.request(ApiVersions, 0, {}));
    assert.deepEqual(keys.get(120), [0, 0]);
    assert.equal(keys.has(98), false);
    assert.equal((await client.request(ListClusterMirrors, 0, {})).ErrorCode, 0);
  });
});
