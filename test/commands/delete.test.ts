import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { stripVTControlCharacters } from 'node:util';
import { startEmulatedClusters } from '../../src/lib/emulator/index.js';
import type { EmulatedClusters, FaultRule } from '../../src/lib/emulator/index.js';
import type { KafkaClient } from '../../src/lib/kafka/client.js';
import { type CliResult, REPO_ROOT, jsonOf, runCli, testEnv } from '../helpers/in-process-cli.js';
import { INSTANT_START } from '../helpers/emulator-timing.js';
import { assertMatchesSchema } from '../helpers/schema.js';
import { aclEmulatorOptions, asUser, mirrorNames, protocolClient, setUpMirror } from './mirror-protocol-setup.js';
import { joinedRegex } from '../helpers/joined-regex.js';
import { DELETE_SAFE_ORDER } from '../../src/lib/mirror/lifecycle/delete-read-only.js';

interface DeleteJson {
  mirror: string;
  deleted: boolean;
  dryRun: boolean;
  topics: { topic: string; state: string; partitions: Record<string, number>; active: boolean }[];
  refusal: {
    toStop: string[];
    settling: string[];
    paused: string[];
    failed: string[];
    removeTopicsCommand: string | null;
  } | null;
  confirmedGone: boolean | null;
  readOnlyAfterDelete: { topics: string[]; partitions: number; safeOrder: string } | null;
}

interface ErrorJson {
  error: { exitCode: number; kafkaError: { code: number; name: string } | null; message: string; hint: string | null };
}

/** util-linux script(1) gives the CLI a real terminal; other systems' script takes other options. */
function hasUtilLinuxScript(): boolean {
  try {
    return /util-linux/.test(
      execFileSync('script', ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
    );
  } catch {
    return false;
  }
}

const shellWord = (word: string): string => `'${word.replaceAll("'", `'\\''`)}'`;

/** Runs the binary on a pseudo-terminal (CI unset, so it may prompt) and types `typed` + Enter. */
function runInTerminal(args: readonly string[], typed: string, env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const command = [process.execPath, join(REPO_ROOT, 'bin', 'run.cjs'), ...args].map(shellWord).join(' ');
    const child = spawn('script', ['-qec', command, '/dev/null'], {
      env: testEnv({ ...env, CI: undefined }),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      // The terminal merges stdout and stderr.
      resolve({ code, stdout: stripVTControlCharacters(stdout), stderr: '' });
    });
    // The terminal buffers what is typed until the prompt reads it.
    child.stdin.end(`${typed}\r`);
  });
}

describe('kmirror delete', () => {
  let emulator: EmulatedClusters | undefined;
  let admin: KafkaClient | undefined;
  /** API names of every request the destination received, in order. */
  const requests: string[] = [];

  before(async () => {
    emulator = await startEmulatedClusters({
      ...aclEmulatorOptions('delete-tests'),
      timing: INSTANT_START,
      onWire: (event) => {
        if (event.cluster === 'destination' && event.direction === 'request') requests.push(event.apiName);
      },
    });
    admin = protocolClient(emulator);
  });
  after(async () => {
    await admin?.close();
    await emulator?.close();
  });

  const env = (): EmulatedClusters => {
    if (!emulator) throw new Error('emulator not started');
    return emulator;
  };
  const client = (): KafkaClient => {
    if (!admin) throw new Error('client not started');
    return admin;
  };
  const run = (
    user: Parameters<typeof asUser>[1],
    args: readonly string[],
    options: { env?: Record<string, string> } = {},
  ) => {
    const as = asUser(env(), user);
    return runCli([...args, ...as.args], { env: { ...as.env, ...options.env } });
  };

  it('deletes a mirror whose topics are all STOPPED, shows them first, and the list no longer has it', async () => {
    await setUpMirror(client(), env(), 'happy', { stopped: ['happy-a', 'happy-b'] });
    const result = await run('admin', ['delete', 'happy', '--yes']);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^Mirror happy has 2 topics:$/m);
    assert.match(result.stdout, /^happy-a +STOPPED +2 STOPPED +ok$/m);
    assert.match(result.stdout, /^happy-b +STOPPED +2 STOPPED +ok$/m);
    assert.match(result.stdout, /^Deleted mirror happy$/m);
    // The emulator advertises the prototype's keys 94-105, so the prototype's read-only-after-delete is named.
    assert.match(
      result.stdout,
      joinedRegex([
        /Warning: deleting mirror 'happy' makes its 2 STOPPED topic\(s\) \(4 partition\(s\): happy-a, happy-b\), /,
        /which take writes now, refuse them \(READ_ONLY_TOPIC\) until the destination brokers are restarted /,
        /.*The safe order: keep the stopped mirror until a restart window/,
      ]),
    );
    assert.ok(!(await mirrorNames(client())).includes('happy'));
    // What it said: the topics refuse writes now, and a restart of the brokers lifts it.
    assert.throws(() => env().destination.cluster.produce('happy-a', 0, 1), /READ_ONLY_TOPIC/);
    env().destination.cluster.restartBrokers();
    assert.doesNotThrow(() => env().destination.cluster.produce('happy-a', 0, 1));
    const listed = await run('admin', ['list', '--json']);
    assert.equal(listed.code, 0, listed.stderr);
    assert.ok(!JSON.stringify(jsonOf(listed)).includes('"happy"'), 'kmirror list no longer shows the mirror');
  });

  it('--json --wait: one document matching the schema, with the topics and the mirror confirmed gone', async () => {
    await setUpMirror(client(), env(), 'happy-json', { stopped: ['happy-json-a'] });
    const result = await run('admin', ['delete', 'happy-json', '--yes', '--json', '--wait', '10s']);
    assert.equal(result.code, 0, result.stderr);
    const doc = jsonOf(result) as DeleteJson;
    assertMatchesSchema('delete', doc);
    assert.equal(doc.deleted, true);
    assert.equal(doc.dryRun, false);
    assert.equal(doc.confirmedGone, true);
    assert.equal(doc.refusal, null);
    assert.deepEqual(doc.topics, [
      { topic: 'happy-json-a', state: 'STOPPED', partitions: { STOPPED: 2 }, active: false },
    ]);
    assert.ok(!(await mirrorNames(client())).includes('happy-json'));
  });

  it('refuses when a topic is not STOPPED, lists it and prints the exact remove-topics command (exit 1)', async () => {
    await setUpMirror(client(), env(), 'busy', { stopped: ['busy-done'], mirroring: ['busy-live'] });
    const sent = requests.length;
    const result = await run('admin', ['delete', 'busy', '--yes']);
    assert.equal(result.code, 1, result.stderr);
    assert.match(result.stdout, /^busy-live +MIRRORING +2 MIRRORING +stop it first$/m, result.stderr);
    assert.match(result.stdout, /^busy-done +STOPPED +2 STOPPED +ok$/m);
    const command =
      `kmirror remove-topics busy --topic busy-live --yes -b ${env().destination.bootstrap} ` +
      `--sasl-mechanism plain --sasl-username admin`;
    // What happened and why once, then the one next command: the table, an error line and a hint line.
    assert.equal(result.stdout.trimEnd().split('\n').length, 4, result.stdout);
    assert.equal(
      result.stderr,
      "Error: mirror 'busy' was not deleted: the broker deletes a mirror only when every topic is STOPPED, not so " +
        'for busy-live (MIRRORING)\nHint: stop it (its destination topic becomes writable), then delete again: ' +
        `${command}\n`,
    );
    assert.ok(!requests.slice(sent).includes('DeleteClusterMirror'), 'nothing was sent');
    assert.ok((await mirrorNames(client())).includes('busy'));

    const json = await run('admin', ['delete', 'busy', '--yes', '--json']);
    assert.equal(json.code, 1);
    const doc = jsonOf(json) as DeleteJson;
    assertMatchesSchema('delete', doc);
    assert.equal(doc.deleted, false);
    assert.deepEqual(doc.refusal?.toStop, ['busy-live']);
    assert.equal(doc.refusal?.removeTopicsCommand, command);
    assert.deepEqual(
      doc.topics.map((t) => [t.topic, t.state, t.active]),
      [
        ['busy-done', 'STOPPED', false],
        ['busy-live', 'MIRRORING', true],
      ],
    );
  });

  it('without a terminal and without --yes exits 2 naming --yes, and deletes nothing', async () => {
    await setUpMirror(client(), env(), 'ask', { stopped: ['ask-a'] });
    const sent = requests.length;
    const result = await run('admin', ['delete', 'ask']);
    assert.equal(result.code, 2, result.stderr);
    assert.match(
      result.stderr,
      /refusing to delete mirror 'ask' \(making 1 topic\(s\) read-only until a rolling restart\) without confirmation/,
    );
    assert.match(result.stderr, /--yes/);
    assert.ok(!requests.slice(sent).includes('DeleteClusterMirror'));
    assert.ok((await mirrorNames(client())).includes('ask'));

    const json = await run('admin', ['delete', 'ask', '--json']);
    assert.equal(json.code, 2);
    assert.equal((jsonOf(json) as ErrorJson).error.exitCode, 2);

    const yes = await run('admin', ['delete', 'ask', '--yes']);
    assert.equal(yes.code, 0, yes.stderr);
    assert.ok(!(await mirrorNames(client())).includes('ask'));
  });

  describe(
    'on a terminal: type the mirror name to confirm',
    { skip: hasUtilLinuxScript() ? false : 'needs util-linux script(1) for a pseudo-terminal' },
    () => {
      it('the right name deletes the mirror', async () => {
        await setUpMirror(client(), env(), 'typed', { stopped: ['typed-a'] });
        const as = asUser(env(), 'admin');
        const result = await runInTerminal(['delete', 'typed', ...as.args], 'typed', as.env);
        assert.equal(result.code, 0, result.stdout);
        assert.match(
          result.stdout,
          /On 127\.0\.0\.1:\d+\S*: 1 topic\(s\) become\s+read-only until a rolling restart\. Type the mirror name/,
        );
        assert.match(result.stdout, /Deleted mirror typed/);
        assert.ok(!(await mirrorNames(client())).includes('typed'));
      });

      it('another name aborts with exit 1 and deletes nothing', async () => {
        await setUpMirror(client(), env(), 'typo', { stopped: ['typo-a'] });
        const sent = requests.length;
        const as = asUser(env(), 'admin');
        const result = await runInTerminal(['delete', 'typo', ...as.args], 'typo2', as.env);
        assert.equal(result.code, 1, result.stdout);
        assert.match(result.stdout, /Error: the name typed does not match 'typo'; nothing was deleted/);
        assert.ok(!requests.slice(sent).includes('DeleteClusterMirror'));
        assert.ok((await mirrorNames(client())).includes('typo'));
      });
    },
  );

  it('--dry-run shows the topics, says it can be deleted and sends nothing', async () => {
    await setUpMirror(client(), env(), 'dry', { stopped: ['dry-a'] });
    const sent = requests.length;
    const result = await run('admin', ['delete', 'dry', '--dry-run']);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^dry-a +STOPPED/m);
    assert.match(result.stdout, /Dry run: mirror dry can be deleted \(every topic is STOPPED\); nothing was sent\./);
    const json = await run('admin', ['delete', 'dry', '--dry-run', '--json']);
    assert.equal(json.code, 0, json.stderr);
    const doc = jsonOf(json) as DeleteJson;
    assertMatchesSchema('delete', doc);
    assert.equal(doc.dryRun, true);
    assert.equal(doc.deleted, false);
    assert.deepEqual(doc.readOnlyAfterDelete, { topics: ['dry-a'], partitions: 2, safeOrder: DELETE_SAFE_ORDER });
    assert.match(result.stdout, /deleting mirror 'dry' makes its 1 STOPPED topic\(s\) .*READ_ONLY_TOPIC/);
    assert.ok(requests.slice(sent).includes('ListClusterMirrors'), 'the dry run did look');
    assert.ok(!requests.slice(sent).includes('DeleteClusterMirror'), 'the dry run sent no delete');
    assert.ok((await mirrorNames(client())).includes('dry'));
  });

  it('an unknown mirror exits 6 before any delete is sent', async () => {
    const sent = requests.length;
    const result = await run('admin', ['delete', 'no-such-mirror', '--yes']);
    assert.equal(result.code, 6, result.stderr);
    assert.match(result.stderr, /mirror 'no-such-mirror' not found/);
    assert.ok(!requests.slice(sent).includes('DeleteClusterMirror'));
  });

  it('a principal that may not describe the mirror gets exit 5, not "not found"', async () => {
    await setUpMirror(client(), env(), 'hidden', {});
    const result = await run('stranger', ['delete', 'hidden', '--yes', '--json']);
    assert.equal(result.code, 5, result.stderr);
    const doc = jsonOf(result) as ErrorJson;
    assert.equal(doc.error.kafkaError?.code, 144);
    assert.match(doc.error.message, /not authorized to describe mirror 'hidden'/);
  });

  it('without DELETE: the broker answers 144 and kmirror exits 5 naming the missing permission', async () => {
    await setUpMirror(client(), env(), 'guarded-delete', { stopped: ['gd-a'] });
    const sent = requests.length;
    const result = await run('nodelete', ['delete', 'guarded-delete', '--yes']);
    assert.equal(result.code, 5, result.stderr);
    assert.ok(requests.slice(sent).includes('DeleteClusterMirror'), 'the broker decided, not kmirror');
    assert.match(
      result.stderr,
      /Warning: the brokers report that this principal lacks DELETE on mirror 'guarded-delete'/,
    );
    assert.match(
      result.stderr,
      joinedRegex(
        [
          /^Error: not authorized to delete mirror 'guarded-delete': deleting a mirror needs both DELETE \(checked by /,
          /the broker\) and ALTER \(checked by the controller\) on it; this principal has ALTER but not DELETE/,
        ],
        'm',
      ),
    );
    assert.match(
      result.stderr,
      joinedRegex(
        [
          /^Hint: grant it with kafka-acls\.sh .*--allow-principal User:nodelete --operation Delete --cluster-mirror /,
          /guarded-delete/,
        ],
        'm',
      ),
    );
    assert.ok((await mirrorNames(client())).includes('guarded-delete'));
  });

  it('with DELETE but without ALTER: the controller refuses (144), exit 5 with the two-permissions note', async () => {
    await setUpMirror(client(), env(), 'guarded-alter', { stopped: ['ga-a'] });
    const result = await run('noalter', ['delete', 'guarded-alter', '--yes', '--json']);
    assert.equal(result.code, 5, result.stderr);
    const doc = jsonOf(result) as ErrorJson;
    assert.deepEqual(doc.error.kafkaError, { code: 144, name: 'CLUSTER_MIRROR_AUTHORIZATION_FAILED' });
    assert.match(
      doc.error.message,
      /needs both DELETE \(checked by the broker\) and ALTER \(checked by the controller\)/,
    );
    assert.match(doc.error.message, /this principal has DELETE but not ALTER, so the controller refused/);
    assert.match(doc.error.hint ?? '', /--operation Alter --cluster-mirror guarded-alter/);
    assert.ok((await mirrorNames(client())).includes('guarded-alter'));
  });

  describe('error codes in the DeleteClusterMirror response', () => {
    let rules: FaultRule[] = [];
    const failDeleteWith = (code: number, message: string | null = null): void => {
      rules = env().destination.nodes.map((node) => node.faults.failWith('DeleteClusterMirror', code, { message }));
    };
    const clearFaults = (): void => {
      for (const rule of rules) rule.remove();
      rules = [];
    };

    it('137 (deleted by someone else in between) exits 6', async () => {
      await setUpMirror(client(), env(), 'raced', {});
      failDeleteWith(137, "Mirror 'raced' not found");
      try {
        const result = await run('admin', ['delete', 'raced', '--yes', '--json']);
        assert.equal(result.code, 6, result.stderr);
        const doc = jsonOf(result) as ErrorJson;
        assert.equal(doc.error.kafkaError?.code, 137);
        assert.match(doc.error.hint ?? '', /someone else may have deleted it/);
      } finally {
        clearFaults();
      }
    });

    it('143 and 145 are explained and exit 1', async () => {
      await setUpMirror(client(), env(), 'moved', {});
      try {
        failDeleteWith(143, "Mirror 'moved' still has active or paused topic 'x'");
        const notEmpty = await run('admin', ['delete', 'moved', '--yes']);
        assert.equal(notEmpty.code, 1, notEmpty.stderr);
        assert.match(
          notEmpty.stderr,
          /still has a MIRRORING or PAUSED topic \(broker: Mirror 'moved' still has active or paused topic 'x'\)/,
        );
        clearFaults();
        failDeleteWith(145, 'Cluster mirror partition states are not in the expected states.');
        const states = await run('admin', ['delete', 'moved', '--yes']);
        assert.equal(states.code, 1, states.stderr);
        assert.match(states.stderr, /some partition of its topics is not STOPPED/);
        assert.match(states.stderr, /Hint: wait until kmirror describe moved shows every partition STOPPED/);
      } finally {
        clearFaults();
      }
      assert.ok((await mirrorNames(client())).includes('moved'));
    });

    it('35 (mirroring disabled) exits 4', async () => {
      await setUpMirror(client(), env(), 'gated', {});
      failDeleteWith(35);
      try {
        const result = await run('admin', ['delete', 'gated', '--yes']);
        assert.equal(result.code, 4, result.stderr);
      } finally {
        clearFaults();
      }
    });
  });
});

describe('kmirror delete on a cluster without mirroring', () => {
  let emulator: EmulatedClusters | undefined;
  before(async () => {
    emulator = await startEmulatedClusters({ seed: 'delete-disabled', mirroringDisabled: true });
  });
  after(async () => emulator?.close());

  it('exits 4 before sending anything', async () => {
    const result = await runCli(['delete', 'm1', '--yes', '-b', emulator?.destination.bootstrap ?? '']);
    assert.equal(result.code, 4, result.stderr);
    assert.match(result.stderr, /mirror\.version/);
  });
});
