// Short-lived states are waited for before a topic action refuses (issue 33 item 4): right after a config change
// the start-up FAILED (retry 1), right after a pause PAUSING. Each state here lasts 4 s (the wait is up to 5 s).

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Deadline } from '../../src/lib/cli/command/deadline.js';
import { startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import { createClient } from '../../src/lib/kafka/connect.js';
import { PauseMirrorTopics } from '../../src/lib/kafka/messages/index.js';
import { runCli } from '../helpers/in-process-cli.js';
import { createMirror, startTopics, statesOf, waitFor } from './topic-actions-setup.js';

const PASSING_MS = 4_000;

describe('topic actions wait for passing states', () => {
  let emulator: EmulatedClusters;
  before(async () => {
    emulator = await startEmulatedClusters({
      timing: { startupFailureMs: PASSING_MS, pausingMs: PASSING_MS },
      seed: 'passing',
      demoTopics: true,
      growthPerSec: 0,
    });
    await createMirror(emulator, 'm1');
    await startTopics(emulator, 'm1', ['orders']);
  });
  after(async () => {
    await emulator.close();
  });
  const bootstrap = () => emulator.destination.bootstrap;

  it('pause right after config set: waits out the start-up FAILED, then pauses (one line says so)', async () => {
    const set = await runCli(['config', 'set', 'm1', '-b', bootstrap(), 'mirror.fetch.backoff.ms=500', '--yes']);
    assert.equal(set.code, 0, set.stderr);
    assert.ok(statesOf(emulator, 'orders').includes('FAILED'), statesOf(emulator, 'orders').join());
    const result = await runCli(['pause', 'm1', '-b', bootstrap(), '-t', 'orders', '--wait', '20s']);
    assert.equal(result.code, 0, result.stdout + result.stderr);
    assert.match(result.stderr, /^Waiting up to 5 s for orders \(\d FAILED\): states the broker leaves by itself/m);
    assert.match(result.stdout, /^Paused mirroring for 1 topic\(s\) in mirror m1: orders$/m);
    await waitFor('orders PAUSED', () => statesOf(emulator, 'orders').every((s) => s === 'PAUSED'));
  });

  it('resume right after a pause: waits out PAUSING, then resumes', async () => {
    await sendResume(emulator);
    await waitFor('orders MIRRORING', () => statesOf(emulator, 'orders').every((s) => s === 'MIRRORING'));
    await sendPause(emulator);
    await waitFor('orders PAUSING', () => statesOf(emulator, 'orders').includes('PAUSING'));
    const result = await runCli(['resume', 'm1', '-b', bootstrap(), '-t', 'orders']);
    assert.equal(result.code, 0, result.stdout + result.stderr);
    assert.match(result.stderr, /^Waiting up to 5 s for orders \(\d PAUSING\)/m);
    assert.match(result.stdout, /^Resumed mirroring for 1 topic\(s\) in mirror m1: orders$/m);
  });
});

async function withClient(emulator: EmulatedClusters, use: (c: ReturnType<typeof createClient>) => Promise<void>) {
  const client = createClient(
    { bootstrap: emulator.destination.bootstrap.split(','), clientId: 'passing' },
    new Deadline(20_000),
  );
  try {
    await use(client);
  } finally {
    await client.close();
  }
}

async function sendPause(emulator: EmulatedClusters): Promise<void> {
  await withClient(emulator, async (client) => {
    const answer = await client.send(PauseMirrorTopics, { MirrorName: 'm1', Topics: [{ TopicName: 'orders' }] });
    assert.equal(answer.ErrorCode, 0);
  });
}

async function sendResume(emulator: EmulatedClusters): Promise<void> {
  const result = await runCli(['resume', 'm1', '-b', emulator.destination.bootstrap, '-t', 'orders']);
  assert.equal(result.code, 0, result.stdout + result.stderr);
}
