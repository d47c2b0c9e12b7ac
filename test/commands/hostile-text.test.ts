// Issue 10 item 4 end to end: a broker whose answers carry terminal escapes in every string (topic
// names, config keys and values, cluster ids, error messages) through the real commands. Text output
// shows them escaped on stdout and stderr; --json keeps the exact strings.

import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startEmulatedClusters, type EmulatedClusters, type FaultRule } from '../../src/lib/emulator/index.js';
import { errors } from '../../src/lib/kafka/error-codes.js';
import { hasUnsafeText } from '../../src/lib/text/terminal-safe.js';
import { HOSTILE_TEXT, withHostileStrings } from '../helpers/hostile-frames.js';
import { INSTANT_START } from '../helpers/emulator-timing.js';
import { jsonOf, runCli } from '../helpers/in-process-cli.js';
import { createMirror, startTopics } from './describe-setup.js';

// The stored bootstrap.servers comes back renamed too: groups reaches the source with this instead.
const SOURCE_CONFIG = join(mkdtempSync(join(tmpdir(), 'kmirror-hostile-')), 'source.properties');
const REWRITTEN = ['ListClusterMirrors', 'DescribeClusterMirrors', 'DescribeConfigs', 'DescribeCluster', 'Metadata'];

/** The first character of `text` that would act on a terminal (line breaks of kmirror's own layout aside). */
function unsafe(text: string): string | null {
  if (text.includes('«\n»')) return 'a broker newline';
  const found = [...text].find((c) => c !== '\n' && hasUnsafeText(c));
  return found === undefined ? null : `U+${found.codePointAt(0)?.toString(16).padStart(4, '0')}`;
}

describe('broker text with terminal escapes, through the commands', () => {
  let emulator: EmulatedClusters;
  let rules: FaultRule[] = [];
  const b = () => emulator.destination.bootstrap;
  before(async () => {
    emulator = await startEmulatedClusters({
      seed: 'hostile-text',
      destination: { nodes: 2 },
      demoTopics: true,
      growthPerSec: 0,
      timing: INSTANT_START,
    });
    writeFileSync(SOURCE_CONFIG, `bootstrap.servers=${emulator.source.bootstrap}\n`);
    createMirror(emulator, 'm1');
    startTopics(
      emulator,
      'm1',
      [...emulator.source.cluster.topics.values()].slice(0, 2).map((t) => t.name),
    );
  });
  after(async () => emulator.close());
  const hostile = (): void => {
    rules = emulator.destination.nodes.flatMap((n) =>
      REWRITTEN.map((api) => n.faults.mutateResponse(api, withHostileStrings())),
    );
  };
  const calm = (): void => {
    for (const rule of rules) rule.remove();
    rules = [];
  };

  const commands: readonly (readonly string[])[] = [
    ['list', '--include-topics'],
    ['describe'],
    ['describe', 'm1', '--partitions'],
    ['config', 'get', 'm1', '--all'],
    ['check'],
    ['check', 'm1'],
    ['delete', 'm1', '--dry-run'],
    ['pause', 'm1', '--pattern', '[\\s\\S]*', '--dry-run'],
    ['remove-topics', 'm1', '--pattern', '[\\s\\S]*', '--dry-run'],
    ['resume', 'm1', '--pattern', '[\\s\\S]*', '--dry-run'],
    ['groups', 'm1', '--source-config', SOURCE_CONFIG],
    ['promote', 'm1', '--pattern', '[\\s\\S]*', '--dry-run'],
  ];
  for (const args of commands) {
    it(`${args.join(' ')}: stdout and stderr show the broker's escapes as text`, async () => {
      hostile();
      try {
        const result = await runCli([...args, '-b', b(), '--timeout', '20s']);
        const shown = result.stdout + result.stderr;
        assert.equal(unsafe(result.stdout), null, `stdout:\n${JSON.stringify(result.stdout)}`);
        assert.equal(unsafe(result.stderr), null, `stderr:\n${JSON.stringify(result.stderr)}`);
        assert.ok(shown.includes('\\x1b[2J'), `the broker text is shown (escaped):\n${shown}`);
      } finally {
        calm();
      }
    });
  }

  it('list --json keeps the exact strings', async () => {
    hostile();
    try {
      const result = await runCli(['list', '--include-topics', '-b', b(), '--json']);
      assert.equal(result.code, 0, result.stderr);
      const doc = jsonOf(result) as { mirrors?: { topics: string[] }[] } | { topics: string[] }[];
      const mirrors = Array.isArray(doc) ? doc : (doc.mirrors ?? []);
      const topics = mirrors.flatMap((m) => m.topics);
      assert.ok(topics.length > 0);
      for (const topic of topics) assert.ok(topic.endsWith(HOSTILE_TEXT), JSON.stringify(topic));
    } finally {
      calm();
    }
  });

  it('a broker\'s error message: the Error line shows it escaped, the {"error"} document exactly', async () => {
    const node = emulator.destination.nodes[0];
    assert.ok(node);
    const message = `refused${HOSTILE_TEXT}`;
    for (const json of [false, true]) {
      const all = emulator.destination.nodes.map((n) =>
        n.faults.failWith('ListClusterMirrors', errors.CLUSTER_AUTHORIZATION_FAILED.code, { message, times: 5 }),
      );
      try {
        const result = await runCli(['list', '-b', b(), ...(json ? ['--json'] : [])]);
        assert.equal(result.code, 5, result.stderr);
        if (json) {
          const doc = jsonOf(result) as { error: { message: string } };
          assert.ok(doc.error.message.includes(message), JSON.stringify(doc.error.message));
        } else {
          assert.equal(unsafe(result.stderr), null, JSON.stringify(result.stderr));
          assert.match(result.stderr, /^Error: .*refused\\x1b\[2J\\x1b\]0;pwned\\x07/m);
        }
      } finally {
        for (const rule of all) rule.remove();
      }
    }
  });
});
