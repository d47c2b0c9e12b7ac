// The conventions an operator expects of a CLI, end to end: -h, a version command (and --version
// --json) with the dialect, "did you mean" for a mistyped flag or command (never running a guess),
// --dry-run on config set (--validate-only kept), --pattern and --include as one flag.

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import { runCli as runBinary } from '../helpers/cli.js';
import { INSTANT_START } from '../helpers/emulator-timing.js';
import { jsonOf, runCli } from '../helpers/in-process-cli.js';

describe('CLI conventions', () => {
  let emulator: EmulatedClusters;
  let dst = '';
  before(async () => {
    emulator = await startEmulatedClusters({
      seed: 'conventions',
      growthPerSec: 0,
      timing: INSTANT_START,
      demoTopics: [{ name: 'orders-eu', partitions: 1, initialOffset: 5n }],
    });
    dst = emulator.destination.bootstrap;
    const created = await runCli(['create', 'm1', '-b', dst, '--source-bootstrap', emulator.source.bootstrap]);
    assert.equal(created.code, 0, created.stderr);
  });
  after(async () => emulator.close());

  it('-h is --help, for kmirror and for a command', async () => {
    const root = await runCli(['-h']);
    assert.equal(root.code, 0, root.stderr);
    assert.match(root.stdout, /^USAGE$/m);
    const describeHelp = await runCli(['describe', '-h']);
    assert.equal(describeHelp.code, 0, describeHelp.stderr);
    assert.match(describeHelp.stdout, /Show the partitions of cluster mirrors/);
    assert.match(describeHelp.stdout, /--topic-pattern/);
  });

  it(
    'version and --version --json: kmirror, Node, oclif, the protocol dialect and API keys, the ' + 'pattern dialect',
    async () => {
      const text = await runCli(['version']);
      assert.equal(text.code, 0, text.stderr);
      assert.match(text.stdout, /^kmirror\/0\.1\.0 \S+ node-v\d+/);
      assert.match(text.stdout, /^oclif 4\.\d+\.\d+, Node\.js v\d+/m);
      const json = await runBinary(['--version', '--json', '--api-keys', 'DescribeClusterMirrors=120']);
      assert.equal(json.code, 0, json.stderr);
      const doc = jsonOf(json) as {
        node: string;
        oclif: string;
        version: string;
        dialect: { protocol: string; title: string; apiKeys: Record<string, number>; patterns: string };
      };
      assert.equal(doc.node, process.version);
      assert.match(doc.oclif, /^4\./);
      assert.equal(doc.dialect.protocol, 'prototype');
      assert.equal(doc.dialect.title, 'the prototype');
      assert.equal(doc.dialect.apiKeys.DescribeClusterMirrors, 120, '--api-keys shows');
      assert.equal(doc.dialect.apiKeys.CreateClusterMirror, 94);
      assert.equal(doc.dialect.patterns, 'java.util.regex');
      // A broken profiles file does not stop `version`: it answers without the profile.
      const home = mkdtempSync(join(tmpdir(), 'kmirror-broken-profiles-'));
      mkdirSync(join(home, 'kmirror'));
      writeFileSync(join(home, 'kmirror', 'profiles.yaml'), 'profiles: [not, a, mapping\n');
      const broken = await runCli(['version', '--json'], { env: { XDG_CONFIG_HOME: home } });
      assert.equal(broken.code, 0, broken.stderr);
      const brokenDoc = jsonOf(broken) as { dialect: { protocol: string }; warnings: string[] };
      assert.equal(brokenDoc.dialect.protocol, 'prototype');
      assert.match(brokenDoc.warnings.join('\n'), /the profiles file cannot be read, so no profile applies here/);
      assert.equal(broken.stderr, '', 'under --json the warning is in the document only');
      const brokenText = await runCli(['version'], { env: { XDG_CONFIG_HOME: home } });
      assert.match(brokenText.stderr, /^Warning: the profiles file cannot be read/m);
      // The quick path still answers plain --version without loading oclif.
      const plain = await runBinary(['--version']);
      assert.match(plain.stdout, /^kmirror\/0\.1\.0 \S+ node-v\S+\n$/);
    },
  );

  it('a mistyped flag: exit 2 and the flag that was meant', async () => {
    const servers = await runCli(['list', '--bootstrap-servers', dst]);
    assert.equal(servers.code, 2);
    assert.match(servers.stderr, /Error: unknown flag --bootstrap-servers\nHint: did you mean --bootstrap-server\?/);
    const source = await runCli(['create', 'm2', '--source-bootstrap-server', dst]);
    assert.equal(source.code, 2);
    assert.match(source.stderr, /did you mean --source-bootstrap\?/);
    const missing = await runCli(['create', '-b', dst]);
    assert.equal(missing.code, 2);
    assert.doesNotMatch(missing.stderr, /allow multiple values/, 'no note about flags that were not given');
    const yes = await runCli(['list', '-b', dst, '--yes']);
    assert.equal(yes.code, 2);
    assert.match(yes.stderr, /Error: unknown flag --yes\nHint: kmirror list asks for no confirmation; leave --yes out/);
    const short = await runCli(['list', '-b', dst, '--tsl']);
    assert.equal(short.code, 2);
    assert.match(short.stderr, /did you mean --tls\?/, 'a short name one edit away still gets its flag');
  });

  it('a mistyped command: exit 2 naming the command meant, and nothing is run (not even with --yes)', async () => {
    const typo = await runCli(['delet', 'm1', '-b', dst, '--yes']);
    assert.equal(typo.code, 2, typo.stderr);
    assert.match(typo.stderr, /Error: 'delet' is not a kmirror command\nHint: did you mean 'kmirror delete'\?/);
    assert.ok(emulator.destination.cluster.mirrors.exists('m1'), 'the mirror was not deleted');
    const json = await runCli(['config', 'gett', 'm1', '--json']);
    assert.equal(json.code, 2);
    assert.match((jsonOf(json) as { error: { hint: string } }).error.hint, /did you mean 'kmirror config get'\?/);
  });

  it('config set --dry-run lets the broker check and changes nothing; --validate-only is the same flag', async () => {
    for (const flag of ['--dry-run', '--validate-only']) {
      const result = await runCli(['config', 'set', 'm1', 'mirror.fetch.max.bytes=4194304', flag, '-b', dst, '--json']);
      assert.equal(result.code, 0, result.stderr);
      assert.equal((jsonOf(result) as { validateOnly: boolean }).validateOnly, true, flag);
      assert.notEqual(emulator.destination.cluster.mirrors.configsOf('m1')?.get('mirror.fetch.max.bytes'), '4194304');
    }
  });

  it('--pattern and --include are one flag on create and on add-topics', async () => {
    const created = await runCli([
      'create',
      'm3',
      '-b',
      dst,
      '--source-bootstrap',
      emulator.source.bootstrap,
      '--pattern',
      'orders-.*',
      '--dry-run',
      '--json',
    ]);
    assert.equal(created.code, 0, created.stderr);
    assert.equal((jsonOf(created) as { config: Record<string, string> }).config['mirror.topics.include'], 'orders-.*');
    const added = await runCli(['add-topics', 'm1', '-b', dst, '--include', 'orders-.*', '--dry-run', '--json']);
    assert.equal(added.code, 0, added.stderr);
    assert.deepEqual((jsonOf(added) as { patterns: { include: string[] } }).patterns.include, ['orders-.*']);
  });
});
