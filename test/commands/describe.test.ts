import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import type { Parsed } from '../helpers/cli.js';
import { jsonOf, runCli, testEnv } from '../helpers/in-process-cli.js';

type DescribeReport = Parsed<Report>;
import { INSTANT_START } from '../helpers/emulator-timing.js';
import { assertMatchesSchema } from '../helpers/schema.js';
import { createMirror, engineStates, pauseTopics, startTopics, stopTopics, waitFor } from './describe-setup.js';
import type { DescribeReport as Report } from '../../src/lib/mirror/describe/describe-report.js';

const BIN = fileURLToPath(new URL('../../../bin/run.cjs', import.meta.url));

/**
 * `kmirror describe m1 --watch …` as a process (signals need one): its output so far, its exit code, and a
 * SIGKILL after `killAfterMs` that `killAfter` re-arms; `stop` kills it for good.
 */
function watchProcess(bootstrap: string, extra: readonly string[], killAfterMs: number) {
  const child = spawn(process.execPath, [BIN, 'describe', 'm1', '-b', bootstrap, '--watch', ...extra], {
    env: testEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = { stdout: '', stderr: '' };
  child.stdout.on('data', (d: Buffer) => (out.stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out.stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  let killer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  return {
    out,
    exited,
    signal: (name: NodeJS.Signals) => child.kill(name),
    killAfter(ms: number): void {
      clearTimeout(killer);
      killer = setTimeout(() => child.kill('SIGKILL'), ms);
    },
    stop(): void {
      clearTimeout(killer);
      child.kill('SIGKILL');
    },
  };
}

function partitionCount(report: DescribeReport): number {
  return report.mirrors.reduce((n, m) => n + m.topics.reduce((k, t) => k + t.partitions.length, 0), 0);
}

function rowsOf(report: DescribeReport, topic: string) {
  return report.mirrors.flatMap((m) => m.topics.filter((t) => t.name === topic).flatMap((t) => t.partitions));
}

// Stable states only (growth 0 after the lag reached 0, PAUSED, STOPPED), so the text is golden.
describe('kmirror describe: stable mirror', () => {
  let emulator: EmulatedClusters;
  before(async () => {
    emulator = await startEmulatedClusters({
      seed: 'describe-golden',
      demoTopics: true,
      growthPerSec: 0,
      timing: INSTANT_START,
    });
    createMirror(emulator, 'm1');
    createMirror(emulator, 'empty');
    startTopics(emulator, 'm1', ['orders', 'payments', 'inventory']);
    const all = () => [
      ...engineStates(emulator, 'orders'),
      ...engineStates(emulator, 'payments'),
      ...engineStates(emulator, 'inventory'),
    ];
    await waitFor('all partitions MIRRORING', () => all().every((s) => s === 'MIRRORING'));
    pauseTopics(emulator, 'm1', ['payments']);
    stopTopics(emulator, 'm1', ['inventory']);
    await waitFor(
      'PAUSED and STOPPED',
      () =>
        engineStates(emulator, 'payments').every((s) => s === 'PAUSED') &&
        engineStates(emulator, 'inventory').every((s) => s === 'STOPPED'),
    );
  });
  after(async () => {
    await emulator.close();
  });
  const run = (...args: string[]) => runCli(['describe', '-b', emulator.destination.bootstrap, ...args]);

  it('default view: summary, per-topic roll-up, attention, one footnote (golden)', async () => {
    const result = await run('m1');
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stderr, '');
    assert.equal(
      result.stdout,
      [
        'Mirror m1: 6 partitions in 3 topics (3 MIRRORING, 2 PAUSED, 1 STOPPED); total lag 0, max lag 0; 0 failing',
        '',
        'TOPIC      PARTITIONS  STATES       TOTAL LAG  MAX LAG',
        'inventory           1  1 STOPPED            -        -',
        'orders              3  3 MIRRORING          0        0',
        'payments            2  2 PAUSED             -        -',
        '',
        'No partitions need attention.',
        '',
        '- = not known: DescribeClusterMirrors reports offsets and lag only for MIRRORING partitions.',
        '',
      ].join('\n'),
    );
  });

  it('--partitions lists every partition; STOPPED ones get their end offset from ListOffsets (golden)', async () => {
    const result = await run('m1', '--partitions');
    assert.equal(result.code, 0, result.stderr);
    assert.equal(
      result.stdout,
      [
        'MIRROR  TOPIC      PARTITION  SOURCE OFFSET  DESTINATION OFFSET  LAG  STATE      FAILED RETRY  FAILURE',
        'm1      inventory          0              -                 51*    -  STOPPED',
        'm1      orders             0           1200                1200    0  MIRRORING',
        'm1      orders             1           1200                1200    0  MIRRORING',
        'm1      orders             2           1200                1200    0  MIRRORING',
        'm1      payments           0              -                   -    -  PAUSED',
        'm1      payments           1              -                   -    -  PAUSED',
        '',
        '- = not known: DescribeClusterMirrors reports offsets and lag only for MIRRORING partitions.',
        '* = destination log-end offset read with ListOffsets (the partition is STOPPED, so the mirror no ' +
          'longer reports it).',
        '',
      ].join('\n'),
    );
    const wide = await run('m1', '-o', 'wide');
    assert.equal(wide.stdout, result.stdout);
  });

  it('--json matches the schema: null for unknown, ListOffsets marked, states as sent', async () => {
    const result = await run('--json');
    assert.equal(result.code, 0, result.stderr);
    const report = jsonOf(result) as DescribeReport;
    assertMatchesSchema('describe', report);
    assert.deepEqual(
      report.mirrors.map((m) => m.name),
      ['empty', 'm1'],
    );
    const m1 = report.mirrors[1];
    assert.deepEqual(m1?.summary.states, { MIRRORING: 3, PAUSED: 2, STOPPED: 1 });
    assert.deepEqual(rowsOf(report, 'inventory'), [
      {
        partition: 0,
        sourceOffset: null,
        destinationOffset: 51,
        lag: null,
        state: 'STOPPED',
        retryAttempt: 0,
        errorMessage: null,
        destinationOffsetSource: 'ListOffsets',
      },
    ]);
    // Failover left the destination at the source's end + the PID-reset batch (PROTOCOL.md §10).
    assert.equal(emulator.source.cluster.endOffset('inventory', 0) + 1n, 51n);
    assert.deepEqual(rowsOf(report, 'payments')[0], {
      partition: 0,
      sourceOffset: null,
      destinationOffset: null,
      lag: null,
      state: 'PAUSED',
      retryAttempt: 0,
      errorMessage: null,
    });
    assert.deepEqual(rowsOf(report, 'orders')[2], {
      partition: 2,
      sourceOffset: 1200,
      destinationOffset: 1200,
      lag: 0,
      // Caught up: no record is missing, so no age to read on the source.
      lagTimeMs: 0,
      state: 'MIRRORING',
      retryAttempt: 0,
      errorMessage: null,
    });
    assert.deepEqual(report.mirrors[0]?.topics, []);
    assert.equal(report.retryMaxAttempts, null);
  });

  it('merges every broker: no single node reports everything, the union is every partition', async () => {
    const engine = emulator.destination.cluster;
    const perNode = engine.nodeIds.map(
      (nodeId) =>
        engine
          .describeClusterMirrors({ principal: 'User:admin', nodeId }, { MirrorNames: ['m1'] })
          .Mirrors.flatMap((m) => m.Topics.flatMap((t) => t.Partitions)).length,
    );
    assert.ok(
      perNode.every((n) => n < 6),
      `each node reports only its share: ${perNode.join(', ')}`,
    );
    assert.equal(perNode.filter((n) => n > 0).length > 1, true, 'the partitions are spread over several nodes');
    const report = jsonOf(await run('m1', '--json')) as DescribeReport;
    const expected = ['orders', 'payments', 'inventory'].reduce(
      (n, t) => n + (engine.topics.get(t)?.partitions.length ?? 0),
      0,
    );
    assert.equal(partitionCount(report), expected);
  });

  it('filters: --topic, --topic-pattern, --state, --failed, --min-lag (JSON too)', async () => {
    const byTopic = jsonOf(await run('m1', '--topic', 'orders', '--json')) as DescribeReport;
    assert.deepEqual(
      byTopic.mirrors[0]?.topics.map((t) => t.name),
      ['orders'],
    );
    assert.equal(byTopic.mirrors[0]?.summary.partitions, 3, 'the summary covers what is shown');

    const byPattern = jsonOf(await run('m1', '--topic-pattern', 'pay.*|inv.*', '--json')) as DescribeReport;
    assert.deepEqual(
      byPattern.mirrors[0]?.topics.map((t) => t.name),
      ['inventory', 'payments'],
    );
    const partial = jsonOf(await run('m1', '--topic-pattern', 'pay', '--json')) as DescribeReport;
    assert.deepEqual(partial.mirrors[0]?.topics, [], 'patterns match the whole name');

    const paused = await run('m1', '--state', 'paused', '--partitions');
    assert.equal(paused.code, 0);
    assert.deepEqual(
      paused.stdout
        .split('\n')
        .filter((l) => l.startsWith('m1 '))
        .map((l) => l.split(/\s+/)[1]),
      ['payments', 'payments'],
    );

    const failed = await run('m1', '--failed', '--json');
    const noneFailed = jsonOf(failed) as DescribeReport;
    assertMatchesSchema('describe', noneFailed);
    assert.equal(partitionCount(noneFailed), 0);
    const failedText = await run('m1', '--failed');
    assert.match(failedText.stdout, /No partitions match the filters\./);

    const minLag = jsonOf(await run('m1', '--min-lag', '1', '--json')) as DescribeReport;
    assert.equal(partitionCount(minLag), 0, 'every known lag is 0 and unknown lags never pass --min-lag');
  });

  it('rejects a bad --state, --topic-pattern or --min-lag before sending anything', async () => {
    const state = await run('m1', '--state', 'RUNNING');
    assert.equal(state.code, 2);
    assert.match(state.stderr, /unknown partition state 'RUNNING'/);
    assert.match(state.stderr, /LOG_TRUNCATION, EPOCH_FENCING, MIRRORING/);
    const pattern = await runCli(['describe', '-b', '127.0.0.1:1', '--topic-pattern', '(']);
    assert.equal(pattern.code, 2, 'a usage error, not a connection error: nothing was sent');
    assert.match(pattern.stderr, /invalid --topic-pattern/);
    const lag = await run('--min-lag', '-5');
    assert.equal(lag.code, 2);
  });

  it('a name that does not exist exits 6; the found ones are still shown', async () => {
    const text = await run('m1', 'nope');
    assert.equal(text.code, 6);
    assert.match(text.stdout, /^Mirror m1: 6 partitions/m);
    assert.match(text.stderr, /mirror 'nope' not found/);
    const json = await run('nope', 'm1', '--json');
    assert.equal(json.code, 6);
    const report = jsonOf(json) as DescribeReport;
    assertMatchesSchema('describe', report);
    assert.deepEqual(report.notFound, ['nope']);
    assert.deepEqual(
      report.mirrors.map((m) => m.name),
      ['m1'],
    );
  });

  it('an existing mirror without topics is shown as such, with a command that runs as printed', async () => {
    const result = await run('empty');
    assert.equal(result.code, 0);
    const printed = /^Mirror empty: 0 partitions in 0 topics\nNo topics yet\. .*: (kmirror add-topics .*)$/m.exec(
      result.stdout,
    )?.[1];
    assert.ok(printed, result.stdout);
    assert.ok(printed.includes(` -b ${emulator.destination.bootstrap} `), printed);
    // The printed words, unquoted as a shell would ('.*' is the one quoted word).
    const words = printed.replace("'.*'", '.*').split(' ').slice(1);
    const followed = await runCli(words);
    assert.equal(followed.code, 0, followed.stderr);
    assert.match(followed.stdout, /Dry run/i);
  });

  it('--watch --json prints one document per line per refresh and exits 0 on SIGINT', async () => {
    const watch = watchProcess(emulator.destination.bootstrap, ['--interval', '0.3', '--json'], 30_000);
    const { out } = watch;
    try {
      await waitFor('two refreshes', () => out.stdout.split('\n').filter((l) => l !== '').length >= 2, 25_000);
      watch.signal('SIGINT');
      assert.equal(await watch.exited, 0, out.stderr);
    } finally {
      watch.stop();
    }
    const lines = out.stdout.split('\n').filter((l) => l !== '');
    assert.ok(lines.length >= 2);
    let previous = 0;
    for (const line of lines) {
      const doc = JSON.parse(line) as DescribeReport & { timestamp?: string };
      assertMatchesSchema('describe', doc);
      assert.equal(doc.mirrors[0]?.summary.partitions, 6);
      // Each line says when it was read: ISO 8601 UTC, later on every line.
      assert.match(doc.timestamp ?? '', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      const at = Date.parse(doc.timestamp ?? '');
      assert.ok(at > previous, `${doc.timestamp ?? ''} follows the line before`);
      previous = at;
    }
  });

  it('--watch: a refresh the brokers leave unanswered is reported as stale data at the next interval', async () => {
    const watch = watchProcess(emulator.destination.bootstrap, ['--interval', '0.5'], 40_000);
    const { out } = watch;
    const rules: { remove(): void }[] = [];
    try {
      await waitFor('the first refresh', () => /^Mirror m1: /m.test(out.stdout), 25_000);
      // Every broker goes silent: connections stay open, nothing is answered (a refresh's budget is 30s).
      for (const node of emulator.destination.nodes) rules.push(node.faults.drop('*'));
      await waitFor('the stale-data warning', () => /no answer for 0\.5s/.test(out.stderr), 10_000);
      assert.match(out.stderr, /Warning: no answer for 0\.5s: the data shown is from \S+ and may be stale/);
      assert.doesNotMatch(out.stderr, /refresh failed/, 'said while the refresh is still waiting, not when it fails');
      // The header shows local time to the second (the warning keeps ISO UTC); V8 parses both.
      const headers = [...out.stdout.matchAll(/^Every 0\.5s: .* (\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)$/gm)].map(
        (m) => m[1] ?? '',
      );
      const lastShown = /the data shown is from (\S+)/.exec(out.stderr)?.[1] ?? '';
      // The frame's header is written a moment after the data is taken.
      assert.ok(
        Math.abs(Date.parse(lastShown) - Date.parse(headers.at(-1) ?? '')) < 2000,
        `names the time of the last data shown (${lastShown}, last frame ${headers.at(-1) ?? ''})`,
      );
      watch.signal('SIGINT');
      // Ctrl-C abandons the pending refresh: the process ends long before that refresh's 30 s budget
      // (it used to wait it out). Killed after 10 s, the exit code would be null.
      watch.killAfter(10_000);
      assert.equal(await watch.exited, 0, `Ctrl-C during a refresh the brokers never answer:\n${out.stderr}`);
    } finally {
      for (const rule of rules) rule.remove();
      watch.stop();
    }
  });

  it(
    '--watch with an explicit --timeout ends at the deadline with exit 124; plain text repeats ' + 'per refresh',
    async () => {
      const result = await run('m1', '--watch', '--interval', '0.2', '--timeout', '3s');
      assert.equal(result.code, 124, result.stderr);
      assert.ok((result.stdout.match(/^Mirror m1: 6 partitions/gm)?.length ?? 0) >= 2, result.stdout);
      assert.match(result.stdout, /^Every 0\.2s: kmirror describe /m);
      assert.match(result.stderr, /timed out after 3s/);
      const help = await runCli(['describe', '--help', '--verbose']);
      assert.match(help.stdout, /Without an explicit --timeout the watch runs until Ctrl-C/);
      const usage = await run('m1', '--interval', '1');
      assert.equal(usage.code, 2, '--interval needs --watch');
    },
  );
});

describe('kmirror describe: lag over time', () => {
  let emulator: EmulatedClusters;
  before(async () => {
    emulator = await startEmulatedClusters({
      seed: 'describe-lag',
      growthPerSec: 0,
      timing: { ...INSTANT_START, copyRecordsPerSec: 500 },
      demoTopics: [
        { name: 'orders', partitions: 3, initialOffset: 1500n },
        { name: 'wide', partitions: 12, initialOffset: 1_000_000n },
      ],
    });
    createMirror(emulator, 'm1');
    createMirror(emulator, 'm2');
    startTopics(emulator, 'm1', ['orders']);
    startTopics(emulator, 'm2', ['wide']);
  });
  after(async () => {
    await emulator.close();
  });
  const run = (...args: string[]) => runCli(['describe', '-b', emulator.destination.bootstrap, ...args]);

  it('lag falls to 0 while the mirror catches up', async () => {
    const seen: number[] = [];
    await waitFor(
      'orders to catch up',
      async () => {
        const report = jsonOf(await run('m1', '--json')) as DescribeReport;
        const summary = report.mirrors[0]?.summary;
        if (summary && summary.partitions === 3 && summary.lagUnknown === 0) seen.push(summary.totalLag);
        return summary?.states.MIRRORING === 3 && summary.totalLag === 0;
      },
      30_000,
      200,
    );
    assert.ok(
      seen.some((lag) => lag > 0),
      `a lag was seen before it reached 0: ${seen.join(', ')}`,
    );
  });

  it('shows the most lagging partitions, capped at 10 with a note naming --partitions', async () => {
    await waitFor('wide MIRRORING', () => engineStates(emulator, 'wide').every((s) => s === 'MIRRORING'));
    const text = await run('m2');
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /Most lagging partitions \(top 10 of 12; see all with --partitions --sort lag\):/);
    const section = text.stdout.slice(text.stdout.indexOf('Most lagging'));
    assert.equal(section.split('\n').filter((l) => /^wide\s+\d+/.test(l)).length, 10);

    const sorted = jsonOf(await run('m2', '--sort', 'lag', '--json')) as DescribeReport;
    const lags = sorted.mirrors[0]?.topics[0]?.partitions.map((p) => p.lag ?? -1) ?? [];
    assert.equal(lags.length, 12);
    assert.deepEqual(
      lags,
      [...lags].sort((a, b) => b - a),
      'largest lag first',
    );
    const byTopic = jsonOf(await run('m2', '--json')) as DescribeReport;
    assert.deepEqual(
      byTopic.mirrors[0]?.topics[0]?.partitions.map((p) => p.partition),
      [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
    );

    const minLag = jsonOf(await run('m2', '--min-lag', '1', '--json')) as DescribeReport;
    assert.equal(partitionCount(minLag), 12);
  });
});

describe('kmirror describe: failures', () => {
  let emulator: EmulatedClusters;
  before(async () => {
    emulator = await startEmulatedClusters({
      seed: 'describe-failed',
      demoTopics: true,
      growthPerSec: 0,
      destination: {
        brokerConfigs: {
          'mirror.failed.retry.max.attempts': '1000',
          'mirror.failed.retry.initial.backoff.ms': '200',
          'mirror.failed.retry.max.backoff.ms': '400',
        },
      },
      // Retries against the unreachable source count every second here, not every 30 s.
      timing: { sourceRequestTimeoutMs: 1000 },
    });
    createMirror(emulator, 'm1');
    startTopics(emulator, 'm1', ['orders', 'payments']);
    await waitFor('MIRRORING', () =>
      [...engineStates(emulator, 'orders'), ...engineStates(emulator, 'payments')].every((s) => s === 'MIRRORING'),
    );
  });
  after(async () => {
    await emulator.close();
  });
  const run = (...args: string[]) => runCli(['describe', '-b', emulator.destination.bootstrap, ...args]);

  it('FAILED partitions during a source outage: retry n/max and the error', async () => {
    emulator.source.cluster.setReachable(false);
    try {
      await waitFor('FAILED with retries', () =>
        (emulator.destination.cluster.topics.get('orders')?.partitions ?? []).every(
          (p) => p.mirror?.state === 'FAILED' && (p.mirror.failure?.retryAttempt ?? 0) >= 1,
        ),
      );
      const json = await run('m1', '--failed', '--json');
      assert.equal(json.code, 0, json.stderr);
      const report = jsonOf(json) as DescribeReport;
      assertMatchesSchema('describe', report);
      assert.equal(report.retryMaxAttempts, 1000);
      const rows = report.mirrors[0]?.topics.flatMap((t) => t.partitions) ?? [];
      assert.ok(rows.length >= 3 && rows.every((r) => r.state === 'FAILED' && r.retryAttempt >= 1 && r.errorMessage));

      const text = await run('m1');
      assert.match(text.stdout, /; \d+ failing$/m);
      assert.match(text.stdout, /Failed partitions \(\d+\):\nTOPIC\s+PARTITION\s+RETRY\s+ERROR/);
      assert.match(text.stdout, /^orders\s+0\s+\d+\/1000\s+\S.*$/m);
      const wide = await run('m1', '--partitions', '--topic', 'orders');
      assert.match(wide.stdout, /^m1\s+orders\s+0\s+-\s+-\s+-\s+FAILED\s+\d+\/1000\s+\S/m);
    } finally {
      emulator.source.cluster.setReachable(true);
    }
  });

  it('one broker down: the rest is shown, a warning names it, exit 3', async () => {
    await waitFor(
      'recovered',
      () =>
        [...engineStates(emulator, 'orders'), ...engineStates(emulator, 'payments')].every((s) => s === 'MIRRORING'),
      30_000,
    );
    const node = emulator.destination.nodes[1];
    assert.ok(node);
    const engine = emulator.destination.cluster;
    const onNode = engine
      .describeClusterMirrors({ principal: 'User:admin', nodeId: node.nodeId }, { MirrorNames: ['m1'] })
      .Mirrors.flatMap((m) => m.Topics.flatMap((t) => t.Partitions)).length;
    assert.ok(onNode > 0, 'the node leads some partitions');
    // Not fenced: Metadata still lists it, as during a crash within the session timeout.
    await node.faults.down({ fenced: false });
    try {
      const text = await run('m1');
      assert.equal(text.code, 3, text.stderr);
      assert.match(text.stderr, new RegExp(`Warning: broker 127\\.0\\.0\\.1:${node.port} \\(node ${node.nodeId}\\)`));
      // Its partitions still have it as leader: listed as UNREPORTED, not left out.
      assert.match(text.stdout, new RegExp(`^Mirror m1: 5 partitions in 2 topics \\(.*${onNode} UNREPORTED`, 'm'));

      const json = await run('m1', '--json');
      assert.equal(json.code, 3);
      const report = jsonOf(json) as DescribeReport;
      assertMatchesSchema('describe', report);
      assert.equal(partitionCount(report), 5);
      assert.equal(report.missingPartitions.length, onNode);
      assert.ok(report.missingPartitions.every((m) => m.state === 'UNREPORTED' && m.leader === node.nodeId));
      assert.deepEqual(
        report.brokerWarnings.map((w) => w.nodeId),
        [node.nodeId],
      );
    } finally {
      await node.faults.up();
    }
  });

  it(
    '--failed without names is quiet about healthy mirrors; causes come with their recovery ' + '(describe and check)',
    async () => {
      createMirror(emulator, 'm2');
      startTopics(emulator, 'm2', ['inventory']);
      await waitFor('inventory MIRRORING', () => engineStates(emulator, 'inventory').every((s) => s === 'MIRRORING'));
      emulator.source.cluster.deleteTopic('inventory');
      await waitFor('inventory FAILED -1', () =>
        (emulator.destination.cluster.topics.get('inventory')?.partitions ?? []).every(
          (p) => p.mirror?.state === 'FAILED' && p.mirror.failure?.retryAttempt === -1,
        ),
      );
      const text = await run('--failed');
      assert.equal(text.code, 0, text.stderr);
      assert.doesNotMatch(text.stdout, /Mirror m1/, 'm1 has no failing partition');
      assert.match(text.stdout, /^Mirror m2: /m);
      assert.match(
        text.stdout,
        /Why, and what recovers them:\n {2}1 partition\(s\) \(inventory-0\): the source topic was deleted/,
      );
      assert.match(text.stdout, /Recreating the source topic does NOT resume mirroring: it has a new topic id/);

      const json = await run('--failed', '--json');
      const report = jsonOf(json) as DescribeReport & { failureCauses: { mirror: string; cause: string }[] };
      assertMatchesSchema('describe', report);
      assert.deepEqual(
        report.mirrors.map((m) => m.name),
        ['m2'],
      );
      assert.deepEqual(
        report.failureCauses.map((c) => [c.mirror, c.cause]),
        [['m2', 'source-topic-deleted']],
      );

      const check = await runCli(['check', 'm2', '-b', emulator.destination.bootstrap]);
      assert.equal(check.code, 0, check.stderr);
      assert.match(check.stdout, /1 FAILED partition\(s\) on mirror m2; why, and what recovers them:/);
      assert.match(check.stdout, /Recovery: restart the destination brokers .*, then stop the topic/);
    },
  );
});

describe('kmirror describe without mirroring', () => {
  let disabled: EmulatedClusters;
  before(async () => {
    disabled = await startEmulatedClusters({ mirroringDisabled: 'destination' });
  });
  after(async () => {
    await disabled.close();
  });

  it('exits 4 with the enabling hint', async () => {
    const result = await runCli(['describe', '-b', disabled.destination.bootstrap]);
    assert.equal(result.code, 4);
    assert.match(result.stderr, /upgrade --feature mirror\.version=1/);
  });
});
