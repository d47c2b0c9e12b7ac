// `kmirror topology -o dot` judged by Debian's Graphviz: the drawing of an emulated estate of three
// clusters with a split brain parses, lays out with every cluster and mirror in it (problems red), and
// renders to a PNG whose signature and IHDR chunk are those of a real image.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import type { EmulatedClusters } from '../../src/lib/emulator/index.js';
import { runCli } from '../helpers/in-process-cli.js';
import { estateArgs, mirrorTopics, startEstate, stopTopics, third, waitForStates } from '../commands/topology-setup.js';
import { describeRun, describeWithTool, probeGraphviz, runTool } from './tools.js';

const graphviz = await probeGraphviz();
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describeWithTool(graphviz, 'kmirror topology -o dot drawn by Graphviz', () => {
  let estate: EmulatedClusters;
  let dir: string;
  let dot: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kmirror-dot-'));
    estate = await startEstate('topology-dot');
    estate.source.cluster.createTopic('orders', { partitions: 1, initialOffset: 50n });
    estate.source.cluster.createTopic('audit', { partitions: 1, initialOffset: 5n });
    await mirrorTopics(estate.destination, 'fwd', estate.source, ['orders']);
    await mirrorTopics(third(estate), 'audit-copy', estate.source, ['audit']);
    await waitForStates(estate.destination, 'orders', 'MIRRORING');
    await waitForStates(third(estate), 'audit', 'MIRRORING');
    await stopTopics(estate.destination, 'fwd', ['orders']);
    estate.destination.cluster.produce('orders', 0, 3);
    estate.source.cluster.produce('orders', 0, 4);
    const result = await runCli([
      'topology',
      ...estateArgs(estate.source, estate.destination, third(estate)),
      '-o',
      'dot',
    ]);
    assert.equal(result.code, 0, result.stderr);
    dot = result.stdout;
  });
  after(async () => {
    await estate.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('parses and lays out: three clusters, both mirrors and the split brain, problems red', async () => {
    const plain = await runTool('dot', ['-Tplain'], { stdin: dot });
    assert.equal(plain.code, 0, describeRun('dot -Tplain', plain));
    assert.equal(plain.stderr, '', 'Graphviz warns about nothing');
    const nodes = plain.stdout.split('\n').filter((l) => l.startsWith('node '));
    assert.deepEqual(nodes.map((l) => l.split(' ')[1]).sort(), ['c0', 'c1', 'c2']);
    const edges = plain.stdout.split('\n').filter((l) => l.startsWith('edge '));
    assert.equal(edges.length, 3, plain.stdout);
    const red = edges.filter((l) => / red$/.test(l)).map((l) => l.split(' ').slice(1, 3).join('->'));
    assert.deepEqual(red.sort(), ['c0->c1', 'c0->c1'], 'fwd and the split brain between A and B');
    assert.ok(
      edges.some((l) => l.startsWith('edge c0 c2 ') && / black$/.test(l)),
      'the healthy mirror is black',
    );
  });

  it('renders a PNG: the signature, then an IHDR chunk of 13 bytes with a real width and height', async () => {
    const path = join(dir, 'estate.png');
    const rendered = await runTool('dot', ['-Tpng', '-o', path], { stdin: dot });
    assert.equal(rendered.code, 0, describeRun('dot -Tpng', rendered));
    const png = readFileSync(path);
    assert.deepEqual(png.subarray(0, 8), PNG_SIGNATURE);
    assert.equal(png.readUInt32BE(8), 13, 'IHDR data length');
    assert.equal(png.subarray(12, 16).toString('latin1'), 'IHDR');
    const width = png.readUInt32BE(16);
    const height = png.readUInt32BE(20);
    assert.ok(width > 100 && height > 50, `${width}x${height}`);
    assert.ok(width > height, 'laid out left to right (rankdir=LR)');
    assert.equal(png.subarray(png.length - 8, png.length - 4).toString('latin1'), 'IEND');
  });
});
