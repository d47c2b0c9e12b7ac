// On the real prototype 145 (INVALID_CLUSTER_MIRROR_STATES) answers almost every state conflict, so
// the broker's own text is often the only detail: pause, add-topics and remove-topics keep it, as
// delete does.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import { jsonOf, runCli } from '../helpers/cli.js';
import { createMirror, engineStates, startTopics, waitFor } from './describe-setup.js';
import { INSTANT_START } from '../helpers/emulator-timing.js';

const SAID = 'partition orders-1 is in state FAILED, expected MIRRORING';

describe("the broker's text for 145", () => {
  let emulator: EmulatedClusters;
  before(async () => {
    emulator = await startEmulatedClusters({
      timing: INSTANT_START,
      seed: 'text-145',
      demoTopics: true,
      growthPerSec: 0,
    });
    createMirror(emulator, 'm1');
    startTopics(emulator, 'm1', ['orders']);
    await waitFor('orders MIRRORING', () => engineStates(emulator, 'orders').every((s) => s === 'MIRRORING'));
  });
  after(async () => emulator.close());

  const cases: readonly [string, string, readonly string[]][] = [
    ['pause', 'PauseMirrorTopics', ['pause', 'm1', '--topic', 'orders']],
    ['remove-topics', 'StopMirrorTopics', ['remove-topics', 'm1', '--topic', 'orders', '--yes']],
    ['add-topics', 'StartMirrorTopics', ['add-topics', 'm1', '--topic', 'payments', '--yes']],
  ];
  for (const [name, api, args] of cases) {
    it(`${name}: the refusal says what the broker said, in text and in --json`, async () => {
      const rules = emulator.destination.nodes.map((n) => n.faults.failWith(api, 145, { message: SAID, times: 2 }));
      try {
        const text = await runCli([...args, '-b', emulator.destination.bootstrap]);
        assert.equal(text.code, 1, text.stderr);
        assert.ok(text.stderr.includes(`(broker: ${SAID})`), text.stderr);
        const json = await runCli([...args, '-b', emulator.destination.bootstrap, '--json']);
        const doc = jsonOf(json) as { error: { message: string; kafkaError: { code: number } } };
        assert.equal(doc.error.kafkaError.code, 145);
        assert.ok(doc.error.message.includes(SAID), doc.error.message);
      } finally {
        for (const rule of rules) rule.remove();
      }
    });
  }
});
