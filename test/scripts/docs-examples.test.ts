// The examples in the README and the man pages are real output: this reruns the recorded session
// against fresh emulated clusters and requires the committed docs/examples.json to be exactly that
// run (with generate.test.ts, the committed docs therefore equal a fresh run).

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runExampleSession, withoutWallTimes } from '../../scripts/example-session.js';
import { examplesJson, readExamples } from '../../src/lib/docs/examples-file.js';
import { readManifest } from '../../src/lib/docs/generate.js';
import { REPO_ROOT } from '../helpers/cli.js';

describe('docs/examples.json', () => {
  it('equals a fresh run of the example session (run npm run docs when this fails)', async () => {
    const manifest = readManifest(REPO_ROOT);
    const fresh = await runExampleSession({ root: REPO_ROOT, commands: new Set(Object.keys(manifest.commands)) });
    assert.ok(Object.keys(fresh).length > 0, 'the session ran no command');
    const recorded = readExamples(REPO_ROOT);
    assert.deepEqual(Object.keys(recorded), Object.keys(fresh), 'the commands recorded');
    // Run by run first: an output is one line of the file, which a failure would show cut short; as text of its
    // own it shows every changed line.
    for (const [command, runs] of Object.entries(fresh)) {
      const before = recorded[command] ?? [];
      assert.deepEqual(
        before.map((run) => run.commandLine),
        runs.map((run) => run.commandLine),
        `the runs of ${command}`,
      );
      runs.forEach((run, i) => {
        assert.equal(before[i]?.exitCode, run.exitCode, `exit code of ${run.commandLine}`);
        assert.equal(before[i]?.output, run.output, `output of ${run.commandLine}`);
      });
    }
    // and the file as a whole: its layout too
    assert.equal(examplesJson(recorded), examplesJson(fresh));
  });

  it('records only runs that succeeded, with the documented addresses instead of random ports', () => {
    const runs = Object.values(readExamples(REPO_ROOT)).flat();
    assert.ok(runs.length > 0);
    for (const run of runs) {
      assert.equal(run.exitCode, 0, `${run.commandLine}\n${run.output}`);
      assert.doesNotMatch(`${run.commandLine}\n${run.output}`, /127\.0\.0\.1:\d+/, run.commandLine);
      assert.match(run.commandLine, /-b localhost:19092/);
    }
  });

  it('shows every LAG TIME age as N h, also one whose minutes or seconds are zero and left out', () => {
    const row = (age: string): string =>
      `orders-us          0          24080                8750  15330  ${age}  MIRRORING`;
    const ages = ['8049h12m5s', '8049h12m', '8049h5s', '8049h'];
    const shown = new Set(ages.map((age) => withoutWallTimes(row(age.padStart(12)))));
    assert.deepEqual([...shown], [row('N h'.padStart(12))]);
    assert.equal(
      withoutWallTimes(`x  ${'8049h12m'.padStart(12)}`),
      `x  ${'N h'.padStart(12)}`,
      'an age at the end of a line',
    );
  });
});
