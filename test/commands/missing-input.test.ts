// Issue 33 item 2: a missing argument or flag is one line saying what is missing, then the usage line and one
// example, exit 2 (oclif's text printed a literal \n and "The following error occurred").

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { jsonOf, runCli } from '../helpers/in-process-cli.js';

describe('missing arguments and flags', () => {
  for (const [words, missing, usage] of [
    [['pause'], 'missing argument MIRROR (name of the mirror)', 'kmirror pause MIRROR [FLAGS]'],
    [['create'], 'missing argument MIRROR (name of the new mirror)', 'kmirror create MIRROR [FLAGS]'],
    [['profile', 'create'], 'missing argument NAME (profile name)', 'kmirror profile create NAME [FLAGS]'],
    [['completion'], 'missing argument SHELL (bash|zsh|fish: the shell)', 'kmirror completion SHELL [FLAGS]'],
    [['failback', 'm3'], 'missing flag --to (the OLD SOURCE cluster', 'kmirror failback MIRROR [FLAGS]'],
  ] as const) {
    it(`${words.join(' ')}: what is missing, the usage line, an example; exit 2`, async () => {
      const result = await runCli(words);
      assert.equal(result.code, 2, result.stderr);
      const lines = result.stderr.trimEnd().split('\n');
      assert.equal(lines.length, 2, result.stderr);
      assert.ok(lines[0]?.startsWith(`Error: ${missing}`), lines[0]);
      assert.doesNotMatch(result.stderr, /\\n|following error/);
      const example = new RegExp(
        `^Hint: usage: ${usage.replace(/[[\].|]/g, '\\$&')}; for example: .*kmirror ${words[0]} `,
      );
      assert.match(lines[1] ?? '', example);
    });
  }

  it('--json carries the same message and hint', async () => {
    const doc = jsonOf(await runCli(['pause', '--json'])) as { error: { message: string; hint: string } };
    assert.equal(doc.error.message, 'missing argument MIRROR (name of the mirror)');
    assert.match(doc.error.hint, /^usage: kmirror pause MIRROR \[FLAGS\]; for example: kmirror pause m1 /);
  });
});
