// Offsets and lag are int64 on the wire: describe must print every digit (table, JSON, YAML),
// past 2^53 where a Number rounds. The offsets are set on the emulator's partitions directly;
// copying is off, so the destination offset stays where it is put.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import { setEndOffset } from '../../src/lib/emulator/state/topics.js';
import { runCli } from '../helpers/in-process-cli.js';
import { assertMatchesSchema } from '../helpers/schema.js';
import { createMirror, engineStates, startTopics, waitFor } from './describe-setup.js';
import { INSTANT_START } from '../helpers/emulator-timing.js';

const INT64_MAX = 9223372036854775807n;
const TWO_53 = 2n ** 53n;

describe('kmirror describe: offsets and lag past 2^53 stay exact', () => {
  let emulator: EmulatedClusters;
  before(async () => {
    emulator = await startEmulatedClusters({
      seed: 'describe-int64',
      growthPerSec: 0,
      timing: { ...INSTANT_START, copyRecordsPerSec: 0 },
      demoTopics: [{ name: 'huge', partitions: 2, initialOffset: 0n }],
    });
    createMirror(emulator, 'm1');
    startTopics(emulator, 'm1', ['huge']);
    await waitFor('huge MIRRORING', () => engineStates(emulator, 'huge').every((s) => s === 'MIRRORING'));
    const source = emulator.source.cluster.topics.get('huge')?.partitions ?? [];
    const destination = emulator.destination.cluster.topics.get('huge')?.partitions ?? [];
    const [s0, s1] = source;
    const [d0, d1] = destination;
    assert.ok(s0 && s1 && d0 && d1);
    // Partition 0: source at the int64 maximum, destination at 0. Partition 1: 2^53+1 against 2^53.
    setEndOffset(s0, 0, INT64_MAX);
    setEndOffset(d0, 0, 0n);
    setEndOffset(s1, 0, TWO_53 + 1n);
    setEndOffset(d1, 0, TWO_53);
    await waitFor(
      'the fetcher to see the new source offsets',
      () => d0.mirror?.sourceOffset === INT64_MAX && d1.mirror?.sourceOffset === TWO_53 + 1n,
    );
  });
  after(async () => {
    await emulator.close();
  });
  const run = (...args: string[]) => runCli(['describe', 'm1', '-b', emulator.destination.bootstrap, ...args]);

  it('--json writes exact integer literals (not strings, not rounded) and matches the schema', async () => {
    const result = await run('--json', '--partitions');
    assert.equal(result.code, 0, result.stderr);
    const out = result.stdout;
    assert.match(out, /"sourceOffset": 9223372036854775807,/);
    assert.match(out, /"destinationOffset": 0,/);
    assert.match(out, /"lag": 9223372036854775807,/);
    assert.match(out, /"sourceOffset": 9007199254740993,/);
    assert.match(out, /"destinationOffset": 9007199254740992,/);
    assert.match(out, /"lag": 1,/);
    // The sum of both lags is 2^63, past int64 itself: still every digit.
    assert.match(out, /"totalLag": 9223372036854775808,/);
    assert.match(out, /"maxLag": 9223372036854775807,/);
    assert.doesNotMatch(out, /9223372036854776000|"9223372036854775807"/);
    assertMatchesSchema('describe', JSON.parse(out));
  });

  it('the table prints every digit', async () => {
    const result = await run('--partitions');
    assert.equal(result.code, 0, result.stderr);
    const rows = result.stdout.split('\n').filter((line) => /^m1\s+huge\s/.test(line));
    assert.equal(rows.length, 2, result.stdout);
    assert.match(rows[0] ?? '', /\s9223372036854775807\s+0\s+9223372036854775807\s/);
    assert.match(rows[1] ?? '', /\s9007199254740993\s+9007199254740992\s+1\s/);
    const summary = await run();
    assert.match(summary.stdout, /total lag 9223372036854775808, max lag 9223372036854775807/);
  });

  it('-o yaml writes the same exact integers', async () => {
    const result = await run('-o', 'yaml', '--partitions');
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /sourceOffset: 9223372036854775807\n/);
    assert.match(result.stdout, /sourceOffset: 9007199254740993\n/);
    assert.match(result.stdout, /destinationOffset: 9007199254740992\n/);
  });

  it('--min-lag compares exactly past 2^53', async () => {
    const result = await run('--json', '--min-lag', String(INT64_MAX));
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /"partition": 0,/);
    assert.doesNotMatch(result.stdout, /"partition": 1,/);
    assert.match(result.stdout, /"totalLag": 9223372036854775807,/);
  });
});
