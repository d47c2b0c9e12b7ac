import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InvalidInputError } from '../../../src/lib/mirror/errors.js';
import { checkSourceClusterId, reasonOf } from '../../../src/lib/mirror/source-cluster-id.js';

const base = {
  expected: null,
  reported: 'src-id',
  destination: 'dst-id',
  sourceLabel: 'the source cluster at s:9092',
  origin: '--source-cluster-id',
  forceHint: 'leave it out',
  force: false,
  forced: 'storing it anyway',
};

describe('the source cluster id check (create, config set)', () => {
  it('without an expected id stores what the source reports', () => {
    assert.equal(checkSourceClusterId(base, assert.fail), 'src-id');
    assert.equal(checkSourceClusterId({ ...base, expected: 'src-id' }, assert.fail), 'src-id');
  });

  it('refuses a mismatch naming both ids (exit 2); --force stores the expected id with a warning', () => {
    assert.throws(
      () => checkSourceClusterId({ ...base, expected: 'other' }, assert.fail),
      (err: unknown) =>
        err instanceof InvalidInputError &&
        err.message.startsWith(
          '--source-cluster-id is other, but the source cluster at s:9092 reports cluster id src-id;',
        ) &&
        /--force \(storing it anyway\)/.test(err.hint ?? ''),
    );
    const warnings: string[] = [];
    assert.equal(
      checkSourceClusterId({ ...base, expected: 'other', force: true }, (m) => warnings.push(m)),
      'other',
    );
    assert.match(warnings[0] ?? '', /reports cluster id src-id; storing it anyway \(--force\): at its next sync/);
  });

  it('refuses a source that is the destination itself, even with --force', () => {
    assert.throws(
      () => checkSourceClusterId({ ...base, reported: 'dst-id', expected: 'dst-id', force: true }, assert.fail),
      /is the destination cluster itself \(cluster id dst-id\)/,
    );
  });

  it('a failure is described with its causes', () => {
    const err = new Error('cannot read the source cluster id from s:9092', { cause: new Error('ECONNREFUSED') });
    assert.equal(reasonOf(err), 'cannot read the source cluster id from s:9092: ECONNREFUSED');
    assert.equal(reasonOf('plain'), 'plain');
  });
});
