// `kmirror verify` end to end, in-process against emulated clusters that hold real batches: a mirror that
// copied the source batch for batch is identical; each other verdict is made by changing one log (a batch
// written differently on one side, a partition missing, retention moving a log start, compaction).

import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { EmulatedClusters } from '../../src/lib/emulator/index.js';
import { jsonOf, runCli, type CliResult } from '../helpers/in-process-cli.js';
import { assertMatchesSchema } from '../helpers/schema.js';
import { startMirrored, sync } from './groups-setup.js';

interface VerifyJson {
  partitions: {
    topic: string;
    partition: number;
    verdict: string;
    from: string | number | null;
    to: string | number | null;
    batches: number;
    missingOn?: string;
    notComparable?: { cause: string; side: string; detail: string };
    divergence?: {
      offset: number;
      reason: string;
      fields: string[];
      source: { crc: string } | null;
      destination: { crc: string } | null;
    };
    brokerAdditions: { side: string; offset: number; kind: string }[];
  }[];
  summary: { partitions: number; identical: number; diverged: number };
  diverged: boolean;
}

const running: EmulatedClusters[] = [];
async function mirrored(seed: string): Promise<EmulatedClusters> {
  const emulator = await startMirrored(seed);
  running.push(emulator);
  sync(emulator, 5);
  return emulator;
}

function verifyCli(emulator: EmulatedClusters, ...args: string[]): Promise<CliResult> {
  return runCli(['verify', 'm1', '-b', emulator.destination.bootstrap, ...args]);
}

async function verifyJson(
  emulator: EmulatedClusters,
  ...args: string[]
): Promise<{ code: number | null; doc: VerifyJson }> {
  const result = await verifyCli(emulator, '--json', ...args);
  const doc = jsonOf(result);
  assertMatchesSchema('verify', doc);
  return { code: result.code, doc: doc as VerifyJson };
}

describe('kmirror verify', () => {
  after(async () => {
    for (const e of running) await e.close();
  });

  it('a mirror that copied the source batch for batch is identical, tail and full', async () => {
    const emulator = await mirrored('verify-identical');
    const tail = await verifyJson(emulator);
    assert.equal(tail.code, 0, JSON.stringify(tail.doc));
    assert.equal(tail.doc.summary.partitions, 3);
    assert.deepEqual(
      tail.doc.partitions.map((p) => p.verdict),
      ['identical', 'identical', 'identical'],
    );
    assert.deepEqual(
      tail.doc.partitions.map((p) => p.batches),
      [10, 10, 10],
    );
    const full = await verifyJson(emulator, '--full');
    assert.equal(full.code, 0);
    assert.ok(
      full.doc.partitions.every((p) => p.batches > 10),
      JSON.stringify(full.doc.partitions),
    );
  });
});
