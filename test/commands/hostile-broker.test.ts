// The real binary against a broker whose frames are broken on purpose: one line (or one
// {"error": …} document), exit 1, never a stack trace, never a wait for the timeout.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import { HOSTILE_FRAMES } from '../helpers/hostile-frames.js';
import { jsonOf, runCli } from '../helpers/cli.js';

const STACK = /\n\s+at |RangeError|TypeError|ERR_BUFFER_OUT_OF_BOUNDS/;

describe('kmirror against a broker that breaks framing', () => {
  let emulator: EmulatedClusters;
  before(async () => {
    emulator = await startEmulatedClusters({ seed: 'hostile-broker', destination: { nodes: 1 } });
  });
  after(async () => emulator.close());
  const faults = () => {
    const node = emulator.destination.nodes[0];
    assert.ok(node);
    return node.faults;
  };

  const names = [
    'size 0',
    'size -1',
    'size 0x7fffffff',
    'wrong correlation id',
    'duplicated frame',
    'bytes after the frame',
  ];
  for (const name of names) {
    for (const api of ['ApiVersions', 'ListClusterMirrors']) {
      it(`list --json, ${api} answered with ${name}: {"error": …} naming broker and API, exit 1`, async () => {
        const hostile = HOSTILE_FRAMES[name];
        assert.ok(hostile);
        const rule = faults().mutateResponse(api, hostile.mutate);
        try {
          const started = Date.now();
          const result = await runCli(['list', '-b', emulator.destination.bootstrap, '--json', '--timeout', '20s']);
          assert.ok(Date.now() - started < 10_000, 'not a wait for the timeout');
          assert.equal(result.code, 1, result.stderr);
          assert.equal(result.stderr, '');
          const doc = jsonOf(result) as { error: { message: string; exitCode: number } };
          assert.equal(doc.error.exitCode, 1);
          assert.match(doc.error.message, new RegExp(`broker 127\\.0\\.0\\.1:\\d+ sent a malformed ${api} response`));
          assert.doesNotMatch(result.stdout, STACK);
        } finally {
          rule.remove();
        }
      });
    }
  }

  it('text mode: one line on stderr, nothing on stdout', async () => {
    const rule = faults().mutateResponse('ApiVersions', () => Buffer.from([0, 0, 0, 0]));
    try {
      const result = await runCli(['describe', 'm1', '-b', emulator.destination.bootstrap, '--timeout', '20s']);
      assert.equal(result.code, 1);
      assert.equal(result.stdout, '');
      assert.doesNotMatch(result.stderr, STACK);
      assert.match(result.stderr, /sent a malformed ApiVersions response: frame size 0 is below the minimum/);
    } finally {
      rule.remove();
    }
  });
});
