// `kmirror topology` over an emulated estate of three clusters: A (the emulator's source), B (its
// destination) and C. Each finding has its own topic, so one estate shows them all; a second estate holds
// information only, and a third cluster address that nothing answers on.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { EmulatedClusters } from '../../src/lib/emulator/index.js';
import type { TopologyJson } from '../../src/commands/topology.js';
import type { EstateCheck } from '../../src/lib/mirror/topology/estate-check.js';
import type { Parsed } from '../helpers/cli.js';
import { deadPort } from '../helpers/dead-port.js';
import { seriesValue, startExporter } from '../helpers/exporter-process.js';
import { jsonOf, runCli } from '../helpers/in-process-cli.js';
import { assertMatchesSchema } from '../helpers/schema.js';
import { joinedRegex } from '../helpers/joined-regex.js';
import { estateArgs, mirrorTopics, startEstate, stopTopics, third, waitForStates } from './topology-setup.js';

type Json = Parsed<TopologyJson>;
type Finding = Json['findings'][number];

function findingsOf(doc: Json, kind: string, topic?: string): Finding[] {
  return doc.findings.filter((f) => f.kind === kind && (topic === undefined || f.topic === topic));
}

describe('kmirror topology', () => {
  let estate: EmulatedClusters;
  let a: string;
  let b: string;
  let c: string;
  before(async () => {
    estate = await startEstate('topology-findings');
    const A = estate.source;
    const B = estate.destination;
    const C = third(estate);
    [a, b, c] = [A.bootstrap, B.bootstrap, C.bootstrap];
    for (const topic of ['orders', 'quiet', 'payments', 'ring', 'tri', 'clean'])
      A.cluster.createTopic(topic, { partitions: 2, initialOffset: 100n });
    await mirrorTopics(B, 'fwd', A, ['orders', 'quiet', 'payments', 'ring', 'tri']);
    for (const topic of ['orders', 'quiet', 'payments', 'ring', 'tri']) await waitForStates(B, topic, 'MIRRORING');
    // A failover of orders, quiet and payments to B.
    await stopTopics(B, 'fwd', ['orders', 'quiet', 'payments']);
    // orders: written on both sides since the stop (split brain); quiet: on B only.
    B.cluster.produce('orders', 0, 20);
    A.cluster.produce('orders', 0, 30);
    B.cluster.produce('quiet', 1, 5);
    // payments: A follows B again (a failback), while B still lists it STOPPED in fwd (the epoch war).
    await mirrorTopics(A, 'back', B, ['payments']);
    await waitForStates(A, 'payments', 'MIRRORING');
    // ring: A mirrors back from B what B still mirrors from A (a loop of two).
    await mirrorTopics(A, 'back', B, ['ring']);
    // tri: A → B → C → A, a loop through all three.
    await mirrorTopics(C, 'from-b', B, ['tri']);
    await waitForStates(C, 'tri', 'MIRRORING');
    await mirrorTopics(A, 'from-c', C, ['tri']);
    // clean: C mirrors it from A, and nothing is wrong with it.
    await mirrorTopics(C, 'from-a', A, ['clean']);
    await waitForStates(C, 'clean', 'MIRRORING');
    await waitForStates(A, 'ring', 'FAILED', 'MIRRORING', 'LOG_TRUNCATION');
    await waitForStates(A, 'tri', 'FAILED', 'MIRRORING', 'LOG_TRUNCATION');
  });
  after(async () => estate.close());

  const topology = async (...args: string[]) => {
    const result = await runCli(['topology', ...estateArgs(estate.source, estate.destination, third(estate)), ...args]);
    return result;
  };

  it('matches every mirror to its source by cluster id and says where each topic takes writes', async () => {
    const result = await topology('--json');
    assert.equal(result.code, 0, result.stderr);
    const doc = jsonOf(result) as Json;
    assertMatchesSchema('topology', doc);
    assert.deepEqual(
      doc.clusters.map((x) => [x.label, x.clusterId, x.reachable]),
      [
        [a, estate.source.clusterId, true],
        [b, estate.destination.clusterId, true],
        [c, third(estate).clusterId, true],
      ],
    );
    const edges = doc.mirrors.map((m) => `${m.source ?? '?'} -> ${m.cluster} ${m.name}`).sort();
    assert.deepEqual(
      edges,
      [
        `${b} -> ${a} back`,
        `${c} -> ${a} from-c`,
        `${b} -> ${c} from-b`,
        `${a} -> ${b} fwd`,
        `${a} -> ${c} from-a`,
      ].sort(),
    );
    const place = (topic: string) => doc.topics.find((t) => t.topic === topic);
    assert.deepEqual(place('orders')?.writableOn, [a, b], 'STOPPED on B, outside any mirror on A');
    assert.deepEqual(place('orders')?.readOnlyOn, []);
    assert.deepEqual(place('payments')?.writableOn, [b]);
    assert.deepEqual(
      place('payments')?.readOnlyOn.map((r) => [r.cluster, r.mirror]),
      [[a, 'back']],
    );
    assert.equal(doc.problems, doc.findings.filter((f) => f.severity === 'problem').length);
  });

  it('split brain: records on both sides after the stop, counted per partition against the stop point', async () => {
    const doc = jsonOf(await topology('--json')) as Json;
    const [found, ...more] = findingsOf(doc, 'split-brain', 'orders');
    assert.ok(found, JSON.stringify(doc.findings));
    assert.equal(more.length, 0);
    assert.equal(found.severity, 'problem');
    assert.deepEqual(found.clusters, [a, b]);
    const p0 = found.partitions.find((p) => p.partition === 0);
    assert.deepEqual(
      [p0?.stopPoint, p0?.sourceEnd, p0?.destinationEnd, p0?.writtenOnSource, p0?.writtenOnDestination],
      [100, 130, 121, 30, 20],
    );
    const p1 = found.partitions.find((p) => p.partition === 1);
    assert.deepEqual([p1?.writtenOnSource, p1?.writtenOnDestination], [0, 0]);
    assert.match(found.message, /20 record\(s\) on .* and 30 on .* in 1 partition\(s\)/);
  });

  it('a topic written on one side only after its stop is information, not split brain', async () => {
    const doc = jsonOf(await topology('--json')) as Json;
    assert.deepEqual(findingsOf(doc, 'split-brain', 'quiet'), []);
    const [info] = findingsOf(doc, 'writable-both-sides', 'quiet');
    assert.equal(info?.severity, 'information');
    assert.deepEqual(
      info?.partitions.map((p) => p.writtenOnDestination),
      [0, 5],
    );
  });

  it('epoch war: STOPPED in the old mirror on B while A mirrors it back from B', async () => {
    const doc = jsonOf(await topology('--json')) as Json;
    const [war] = findingsOf(doc, 'epoch-war', 'payments');
    assert.equal(war?.severity, 'problem');
    assert.deepEqual(war?.mirrors, [
      { cluster: b, mirror: 'fwd' },
      { cluster: a, mirror: 'back' },
    ]);
    assert.deepEqual(findingsOf(doc, 'split-brain', 'payments'), [], 'A is read-only for it: no split brain');
  });

  it('mirror loops: a pair, and a cycle through three clusters, each reported once', async () => {
    const doc = jsonOf(await topology('--json')) as Json;
    const ring = findingsOf(doc, 'mirror-loop', 'ring');
    assert.equal(ring.length, 1, JSON.stringify(ring));
    assert.deepEqual(ring[0]?.clusters, [a, b]);
    const tri = findingsOf(doc, 'mirror-loop', 'tri');
    assert.equal(tri.length, 1, JSON.stringify(tri));
    assert.deepEqual(tri[0]?.clusters, [a, b, c]);
    assert.match(tri[0]?.message ?? '', new RegExp(`loop ${a} → ${b} → ${c} → ${a}`));
    assert.deepEqual(findingsOf(doc, 'mirror-loop', 'orders'), []);
  });

  it('prints the clusters, mirrors, topics and findings as tables, problems first', async () => {
    const result = await topology();
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^CLUSTER +CLUSTER ID +MIRRORS +TOPICS +STATUS$/m);
    assert.match(result.stdout, new RegExp(`^orders +${a}, ${b} +-$`, 'm'));
    const lines = result.stdout.split('\n').filter((l) => /^(PROBLEM|info) /.test(l));
    const firstInfo = lines.findIndex((l) => l.startsWith('info'));
    assert.ok(lines.slice(0, firstInfo).length >= 4 && lines.slice(firstInfo).every((l) => l.startsWith('info')));
    assert.match(result.stdout, /^PROBLEM split brain: split brain: orders was written on both sides/m);
    assert.match(result.stdout, /^\d+ problem\(s\) across 3 cluster\(s\)\.$/m);
  });

  it('-o dot draws a node per cluster and an edge per mirror, problems in red', async () => {
    const result = await topology('-o', 'dot');
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^digraph kmirror \{/);
    assert.equal(result.stdout.match(/^ {2}c\d \[label=/gm)?.length, 3);
    assert.match(
      result.stdout,
      joinedRegex(
        [
          /^ {2}c0 -> c1 \[label="fwd\\norders, payments, quiet \+2 more\\n.*/,
          /\\nmirror loop: ring\\nmirror loop: tri\\nepoch war: payments", color=red/,
        ],
        'm',
      ),
    );
    assert.match(
      result.stdout,
      /^ {2}c1 -> c2 \[label="from-b\\ntri\\n2 MIRRORING\\nmirror loop: tri", color=red, fontcolor=red\];$/m,
    );
    assert.match(result.stdout, /^ {2}c0 -> c2 \[label="from-a\\nclean\\n2 MIRRORING"\];$/m);
    assert.match(result.stdout, /^ {2}c0 -> c1 \[label="split brain: orders", color=red, fontcolor=red, style=dashed/m);
  });

  it('-o mermaid draws the same graph, problem links styled red', async () => {
    const result = await topology('-o', 'mermaid');
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^flowchart LR$/m);
    assert.match(result.stdout, /^ {2}c0 -->\|"from-a<br\/>clean<br\/>2 MIRRORING"\| c2$/m);
    const links = result.stdout.split('\n').filter((l) => / (-->|<-\.->)\|/.test(l));
    const red = [...result.stdout.matchAll(/^ {2}linkStyle (\d+) stroke:red/gm)].map((m) => Number(m[1]));
    assert.ok(red.length > 0);
    for (const i of red) assert.match(links[i] ?? '', /fwd|back|from-b|from-c|split brain/);
    assert.equal(red.length, links.length - 1);
    assert.ok(!red.includes(links.findIndex((l) => l.includes('from-a'))), 'a healthy mirror stays black');
  });

  it('the exporter given the same clusters counts the same problems by kind (kmirror_topology_problems)', async () => {
    const doc = jsonOf(await topology('--json')) as Json;
    const exporter = await startExporter(['-b', b, '--cluster', a, '--cluster', c]);
    try {
      const body = await (await fetch(exporter.url)).text();
      for (const kind of ['mirror-loop', 'split-brain', 'epoch-war']) {
        const expected = doc.findings.filter((f) => f.severity === 'problem' && f.kind === kind).length;
        assert.ok(expected > 0, `the estate has a ${kind}`);
        assert.equal(seriesValue(body, 'kmirror_topology_problems', { kind }), expected, `${kind}\n${body}`);
      }
      for (const cluster of [a, b, c]) assert.equal(seriesValue(body, 'kmirror_topology_cluster_up', { cluster }), 1);
    } finally {
      await exporter.stop();
    }
  });

  it('check across the three clusters: each summarised, the problems named, exit 1', async () => {
    const result = await runCli(['check', ...estateArgs(estate.source, estate.destination, third(estate)), '--json']);
    assert.equal(result.code, 1, result.stderr);
    const doc = jsonOf(result) as Parsed<EstateCheck>;
    assertMatchesSchema('check', doc);
    assert.deepEqual(
      doc.clusters.map((x) => [x.label, x.verdict, x.mirrors]),
      [
        [a, 'usable', 2],
        [b, 'usable', 1],
        [c, 'usable', 2],
      ],
    );
    assert.ok((doc.clusters[0]?.failingPartitions ?? 0) > 0, 'the loop leaves A FAILED');
    const kinds = new Set(doc.findings.filter((f) => f.severity === 'problem').map((f) => f.kind));
    assert.deepEqual([...kinds].sort(), ['epoch-war', 'mirror-loop', 'split-brain']);
    assert.equal(doc.problems, doc.findings.filter((f) => f.severity === 'problem').length);
    const text = await runCli(['check', ...estateArgs(estate.source, estate.destination, third(estate))]);
    assert.equal(text.code, 1);
    assert.match(text.stdout, /^CLUSTER +CLUSTER ID +VERDICT +BROKERS +MIRRORS +PARTITIONS +FAILED$/m);
    assert.match(text.stdout, /^PROBLEM split brain: /m);
    assert.match(text.stdout, /^\d+ problem\(s\) across 3 cluster\(s\)\.$/m);
  });

  it('check with one -b is the single-cluster check it always was', async () => {
    const result = await runCli(['check', '-b', b, '--json']);
    assert.equal(result.code, 0, result.stderr);
    const doc = jsonOf(result) as { verdict: string; brokers: unknown[]; clusters?: unknown };
    assert.equal(doc.verdict, 'usable');
    assert.equal(doc.brokers.length, 1);
    assert.equal(doc.clusters, undefined);
  });

  it('refuses an output format it does not draw (exit 2)', async () => {
    const result = await runCli(['topology', '-b', a, '-o', 'svg']);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /svg/);
  });
});

describe('kmirror topology: information only, and a cluster that cannot be reached', () => {
  let estate: EmulatedClusters;
  before(async () => {
    estate = await startEstate('topology-info');
    estate.source.cluster.createTopic('quiet', { partitions: 1, initialOffset: 10n });
    await mirrorTopics(estate.destination, 'fwd', estate.source, ['quiet']);
    await waitForStates(estate.destination, 'quiet', 'MIRRORING');
    await stopTopics(estate.destination, 'fwd', ['quiet']);
  });
  after(async () => estate.close());

  it('a finished switchover is information: no problem, exit 0', async () => {
    const result = await runCli(['topology', ...estateArgs(estate.source, estate.destination), '--json']);
    assert.equal(result.code, 0, result.stderr);
    const doc = jsonOf(result) as Json;
    assert.equal(doc.problems, 0);
    assert.deepEqual(
      doc.findings.map((f) => [f.kind, f.severity]),
      [['writable-both-sides', 'information']],
    );
  });

  it('a mirror whose source is not among the clusters given is named, as information', async () => {
    const result = await runCli(['topology', '-b', estate.destination.bootstrap, '--json']);
    assert.equal(result.code, 0, result.stderr);
    const doc = jsonOf(result) as Json;
    const [outside] = findingsOf(doc, 'source-outside');
    assert.equal(outside?.severity, 'information');
    assert.match(outside?.message ?? '', new RegExp(`reads from cluster ${estate.source.clusterId}`));
    assert.equal(doc.mirrors[0]?.source, null);
    const dot = await runCli(['topology', '-b', estate.destination.bootstrap, '-o', 'dot']);
    assert.match(dot.stdout, /^ {2}x0 \[label=".*\(not given\)", style="rounded,dashed"\];$/m);
  });

  it('check across clusters with information only exits 0', async () => {
    const result = await runCli(['check', ...estateArgs(estate.source, estate.destination), '--json']);
    assert.equal(result.code, 0, result.stderr);
    const doc = jsonOf(result) as Parsed<EstateCheck>;
    assert.equal(doc.problems, 0);
    assert.deepEqual(
      doc.findings.map((f) => f.kind),
      ['writable-both-sides'],
    );
  });

  it('--cluster names saved profiles, --all-profiles takes them all; each cluster is labelled by name', async () => {
    const home = mkdtempSync(join(tmpdir(), 'kmirror-topology-'));
    try {
      const env = { XDG_CONFIG_HOME: home };
      for (const [name, handle] of [
        ['site-a', estate.source],
        ['site-b', estate.destination],
      ] as const)
        assert.equal((await runCli(['profile', 'create', name, '-b', handle.bootstrap], { env })).code, 0);
      for (const args of [['--cluster', 'site-a', '--cluster', 'site-b'], ['--all-profiles']]) {
        const result = await runCli(['topology', ...args, '--json'], { env });
        assert.equal(result.code, 0, result.stderr);
        const doc = jsonOf(result) as Json;
        assert.deepEqual(
          doc.clusters.map((x) => [x.label, x.clusterId]),
          [
            ['site-a', estate.source.clusterId],
            ['site-b', estate.destination.clusterId],
          ],
        );
        assert.equal(doc.mirrors[0]?.source, 'site-a');
      }
      const none = await runCli(['topology', '--all-profiles', '--json'], {
        env: { XDG_CONFIG_HOME: join(home, 'empty') },
      });
      assert.equal(none.code, 2);
      assert.match(none.stdout, /--all-profiles: no profile is saved/);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('reports a cluster that does not answer and still judges the others (exit 3)', async () => {
    const dead = `127.0.0.1:${await deadPort()}`;
    const result = await runCli([
      'topology',
      ...estateArgs(estate.source, estate.destination),
      '-b',
      dead,
      '--cluster-timeout',
      '1s',
      '--json',
    ]);
    assert.equal(result.code, 3, result.stderr);
    const doc = jsonOf(result) as Json;
    const down = doc.clusters.find((x) => x.label === dead);
    assert.equal(down?.reachable, false);
    assert.ok((down?.error ?? '').length > 0);
    assert.equal(doc.clusters.filter((x) => x.reachable).length, 2);
    assert.deepEqual(findingsOf(doc, 'writable-both-sides').length, 1);
    const check = await runCli([
      'check',
      ...estateArgs(estate.source, estate.destination),
      '-b',
      dead,
      '--json',
      '--cluster-timeout',
      '1s',
    ]);
    assert.equal(check.code, 3, check.stderr);
    assert.equal((jsonOf(check) as Parsed<EstateCheck>).clusters.find((x) => x.label === dead)?.reachable, false);
  });
});

describe('kmirror topology: the markers a stop writes over an open transaction are not writes on B', () => {
  let estate: EmulatedClusters;
  before(async () => {
    estate = await startEstate('topology-open-transaction');
    const A = estate.source;
    const B = estate.destination;
    A.cluster.createTopic('ledger', { partitions: 1, initialOffset: 10n });
    A.cluster.beginTransaction('ledger', 0);
    A.cluster.produce('ledger', 0, 5);
    await mirrorTopics(B, 'fwd', A, ['ledger']);
    await waitForStates(B, 'ledger', 'MIRRORING');
    for (let i = 0; i < 100 && B.cluster.endOffset('ledger', 0) !== 15n; i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    // §18: the stop aborts the open transaction on B: ABORT marker, then the PID reset (end = source end + 2).
    await stopTopics(B, 'fwd', ['ledger']);
    await waitForStates(B, 'ledger', 'STOPPED');
    A.cluster.produce('ledger', 0, 7);
  });
  after(async () => estate.close());

  it('only A was written after the stop: information, not split brain', async () => {
    assert.equal(estate.destination.cluster.endOffset('ledger', 0), 17n, 'the stop wrote two markers');
    const result = await runCli(['topology', ...estateArgs(estate.source, estate.destination), '--json']);
    assert.equal(result.code, 0, result.stderr);
    const doc = jsonOf(result) as Json;
    const [finding, ...more] = doc.findings.filter((f) => f.topic === 'ledger');
    assert.deepEqual(more, []);
    assert.equal(finding?.kind, 'writable-both-sides');
    assert.deepEqual(
      finding?.partitions?.map((p) => [p.stopPoint, p.writtenOnSource, p.writtenOnDestination]),
      [[15, 7, 0]],
    );
  });
});
