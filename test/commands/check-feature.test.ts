// `kmirror check --feature`: every mirror's stored configs and the feature dependencies judged at
// a proposed feature level, through the CLI against an emulator whose levels the test finalizes.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import { jsonOf, runCli } from '../helpers/in-process-cli.js';
import { assertMatchesSchema } from '../helpers/schema.js';
import { createMirror } from './describe-setup.js';

interface FeatureJson {
  featureChange: {
    changes: { feature: string; from: number; to: number }[];
    mirrors: number;
    invalid: unknown[];
    dependencies: { feature: string; requires: { feature: string; level: number } }[];
  } | null;
  brokers: { features: { mirrorVersion: number | null } }[];
}

describe('kmirror check --feature', () => {
  let emulator: EmulatedClusters;
  before(async () => {
    emulator = await startEmulatedClusters({
      seed: 'check-feature',
      destination: { nodes: 1, features: { 'mirror.version': 2 } },
      growthPerSec: 0,
    });
    createMirror(emulator, 'm1');
  });
  after(async () => emulator.close());
  const check = (...args: string[]) => runCli(['check', '-b', emulator.destination.bootstrap, ...args]);

  it(
    'reads the finalized level the emulator was given, and finds nothing invalid at another ' + 'mirror.version',
    async () => {
      const result = await check('--feature', 'mirror.version=3', '--json');
      assert.equal(result.code, 0, result.stderr);
      const doc = jsonOf(result) as FeatureJson;
      assert.equal(doc.brokers[0]?.features.mirrorVersion, 2);
      assert.deepEqual(doc.featureChange?.changes, [{ feature: 'mirror.version', from: 2, to: 3 }]);
      assert.equal(doc.featureChange?.mirrors, 1);
      assert.deepEqual(doc.featureChange?.invalid, []);
      assertMatchesSchema('check', doc);
      const text = await check('--feature', 'mirror.version=3');
      assert.match(text.stdout, /Feature change mirror\.version 2 → 3: 1 mirror\(s\) checked/);
      assert.match(text.stdout, /Nothing would be invalid at these levels\./);
    },
  );

  it('exits 1 and names the broken dependency when metadata.version would drop below 30', async () => {
    const result = await check('--feature', 'metadata.version=29');
    assert.equal(result.code, 1, result.stderr);
    assert.match(result.stdout, /mirror\.version 2 needs metadata\.version at least 30/);
    const json = await check('--feature', 'metadata.version=29', '--feature', 'mirror.version=1', '--json');
    assert.equal(json.code, 1);
    assert.deepEqual(
      (jsonOf(json) as FeatureJson).featureChange?.dependencies.map((d) => d.requires),
      [{ feature: 'metadata.version', level: 30 }],
    );
  });

  it('refuses a feature it does not validate configs for (exit 2, before sending)', async () => {
    const result = await check('--feature', 'group.version=1');
    assert.equal(result.code, 2);
    assert.match(result.stderr, /--feature: 'group.version' is not a feature kmirror validates configs for/);
  });
});
