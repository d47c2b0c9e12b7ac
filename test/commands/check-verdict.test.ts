// `check`'s verdict rests on the eight admin mirror RPCs and mirror.version only: a broker that
// keeps the broker-internal RPCs (100, 101, 105) to itself is still usable, and with the admin
// keys but mirror.version 0 it is disabled, not unsupported.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import type { ApiDefinition } from '../../src/lib/kafka/definition.js';
import { decodeResponseFrame, encodeResponseFrame } from '../../src/lib/kafka/frames.js';
import { jsonOf, runCli } from '../helpers/cli.js';
import { INSTANT_START } from '../helpers/emulator-timing.js';

interface ApiVersionsBody {
  ApiKeys: { ApiKey: number }[];
  FinalizedFeatures: { Name: string }[];
}

function advertise(dropKeys: readonly number[], finalizeMirroring = true) {
  return (frame: Buffer, { api, version }: { api: ApiDefinition; version: number }): Buffer => {
    const { correlationId, body } = decodeResponseFrame<ApiVersionsBody>(api, version, frame.subarray(4));
    const edited: ApiVersionsBody = {
      ...body,
      ApiKeys: body.ApiKeys.filter((k) => !dropKeys.includes(k.ApiKey)),
      FinalizedFeatures: finalizeMirroring
        ? body.FinalizedFeatures
        : body.FinalizedFeatures.filter((f) => f.Name !== 'mirror.version'),
    };
    return encodeResponseFrame(api, version, correlationId, edited);
  };
}

interface CheckDoc {
  verdict: string;
  brokers: { verdict: string; apis: { apiKey: number; required: boolean; negotiated: number | null }[] }[];
}

describe('check verdict', () => {
  let emulator: EmulatedClusters;
  before(async () => {
    emulator = await startEmulatedClusters({ timing: INSTANT_START, seed: 'check-verdict', destination: { nodes: 2 } });
  });
  after(async () => emulator.close());
  async function checkWith(dropKeys: readonly number[], finalizeMirroring = true) {
    const rules = emulator.destination.nodes.map((n) =>
      n.faults.mutateResponse('ApiVersions', advertise(dropKeys, finalizeMirroring)),
    );
    try {
      const json = await runCli(['check', '-b', emulator.destination.bootstrap, '--json']);
      const text = await runCli(['check', '-b', emulator.destination.bootstrap]);
      return { json, doc: jsonOf(json) as CheckDoc, text };
    } finally {
      for (const rule of rules) rule.remove();
    }
  }

  it('usable without the broker-internal RPCs 100, 101, 105, ListOffsets and DescribeCluster', async () => {
    const { json, doc, text } = await checkWith([100, 101, 105, 2, 60]);
    assert.equal(json.code, 0, json.stdout);
    assert.equal(doc.verdict, 'usable');
    const apis = doc.brokers[0]?.apis ?? [];
    for (const key of [94, 95, 96, 98, 99, 102, 103, 104])
      assert.equal(apis.find((a) => a.apiKey === key)?.required, true, `key ${key} required`);
    for (const key of [100, 101, 105, 2, 60, 32, 44]) {
      const api = apis.find((a) => a.apiKey === key);
      assert.equal(api?.required, false, `key ${key} reported, not required`);
    }
    assert.equal(apis.find((a) => a.apiKey === 100)?.negotiated, null, 'reported as absent');
    assert.equal(text.code, 0);
    assert.match(text.stdout, /ReadMirrorStates\s+100\s+no\s+absent/);
    assert.match(text.stdout, /ListOffsets\s+2\s+no\s+absent/);
    assert.match(text.stdout, /Cluster mirroring is usable/);
  });

  it('disabled, not unsupported, with the admin keys but mirror.version 0', async () => {
    const { json, doc, text } = await checkWith([100, 101, 105], false);
    assert.equal(json.code, 4);
    assert.equal(doc.verdict, 'disabled');
    assert.match(text.stdout, /present but mirroring is disabled/);
  });

  it('unsupported when an admin RPC is missing', async () => {
    const { json, doc } = await checkWith([102]);
    assert.equal(json.code, 4);
    assert.equal(doc.verdict, 'unsupported');
  });
});
