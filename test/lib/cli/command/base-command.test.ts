import { DeclinedError } from '../../../../src/lib/prompt/confirm.js';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { afterEach, before, describe, it } from 'node:test';
import { type Command, Config, Errors, Flags } from '@oclif/core';
import { BaseCommand } from '../../../../src/lib/cli/command/base-command.js';
import { outputFromArgv } from '../../../../src/lib/cli/output/output-from-argv.js';
import { readFirstLine } from '../../../../src/lib/cli/reach/stdin-line.js';
import { KafkaResponseError, PartialFailureError, UsageError } from '../../../../src/lib/cli/failures/errors.js';
import { durationFlag } from '../../../../src/lib/cli/flags/flags.js';
import { ENABLE_MIRRORING_HINT } from '../../../../src/lib/kafka/error-codes.js';
import type { ApiKeyMap } from '../../../../src/lib/kafka/mirror-api-keys.js';
import { KmirrorCommandHelp, default as KmirrorHelp } from '../../../../src/lib/cli/startup/help.js';
import { PassThrough } from 'node:stream';
import { createRequire } from 'node:module';
import { watchLoop } from '../../../../src/lib/cli/command/watch.js';

const YAML = createRequire(import.meta.url)('yaml') as typeof import('yaml');

const root = fileURLToPath(new URL('../../../../', import.meta.url));

interface ProbeResult {
  mirror: string;
  offset: bigint;
  password?: string;
}

const sink = { out: [] as string[], err: [] as string[] };

/** A broker's message that would clear the screen, retitle the window and forge a line if printed raw. */
const HOSTILE = 'A\x1b[2J\x1b]0;pwned\x07«\n»\u009b\u202eB';

/** What the last Probe run was handed, for tests of the base command's parsing. */
const seen: { apiKeys?: ApiKeyMap } = {};

class Probe extends BaseCommand<typeof Probe> {
  static override id = 'probe';
  static override description = 'Test command.';
  static override flags = {
    fail: Flags.string({ description: 'which failure to raise' }),
    partial: Flags.boolean(),
    warn: Flags.boolean(),
    'no-render': Flags.boolean(),
    wait: durationFlag({ description: 'how long to wait' }),
    big: Flags.string({ options: ['unmasked', 'masked'], description: 'render a large result on a slow clock' }),
    'watch-big': Flags.boolean({ description: 'a --watch whose frame is the large result on a slow clock' }),
  };

  protected override stdout = { write: (text: string) => sink.out.push(text) };
  protected override stderr = { write: (text: string) => sink.err.push(text) };

  async run(): Promise<ProbeResult> {
    seen.apiKeys = this.dialect.apiKeys;
    if (this.flags.big !== undefined) return this.renderBig(this.flags.big === 'unmasked');
    if (this.flags['watch-big']) return this.watchBig();
    switch (this.flags.fail) {
      case 'usage':
        throw new UsageError('the thing is wrong', { hint: 'do it right' });
      case 'kafka':
        throw new KafkaResponseError(144, null, { api: 'CreateClusterMirror', mirror: 'm1' });
      case 'secret':
        throw new Error('broker echoed sasl.jaas.config=x required password="hunter2222";');
      case 'network':
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), {
          code: 'ECONNREFUSED',
          address: '127.0.0.1',
          port: 9,
        });
      case 'exit':
        this.exit(7);
        break;
      case 'declined':
        throw new DeclinedError();
      case 'hostile':
        this.note(`note ${HOSTILE}`);
        this.warning(`warning ${HOSTILE}`);
        this.trace(`trace ${HOSTILE}`);
        throw new KafkaResponseError(144, `broker said ${HOSTILE}`, { api: 'CreateClusterMirror', mirror: 'm1' });
      default:
        break;
    }
    const result: ProbeResult = { mirror: 'm1', offset: 12345678901234n, password: 'in-result-secret' };
    if (this.flags.wait !== undefined) this.note(`wait=${this.flags.wait} timeout=${this.deadline.budgetMs}`);
    this.note('a note for humans');
    if (this.flags.warn) this.warning('careful: hunter2222 is not masked here, sasl.jaas.config=x password="pw1";');
    if (!this.flags['no-render']) this.render(result, (r, options) => `mirror ${r.mirror} wide=${options.wide}`);
    if (this.flags.partial) throw new PartialFailureError('1 of 2 topics failed', { succeeded: 1, failed: 1 });
    return result;
  }

  /**
   * 20,000 rows while the render clock moves 50 ms at every look: making the output (masking it, or, unmasked,
   * its JSON) takes seconds of that clock, past what is left of --timeout.
   */
  private renderBig(unmasked: boolean, refreshFrame?: (text: string) => string): ProbeResult {
    let clock = 0;
    this.renderClock = () => (clock += 50);
    const rows = Array.from({ length: 20_000 }, (_, i) => ({ topic: `topic-${i}`, partition: i, lag: BigInt(i) }));
    const result = { mirror: 'm1', offset: 1n, rows };
    const text = (r: typeof result) => r.rows.map((row) => `${row.topic} ${row.partition}`);
    this.render(result, text, { showSecrets: unmasked, refreshFrame });
    return result;
  }

  /** A watch whose every frame is renderBig's result: the first frame already uses up the budget. */
  private async watchBig(): Promise<ProbeResult> {
    let frames = 0;
    const last = await watchLoop({
      intervalMs: 10,
      deadline: this.deadline,
      refresh: async () => ({ mirror: 'm1', offset: 1n }),
      show: () => {
        frames++;
        this.renderBig(true, (text) => `frame ${frames}\n${text}`);
      },
      refreshFailed: () => undefined,
    });
    return last ?? { mirror: 'none', offset: 0n };
  }

  exposeCatch(err: Error): Promise<never> {
    return this.catch(err);
  }
}

let config: Config;
before(async () => {
  config = await Config.load(root);
});

interface Run {
  stdout: string;
  stderr: string;
  exit: number;
}

async function capture(fn: () => Promise<unknown>): Promise<Run> {
  sink.out = [];
  sink.err = [];
  let exit = 0;
  try {
    await fn();
  } catch (e) {
    if (!(e instanceof Errors.ExitError)) throw e;
    exit = e.oclif.exit ?? 1;
  } finally {
    process.exitCode = undefined;
  }
  return { stdout: sink.out.join(''), stderr: sink.err.join(''), exit };
}

const run = (argv: string[]): Promise<Run> => capture(() => Probe.run(argv, config));

afterEach(() => {
  process.exitCode = undefined;
  delete process.env.KMIRROR_OUTPUT;
});

describe('BaseCommand output', () => {
  it('prints the human rendering on stdout and notes on stderr', async () => {
    const r = await run([]);
    assert.equal(r.exit, 0);
    assert.equal(r.stdout, 'mirror m1 wide=false\n');
    assert.equal(r.stderr, 'a note for humans\n');
  });

  it(
    'shows broker text in notes, warnings, debug traces and the Error line escaped; the JSON ' + 'error keeps it',
    async () => {
      const text = await run(['--fail', 'hostile', '--debug']);
      assert.equal(text.exit, 5);
      // eslint-disable-next-line no-control-regex -- raw control characters are what must not be there
      assert.doesNotMatch(text.stderr.replace(/\n(?!»)/g, ''), /[\x00-\x1f\x7f-\x9f\u202e]/);
      for (const line of ['note ', 'Warning: warning ', '[debug] trace ', 'Error: '])
        assert.ok(
          text.stderr.includes(`${line}${line === 'Error: ' ? '' : 'A'}`) &&
            text.stderr.includes('A\\x1b[2J\\x1b]0;pwned\\x07«\\n»\\x9b\\u202eB'),
          `${line}: ${text.stderr}`,
        );
      const json = await run(['--fail', 'hostile', '--json']);
      const doc = JSON.parse(json.stdout) as { error: { message: string } };
      assert.ok(doc.error.message.includes(`broker said ${HOSTILE}`), doc.error.message);
    },
  );

  it('passes -o wide to the renderer', async () => {
    assert.equal((await run(['-o', 'wide'])).stdout, 'mirror m1 wide=true\n');
  });

  it('prints exactly one JSON document for --json, -o json, -ojson and KMIRROR_OUTPUT=json', async () => {
    const runs = [
      await run(['--json']),
      await run(['-o', 'json']),
      await run(['-ojson']),
      await run(['--output=json']),
    ];
    process.env.KMIRROR_OUTPUT = 'json';
    runs.push(await run([]));
    for (const r of runs) {
      assert.equal(r.exit, 0);
      const doc = JSON.parse(r.stdout) as Record<string, unknown>;
      assert.equal(doc.mirror, 'm1');
      // int64 beyond 2^53 would lose digits as a number, so it is a string; smaller ones stay numbers.
      assert.equal(doc.offset, 12345678901234);
      assert.equal(doc.password, '[redacted]');
    }
  });

  it('prints the returned result once when the command does not render', async () => {
    const r = await run(['--json', '--no-render']);
    assert.equal(JSON.parse(r.stdout).mirror, 'm1');
  });

  it('prints YAML for -o yaml', async () => {
    const r = await run(['-o', 'yaml']);
    assert.match(r.stdout, /^schemaVersion: 1\nmirror: m1\noffset: 12345678901234\n/);
    assert.match(r.stdout, /\nwarnings: \[\]\n$/);
  });

  it('under --json a warning joins the document and notes are left out: stderr stays empty', async () => {
    const json = await run(['--json', '--warn']);
    assert.equal(json.exit, 0);
    assert.equal(json.stderr, '');
    const doc = JSON.parse(json.stdout) as { schemaVersion: number; warnings: string[] };
    assert.deepEqual(Object.keys(doc), ['schemaVersion', 'mirror', 'offset', 'password', 'warnings']);
    assert.equal(doc.schemaVersion, 1);
    assert.equal(doc.warnings.length, 1);
    assert.match(doc.warnings[0] ?? '', /^careful: /);
    assert.doesNotMatch(doc.warnings[0] ?? '', /pw1/);
    const text = await run(['--warn']);
    assert.match(text.stderr, /^a note for humans\nWarning: careful: /);
  });
});

describe('BaseCommand output within --timeout', () => {
  for (const [format, flags, parse] of [
    ['JSON', ['--json'], (t: string) => JSON.parse(t) as unknown],
    ['YAML', ['-o', 'yaml'], (t: string) => YAML.parse(t) as unknown],
  ] as const)
    it(`cuts a ${format} document short when it uses up the budget: one document, the timeout its error`, async () => {
      const r = await run(['--big', 'unmasked', ...flags, '--timeout', '1s']);
      assert.equal(r.exit, 124);
      assert.equal(r.stderr, '');
      const doc = parse(r.stdout) as {
        mirror: string;
        rows: unknown[];
        warnings: unknown[];
        error: { exitCode: number; message: string };
      };
      assert.equal(doc.mirror, 'm1');
      assert.ok(doc.rows.length > 0 && doc.rows.length < 20_000, `${doc.rows.length} rows`);
      assert.deepEqual(doc.warnings, []);
      assert.equal(doc.error.exitCode, 124);
      assert.match(
        doc.error.message,
        new RegExp(`timed out after 1s \\(--timeout\\) while making the ${format} document`),
      );
    });

  it('ends a --watch whose frame cannot be made within the budget: exit 124, one line, no frame', async () => {
    const text = await run(['--watch-big', '--timeout', '1s']);
    assert.equal(text.exit, 124);
    assert.equal(text.stdout, '');
    assert.match(text.stderr, /^Error: timed out after 1s \(--timeout\) while making the rows of the output\n/);
    for (const [format, parse] of [
      ['json', (t: string) => JSON.parse(t) as unknown],
      ['yaml', (t: string) => YAML.parse(t.replace(/^---\n/, '')) as unknown],
    ] as const) {
      const r = await run(['--watch-big', '-o', format, '--timeout', '1s']);
      assert.equal(r.exit, 124, format);
      const lines = format === 'json' ? r.stdout.trimEnd().split('\n') : r.stdout.split(/^---\n/m).slice(1);
      assert.equal(lines.length, 1, `${format}: one document, the error's:\n${r.stdout.slice(0, 300)}`);
      const doc = parse(lines[0] ?? '') as { rows?: unknown; error: { exitCode: number; message: string } };
      assert.equal(doc.rows, undefined);
      assert.equal(doc.error.exitCode, 124);
      assert.match(doc.error.message, new RegExp(`while making the ${format.toUpperCase()} document`));
    }
  });

  it('stops masking a large result when it uses up the budget: the error document, nothing of the result', async () => {
    const json = await run(['--big', 'masked', '--json', '--timeout', '1s']);
    assert.equal(json.exit, 124);
    const doc = JSON.parse(json.stdout) as { rows?: unknown; error: { message: string } };
    assert.equal(doc.rows, undefined);
    assert.match(doc.error.message, /while masking the secrets in the output/);
    const text = await run(['--big', 'masked', '--timeout', '1s']);
    assert.equal(text.exit, 124);
    assert.equal(text.stdout, '');
    assert.match(text.stderr, /Error: timed out after 1s \(--timeout\) while masking the secrets/);
  });

  it('ends the rows of a large text at the budget', async () => {
    const r = await run(['--big', 'unmasked', '--timeout', '1s']);
    assert.equal(r.exit, 124);
    const rows = r.stdout.split('\n').filter((line) => line !== '');
    assert.ok(rows.length > 0 && rows.length < 20_000, `${rows.length} rows`);
    assert.match(r.stderr, /while making the rows of the output/);
  });
});

describe('BaseCommand catch()', () => {
  it('prints Error and Hint on stderr and exits with the mapped code', async () => {
    const r = await run(['--fail', 'usage']);
    assert.equal(r.exit, 2);
    assert.equal(r.stdout, '');
    assert.equal(r.stderr, 'Error: the thing is wrong\nHint: do it right\n');
  });

  it('a "no" at a question prints one plain line, Nothing was changed., and exits 1', async () => {
    const r = await run(['--fail', 'declined']);
    assert.equal(r.exit, 1);
    assert.equal(r.stderr, 'Nothing was changed.\n');
  });

  it('prints the JSON error document on stdout under --json', async () => {
    const r = await run(['--json', '--fail', 'kafka']);
    assert.equal(r.exit, 5);
    const doc = JSON.parse(r.stdout) as { error: Record<string, unknown> };
    assert.deepEqual(Object.keys(doc), ['schemaVersion', 'error', 'warnings']);
    assert.equal(r.stderr, '');
    assert.deepEqual(Object.keys(doc.error), ['exitCode', 'kafkaError', 'message', 'hint']);
    assert.equal(doc.error.exitCode, 5);
    assert.deepEqual(doc.error.kafkaError, { code: 144, name: 'CLUSTER_MIRROR_AUTHORIZATION_FAILED' });
    assert.match(String(doc.error.hint), /--operation Create --cluster-mirror m1/);
  });

  it('reports oclif parse errors with exit code 2, as JSON too', async () => {
    const human = await run(['--nope']);
    assert.equal(human.exit, 2);
    assert.match(human.stderr, /^Error: Nonexistent flag: --nope\nHint: /);
    const json = await run(['--json', '--nope']);
    assert.equal(json.exit, 2);
    assert.equal(JSON.parse(json.stdout).error.exitCode, 2);
    const option = await run(['-o', 'json', '--timeout', 'soon']);
    assert.equal(option.exit, 2);
    assert.match(JSON.parse(option.stdout).error.message, /invalid --timeout value 'soon'/);
    const badOutput = await run(['-o', 'xml']);
    assert.equal(badOutput.exit, 2);
  });

  it('parses duration flags to milliseconds and names the flag on errors', async () => {
    const ok = await run(['--wait', '2m', '--timeout', '90']);
    assert.match(ok.stderr, /wait=120000 timeout=90000/);
    const bad = await run(['--wait', '2x']);
    assert.equal(bad.exit, 2);
    assert.match(bad.stderr, /^Error: invalid --wait value '2x': the units are ms, s, m and h\nHint: write a duration/);
  });

  it('refuses --json together with another -o', async () => {
    const r = await run(['--json', '-o', 'yaml']);
    assert.equal(r.exit, 2);
    assert.match(JSON.parse(r.stdout).error.message, /--json conflicts with -o yaml/);
  });

  it('keeps one JSON document when a partial failure follows the result: the failure is its error', async () => {
    const r = await run(['--json', '--partial', '--warn']);
    assert.equal(r.exit, 3);
    assert.equal(r.stderr, '');
    const doc = JSON.parse(r.stdout) as {
      mirror: string;
      warnings: string[];
      error: { exitCode: number; message: string };
    };
    assert.equal(doc.mirror, 'm1');
    assert.equal(doc.warnings.length, 1);
    assert.equal(doc.error.exitCode, 3);
    assert.match(doc.error.message, /1 of 2 topics failed/);
    const text = await run(['--partial']);
    assert.match(text.stderr, /Error: 1 of 2 topics failed/);
  });

  it('masks secrets in error messages and shows stacks only with --debug', async () => {
    const plain = await run(['--fail', 'secret']);
    assert.equal(plain.exit, 1);
    assert.doesNotMatch(plain.stderr, /hunter2222/);
    assert.doesNotMatch(plain.stderr, /\n\s+at /);
    const debug = await run(['--fail', 'secret', '--debug']);
    assert.doesNotMatch(debug.stderr, /hunter2222/);
    assert.match(debug.stderr, /\n\s+at /);
  });

  it('turns socket errors into one line', async () => {
    const r = await run(['--fail', 'network']);
    assert.equal(r.exit, 1);
    assert.match(r.stderr, /^Error: cannot connect to 127\.0\.0\.1:9: connection refused\nHint: /);
  });

  it('lets this.exit() through untouched', async () => {
    const r = await run(['--fail', 'exit']);
    assert.equal(r.exit, 7);
    assert.equal(r.stderr, '');
  });

  it('can be called directly, before flags were parsed', async () => {
    const json = new Probe(['--json'], config);
    const r = await capture(() => json.exposeCatch(new KafkaResponseError(35, null, { api: 'ListClusterMirrors' })));
    assert.equal(r.exit, 4);
    assert.deepEqual(JSON.parse(r.stdout), {
      schemaVersion: 1,
      error: {
        exitCode: 4,
        kafkaError: { code: 35, name: 'UNSUPPORTED_VERSION' },
        message:
          'the broker does not support this API version, or the feature behind it is disabled ' +
          '(UNSUPPORTED_VERSION from ListClusterMirrors)',
        hint: `mirroring is disabled: ${ENABLE_MIRRORING_HINT}`,
      },
      warnings: [],
    });
    const human = new Probe([], config);
    const h = await capture(() => human.exposeCatch(new Error('plain failure')));
    assert.equal(h.exit, 1);
    assert.equal(h.stderr, 'Error: plain failure\n');
    assert.equal(h.stdout, '');
  });
});

describe('BaseCommand flags', () => {
  it('applies --api-keys and refuses bad ones as usage errors', async () => {
    assert.equal((await run(['--api-keys', 'DescribeClusterMirrors=120'])).exit, 0);
    assert.equal(seen.apiKeys?.keyOf({ name: 'DescribeClusterMirrors', apiKey: 99 }), 120);
    // A value per command, not process state: the next run without the flag uses the defaults.
    assert.equal((await run([])).exit, 0);
    assert.equal(seen.apiKeys?.keyOf({ name: 'DescribeClusterMirrors', apiKey: 99 }), 99);
    const bad = await run(['--api-keys', 'Nope=1']);
    assert.equal(bad.exit, 2);
    assert.match(bad.stderr, /^Error: --api-keys: unknown mirror API 'Nope'/);
  });

  it('reads -o from argv even when parsing fails', () => {
    assert.equal(outputFromArgv(['-o', 'json'], {}), 'json');
    assert.equal(outputFromArgv(['--output=yaml'], {}), 'yaml');
    assert.equal(outputFromArgv(['-oyaml'], {}), 'yaml');
    assert.equal(outputFromArgv(['--', '-o', 'json'], {}), undefined);
    assert.equal(outputFromArgv([], { KMIRROR_OUTPUT: 'json' }), 'json');
  });
});

describe('readFirstLine', () => {
  it('returns the first line without its line end', async () => {
    const stream = new PassThrough();
    const line = readFirstLine(stream);
    stream.write('s3cret\r\nnext line\n');
    assert.equal(await line, 's3cret');
  });

  it('returns everything at end of input without a newline', async () => {
    const stream = new PassThrough();
    const line = readFirstLine(stream);
    stream.end('no-newline');
    assert.equal(await line, 'no-newline');
  });

  it('refuses a terminal', async () => {
    const tty = Object.assign(new PassThrough(), { isTTY: true });
    await assert.rejects(readFirstLine(tty), UsageError);
  });
});

describe('help', () => {
  it('ends every kmirror command help with the exit code table', () => {
    const cached = {
      id: 'probe',
      description: 'Test command.',
      aliases: [],
      args: {},
      flags: {},
      hidden: false,
      hiddenAliases: [],
      pluginName: config.name,
      load: async () => Probe,
    } as unknown as Command.Loadable;
    const text = new KmirrorCommandHelp(cached, config, { maxWidth: 120, stripAnsi: true }).generate();
    assert.match(text, /EXIT CODES\n\s+0 {2}success\n/);
    assert.match(text, /124 {2}timed out/);
    const plugin = { ...cached, pluginName: '@oclif/plugin-help' } as unknown as Command.Loadable;
    assert.doesNotMatch(new KmirrorCommandHelp(plugin, config, { maxWidth: 120 }).generate(), /EXIT CODES/);
    assert.ok(new KmirrorHelp(config, { maxWidth: 120 }));
  });
});
