// Issue 33: every --help fits one screen (≤ 40 lines of ≤ 80 columns): summary, usage, examples, the command's own
// flags one line each, one line pointing to `kmirror help connection`; --verbose keeps oclif's whole text.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { REPO_ROOT, runCli } from '../helpers/in-process-cli.js';

const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'oclif.manifest.json'), 'utf8')) as {
  commands: Record<string, { hidden?: boolean; appliesProfile?: unknown; savesConnection?: unknown }>;
};
// A row of a shared flag, as oclif's FLAGS sections print it.
const SHARED_FLAG_ROW =
  /^ {2}(-\w, | {4})--(bootstrap-server|command-config|sasl-mechanism|sasl-username|tls-ca|profile|timeout)\b/m;
const CONNECTION_POINTER = /^Shared flags \(-b, --profile, TLS, SASL, -o, --timeout\): kmirror help connection$/m;

describe('short --help', () => {
  it('every command id: at most 40 lines of at most 80 columns, no shared flag listed', async () => {
    for (const id of Object.keys(manifest.commands)) {
      const help = await runCli([...id.split(':'), '--help']);
      assert.equal(help.code, 0, `${id}: ${help.stderr}`);
      const lines = help.stdout.trimEnd().split('\n');
      assert.ok(lines.length <= 40, `${id} --help has ${lines.length} lines`);
      for (const line of lines) assert.ok([...line].length <= 80, `${id}: ${line}`);
      const flags = help.stdout.slice(Math.max(0, help.stdout.indexOf('\nFLAGS\n')));
      assert.doesNotMatch(flags, SHARED_FLAG_ROW, id);
      assert.doesNotMatch(help.stdout, /^SASL FLAGS$/m, id);
      assert.match(help.stdout, /^USAGE\n {2}kmirror .*\[FLAGS\]$/m, id);
    }
  });

  it('the connection pointer only for commands that reach a cluster (or save how to)', async () => {
    for (const [words, connects] of [
      [['describe'], true],
      [['profile', 'create'], true],
      [['version'], false],
      [['profile', 'list'], false],
      [['completion'], false],
    ] as const) {
      const help = await runCli([...words, '-h']);
      if (connects) assert.match(help.stdout, CONNECTION_POINTER, words.join(' '));
      else assert.doesNotMatch(help.stdout, /-b|help connection/, words.join(' '));
    }
  });

  it('the usage on one line, examples before the own flags, one line per flag', async () => {
    const help = (await runCli(['describe', '--help'])).stdout;
    assert.match(help, /^ {2}kmirror describe \[MIRROR\.\.\.\] \[FLAGS\]$/m);
    assert.ok(help.indexOf('EXAMPLES') < help.indexOf('FLAGS\n'));
    assert.match(help, /^ {2}-p, --topic-pattern <regex>\.\.\. +only topics/m);
    assert.match((await runCli(['pause', '--help'])).stdout, /^ {2}kmirror pause MIRROR \[FLAGS\]$/m);
  });

  it('--help --verbose and help --verbose: the whole text, shared flags and exit codes included', async () => {
    const verbose = await runCli(['pause', '--help', '--verbose']);
    assert.equal(verbose.code, 0, verbose.stderr);
    assert.match(verbose.stdout, /^SASL FLAGS$/m);
    assert.match(verbose.stdout, /^FLAG DESCRIPTIONS$/m);
    assert.match(verbose.stdout, /^EXIT CODES$/m);
    assert.equal((await runCli(['help', 'pause', '--verbose'])).stdout, verbose.stdout);
  });

  it('kmirror help connection: every shared flag with its variable, within 80 columns', async () => {
    const help = await runCli(['help', 'connection']);
    assert.equal(help.code, 0, help.stderr);
    for (const flag of [
      '-b, --bootstrap-server',
      '--tls-ca',
      '--sasl-mechanism',
      '--profile',
      '--timeout',
      '-o, --output',
    ])
      assert.ok(help.stdout.includes(flag), flag);
    assert.match(help.stdout, /\[env:\s+KMIRROR_SASL_MECHANISM\]/);
    for (const line of help.stdout.split('\n')) assert.ok([...line].length <= 80, line);
    assert.match((await runCli(['--help'])).stdout, /^ {2}connection {2}.*kmirror help connection/m);
  });

  it("kmirror help --help is the help command's help, not the list of commands", async () => {
    const help = await runCli(['help', '--help']);
    assert.match(help.stdout, /^ {2}kmirror help \[COMMAND\.\.\.\] \[FLAGS\]$/m);
    assert.doesNotMatch(help.stdout, /^COMMANDS$/m);
  });
});
