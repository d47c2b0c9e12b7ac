// --protocol kip-draft against a prototype broker: the broker is not at fault, the dialect is, and the
// messages speak of KIP-1279 revision 57 (what an operator knows), not of "the seed".

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import { INSTANT_START } from '../helpers/emulator-timing.js';
import { jsonOf, runCli } from '../helpers/in-process-cli.js';

// Revision 57's RPCs numbered onto the keys where the prototype serves its own.
const PROTOTYPE_KEYS =
  'CreateMirror=94,AddTopicsToMirror=95,LastMirroredOffsets=97,ListMirrors=98,DescribeMirrors=99,' +
  'ReadMirrorStates=100,WriteMirrorStates=101';
const DRAFT = ['--protocol', 'kip-draft', '--api-keys', PROTOTYPE_KEYS, '--api-versions', 'DescribeConfigs=4'];

describe('--protocol kip-draft against a prototype broker', () => {
  let emulator: EmulatedClusters;
  before(async () => {
    emulator = await startEmulatedClusters({ seed: 'dialect-mismatch', timing: INSTANT_START });
  });
  after(async () => {
    await emulator.close();
  });

  it('a reply that does not decode suggests --protocol prototype instead of blaming the broker', async () => {
    for (const command of ['list', 'describe']) {
      const result = await runCli([command, '-b', emulator.destination.bootstrap, ...DRAFT]);
      assert.equal(result.code, 1, result.stderr);
      assert.match(result.stderr, /sent a malformed (ListMirrors|DescribeMirrors) response/);
      assert.match(
        result.stderr,
        /Hint: the broker most likely speaks the prototype's messages, .*--protocol prototype/,
      );
    }
  });

  it('an RPC revision 57 lacks: exit 4, worded as KIP-1279 revision 57, pointing to --protocol prototype', async () => {
    const result = await runCli([
      'pause',
      'm1',
      '--topic',
      'orders',
      '-b',
      emulator.destination.bootstrap,
      ...DRAFT,
      '--json',
    ]);
    assert.equal(result.code, 4, result.stderr);
    const error = (jsonOf(result) as { error: { message: string; hint: string } }).error;
    assert.match(
      error.message,
      /^PauseMirrorTopics is not part of KIP-1279 revision 57: KIP-1279 revision 57 has no pause/,
    );
    assert.match(error.hint, /--protocol prototype\)$/);
    assert.doesNotMatch(`${error.message} ${error.hint}`, /\bseed\b/);
  });
});
