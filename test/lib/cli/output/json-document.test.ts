import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { KafkaResponseError } from '../../../../src/lib/mirror/core/errors.js';
import { toFailure } from '../../../../src/lib/cli/failures/errors.js';
import {
  SCHEMA_VERSION,
  errorDocument,
  failureJson,
  resultDocument,
} from '../../../../src/lib/cli/output/json-document.js';

describe('failureJson', () => {
  it('has the contract shape and key order', () => {
    const json = failureJson(
      toFailure(new KafkaResponseError(144, null, { api: 'CreateClusterMirror', mirror: 'm1' })),
    );
    assert.deepEqual(Object.keys(json), ['exitCode', 'kafkaError', 'message', 'hint']);
    assert.deepEqual(json.kafkaError, { code: 144, name: 'CLUSTER_MIRROR_AUTHORIZATION_FAILED' });
    assert.equal(json.exitCode, 5);
    assert.equal(failureJson(toFailure(new Error('x'))).kafkaError, null);
    assert.equal(failureJson(toFailure(new Error('x'))).hint, null);
  });
});

describe('resultDocument', () => {
  it('opens with schemaVersion, keeps the fields in order, and ends with warnings', () => {
    const document = resultDocument({ mirror: 'm1', dryRun: false }, { warnings: ['w1'] });
    assert.deepEqual(Object.keys(document), ['schemaVersion', 'mirror', 'dryRun', 'warnings']);
    assert.equal(document.schemaVersion, SCHEMA_VERSION);
    assert.deepEqual(document.warnings, ['w1']);
  });

  it('joins the warnings the result holds with those given while it ran, each once', () => {
    const document = resultDocument({ warnings: ['a', 'b'] }, { warnings: ['b', 'c'] });
    assert.deepEqual(document.warnings, ['a', 'b', 'c']);
  });

  it('a --watch refresh carries its timestamp after schemaVersion; a failure comes last as error', () => {
    const error = failureJson(toFailure(new Error('broker gone')));
    const document = resultDocument({ mirrors: [] }, { timestamp: '2026-12-01T00:00:00.000Z', error });
    assert.deepEqual(Object.keys(document), ['schemaVersion', 'timestamp', 'mirrors', 'warnings', 'error']);
    assert.equal(document.error, error);
  });

  it('refuses an array result (the envelope needs an object)', () => {
    assert.throws(() => resultDocument([1, 2]), /must be an object/);
    assert.throws(() => resultDocument(null), /must be an object/);
  });
});

describe('errorDocument', () => {
  it('is schemaVersion, error and warnings', () => {
    const error = failureJson(toFailure(new Error('x')));
    assert.deepEqual(errorDocument(error, { warnings: ['w'] }), {
      schemaVersion: SCHEMA_VERSION,
      error,
      warnings: ['w'],
    });
    assert.deepEqual(Object.keys(errorDocument(error, { timestamp: 't' })), [
      'schemaVersion',
      'timestamp',
      'error',
      'warnings',
    ]);
  });
});
