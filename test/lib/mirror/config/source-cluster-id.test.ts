import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InvalidInputError } from '../../../../src/lib/mirror/core/errors.js';
import { checkSourceClusterId, reasonOf } from '../../../../src/lib/mirror/config/source-cluster-id.js';
import { resolveCreateSourceClusterId } from '../../../../src/lib/mirror/lifecycle/create-source-id.js';

const base = {
  expected: null,
  reported: 'src-id',
  destination: 'dst-id',
  sourceLabel: 'the source cluster at s:9092',
  origin: '--source-cluster-id',
  fix: 'leave it out',
};

describe('the source cluster id check (create, config set)', () => {
  it('without an expected id stores what the source reports', () => {
    assert.equal(checkSourceClusterId(base), 'src-id');
    assert.equal(checkSourceClusterId({ ...base, expected: 'src-id' }), 'src-id');
  });

  it('refuses a mismatch naming both ids (exit 2), with the fix and --force in the hint', () => {
    assert.throws(
      () => checkSourceClusterId({ ...base, expected: 'other' }),
      (err: unknown) =>
        err instanceof InvalidInputError &&
        err.message.startsWith(
          '--source-cluster-id is other, but the source cluster at s:9092 reports cluster id src-id; at its next sync',
        ) &&
        err.hint === 'leave it out; --force stores it without asking the source',
    );
  });

  it('refuses a source that is the destination itself', () => {
    assert.throws(
      () => checkSourceClusterId({ ...base, reported: 'dst-id', expected: 'dst-id' }),
      /is the destination cluster itself \(cluster id dst-id\)/,
    );
  });

  it('create --force stores a given id without opening the source', async () => {
    const warnings: string[] = [];
    const plan = { sourceClusterId: 'given', sourceConnection: null, sourceConnectionProblem: null };
    const id = await resolveCreateSourceClusterId(
      plan,
      { destination: 'dst-id', force: true },
      () => Promise.reject(new Error('must not connect')),
      (m) => warnings.push(m),
    );
    assert.equal(id, 'given');
    assert.match(
      warnings[0] ?? '',
      /^--source-cluster-id given is stored without asking the source cluster \(--force\)/,
    );
  });

  it('a failure is described with its causes', () => {
    const err = new Error('cannot read the source cluster id from s:9092', { cause: new Error('ECONNREFUSED') });
    assert.equal(reasonOf(err), 'cannot read the source cluster id from s:9092: ECONNREFUSED');
    assert.equal(reasonOf('plain'), 'plain');
  });
});
