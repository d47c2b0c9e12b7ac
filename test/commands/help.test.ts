// kmirror help: our own command (issue 12 dropped @oclif/plugin-help, whose plugin loading cost a fifth of
// each start beyond Node's): the same text as --help, the root help with its exit codes, kmirror's errors.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { jsonOf, runCli } from '../helpers/in-process-cli.js';

describe('kmirror help', () => {
  it("prints a command's --help text, for commands under a topic too", async () => {
    for (const words of [['describe'], ['config', 'get'], ['profile', 'create']]) {
      const help = await runCli(['help', ...words]);
      const flag = await runCli([...words, '--help']);
      assert.equal(help.code, 0, help.stderr);
      assert.equal(help.stdout, flag.stdout, words.join(' '));
      assert.match(help.stdout, /^USAGE$/m);
    }
  });

  it('without a command: every command and the exit codes, as kmirror --help', async () => {
    const help = await runCli(['help']);
    assert.equal(help.stdout, (await runCli(['--help'])).stdout);
    assert.match(help.stdout, /^ {2}config get|^ {2}config {3}/m);
    assert.match(help.stdout, /^EXIT CODES$/m);
    assert.match(help.stdout, /^ {2}help {11}Display help for kmirror\.$/m);
  });

  it('leaves the commands it showed findable (oclif renames them in place: config:get → config get)', async () => {
    assert.equal((await runCli(['help', 'config', 'get'])).code, 0);
    assert.equal((await runCli(['help', '--nested-commands'])).code, 0);
    const after = await runCli(['config', 'get', '--help']);
    assert.equal(after.code, 0, after.stdout + after.stderr);
    assert.match(after.stdout, /^ {2}kmirror config get MIRROR/m);
  });

  it('--json carries the text; an unknown command is a usage error with a hint', async () => {
    const doc = jsonOf(await runCli(['help', 'config', 'get', '--json'])) as { subject: string; text: string };
    assert.equal(doc.subject, 'config get');
    assert.equal(doc.text, (await runCli(['config', 'get', '--help'])).stdout);
    const unknown = await runCli(['help', 'nosuch']);
    assert.equal(unknown.code, 2);
    assert.equal(unknown.stdout, '');
    assert.match(unknown.stderr, /'nosuch' is no kmirror command or topic/);
    assert.match(unknown.stderr, /Hint: 'kmirror help' lists every command/);
  });
});
