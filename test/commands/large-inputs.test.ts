// Large inputs end to end: a 10,000-line --topics-file of topics the source does not have. Messages
// name the first 20 and count the rest (the JSON keeps every name); sending 10,000 names at once, like
// saving a pattern, needs a yes.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import { INSTANT_START } from '../helpers/emulator-timing.js';
import { jsonOf, runCli } from '../helpers/in-process-cli.js';
import { joinedRegex } from '../helpers/joined-regex.js';

const NAMES = Array.from({ length: 10_000 }, (_, i) => `missing-${String(i).padStart(5, '0')}`);

describe('a 10,000-line --topics-file', () => {
  let emulator: EmulatedClusters;
  let dir = '';
  let file = '';
  let dst = '';
  before(async () => {
    emulator = await startEmulatedClusters({ seed: 'large-inputs', growthPerSec: 0, timing: INSTANT_START });
    dst = emulator.destination.bootstrap;
    dir = mkdtempSync(join(tmpdir(), 'kmirror-large-'));
    file = join(dir, 'topics.txt');
    writeFileSync(file, `${NAMES.join('\n')}\n`);
    const created = await runCli(['create', 'big', '-b', dst, '--source-bootstrap', emulator.source.bootstrap]);
    assert.equal(created.code, 0, created.stderr);
  });
  after(async () => {
    await emulator.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('of missing topics: the error names 20 and counts the rest; the JSON lists all 10,000', async () => {
    const text = await runCli(['add-topics', 'big', '-b', dst, '--topics-file', file]);
    assert.equal(text.code, 6, text.stderr.slice(0, 2000));
    const error = text.stderr.split('\n').find((l) => l.startsWith('Error:')) ?? '';
    assert.match(
      error,
      joinedRegex([
        /topic\(s\) not found on the source cluster: missing-00000, missing-00001, .*, missing-00019, … and 9,980 /,
        /more; nothing was sent$/,
      ]),
    );
    assert.ok(error.length < 1_000, `one short line, not ${error.length} characters`);
    const json = await runCli(['add-topics', 'big', '-b', dst, '--topics-file', file, '--json']);
    assert.equal(json.code, 6);
    const doc = jsonOf(json) as { error?: unknown; skipped?: { topic: string }[] };
    // A partial document or an error document: either way no name is lost where a list is given.
    if (doc.skipped) assert.equal(doc.skipped.length, 10_000);
  });

  it(
    'with --allow-missing: 10,000 names at once need a yes; without a terminal, exit 2 and a ' + 'short preview',
    async () => {
      const refused = await runCli(['add-topics', 'big', '-b', dst, '--topics-file', file, '--allow-missing']);
      assert.equal(refused.code, 2, refused.stderr.slice(0, 2000));
      assert.match(refused.stderr, /refusing to start 10,000 topics at once in mirror 'big' without confirmation/);
      assert.match(refused.stderr, /… and 9,980 more topics \(all of them: --dry-run\)/);
      assert.ok(refused.stderr.length < 10_000, `a preview of 20 rows, not ${refused.stderr.length} characters`);
      assert.equal(emulator.destination.cluster.mirrors.configsOf('big')?.get('mirror.topics.include') ?? '', '');

      const sent = await runCli([
        'add-topics',
        'big',
        '-b',
        dst,
        '--topics-file',
        file,
        '--allow-missing',
        '--yes',
        '--json',
      ]);
      assert.equal(sent.code, 0, sent.stderr.slice(0, 2000));
      assert.equal((jsonOf(sent) as { added: unknown[] }).added.length, 10_000);
    },
  );
});
