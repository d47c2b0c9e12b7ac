// `kmirror promote` when --timeout runs out after the stop was sent: the report says what was stopped
// and what not, and the command that finishes the job (a file of its own: its clusters stop slowly).

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import type { PromoteJson } from '../../src/commands/promote.js';
import { jsonOf, runCli } from '../helpers/in-process-cli.js';
import type { Parsed } from '../helpers/cli.js';
import { assertMatchesSchema } from '../helpers/schema.js';
import { INSTANT_START } from '../helpers/emulator-timing.js';
import { createMirror, startTopics, statesOf } from './topic-actions-setup.js';

type Json = Parsed<PromoteJson>;

describe('kmirror promote: --timeout after the stop was sent', () => {
  let emulator: EmulatedClusters;
  before(async () => {
    // STOPPING takes a minute here, so the wait for STOPPED outlives the command's budget.
    emulator = await startEmulatedClusters({ seed: 'promote-slow', timing: { ...INSTANT_START, stoppingMs: 60_000 } });
    emulator.source.cluster.createTopic('slow', { partitions: 2, initialOffset: 10n });
    await createMirror(emulator, 'm1');
    await startTopics(emulator, 'm1', ['slow']);
  });
  after(async () => emulator.close());

  it(
    'exits 124 with the report: the stop was sent, nothing confirmed STOPPED yet, and the ' +
      'command that finishes the job',
    async () => {
      const result = await runCli([
        'promote',
        'm1',
        '-b',
        emulator.destination.bootstrap,
        '--topic',
        'slow',
        '--quiet-period',
        '300ms',
        '--yes',
        '--timeout',
        '8s',
        '--json',
      ]);
      assert.equal(result.code, 124, result.stderr);
      const doc = jsonOf(result) as Json;
      assertMatchesSchema('promote', doc);
      assert.equal(doc.stopSent, true);
      assert.equal(doc.complete, false);
      assert.deepEqual(doc.stopped, []);
      assert.deepEqual(doc.notStopped, ['slow']);
      assert.match(doc.interruption ?? '', /timed out after 8s/);
      assert.deepEqual(
        doc.topics[0]?.partitions.map((p) => p.state),
        ['STOPPING', 'STOPPING'],
      );
      assert.match(doc.finishCommand ?? '', /^kmirror remove-topics m1 --topic slow --yes -b \S+ --wait 2m$/);
      assert.deepEqual(statesOf(emulator, 'slow'), ['STOPPING', 'STOPPING']);
    },
  );

  it('in text: says what was stopped and what not, and prints the finishing command', async () => {
    emulator.source.cluster.createTopic('slow2', { partitions: 1, initialOffset: 10n });
    await startTopics(emulator, 'm1', ['slow2']);
    const result = await runCli(
      ['promote', 'm1', '-b', emulator.destination.bootstrap, '--topic', 'slow2', '--quiet-period', '300ms'].concat([
        '--yes',
        '--timeout',
        '6s',
      ]),
    );
    assert.equal(result.code, 124, result.stderr);
    assert.match(result.stdout, /^Promote of mirror m1 ended after the stop was sent: timed out after 6s/m);
    assert.match(result.stdout, /^ {2}Stopped: {5}none confirmed$/m);
    assert.match(result.stdout, /^ {2}Not stopped: slow2$/m);
    assert.match(
      result.stdout,
      /^To finish the job:\n {2}kmirror remove-topics m1 --topic slow2 --yes -b \S+ --wait 2m$/m,
    );
  });
});
