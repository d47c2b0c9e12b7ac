import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  errors,
  isRetriable,
  kafkaError,
  kafkaErrorByName,
  kafkaErrorHint,
  knownKafkaErrors,
} from '../../../src/lib/kafka/error-codes.js';

describe('kafka error code table', () => {
  it('names every code once: errors.X is the entry kafkaError(code) finds', () => {
    assert.equal(errors.UNKNOWN_CLUSTER_MIRROR.code, 137);
    assert.equal(errors.CLUSTER_MIRROR_AUTHORIZATION_FAILED.code, 144);
    for (const [name, info] of Object.entries(errors)) {
      assert.equal(info.name, name);
      assert.equal(kafkaError(info.code), info);
    }
  });

  it('classifies codes for the exit code: denied, unsupported, not found, else failed', () => {
    assert.equal(errors.CLUSTER_MIRROR_AUTHORIZATION_FAILED.exit, 'denied');
    assert.equal(errors.SASL_AUTHENTICATION_FAILED.exit, 'denied');
    assert.equal(errors.UNSUPPORTED_VERSION.exit, 'unsupported');
    assert.equal(errors.UNKNOWN_CLUSTER_MIRROR.exit, 'not-found');
    assert.equal(errors.UNKNOWN_TOPIC_ID.exit, 'not-found');
    assert.equal(errors.INVALID_CLUSTER_MIRROR_STATES.exit, 'failed');
    assert.equal(kafkaError(9999).exit, 'failed');
    assert.equal(errors.MIRROR_TOPIC_NOT_PAUSED.subject, 'topic');
    assert.equal(errors.CLUSTER_MIRROR_NOT_EMPTY.subject, 'mirror');
  });

  it('covers every code the mirror paths can return (PROTOCOL.md §6.1, §6.2)', () => {
    const mirrorPaths = [
      -1, 3, 7, 14, 15, 16, 29, 31, 35, 36, 38, 39, 40, 42, 103, 134, 135, 136, 137, 138, 139, 140, 141, 142, 143, 144,
      145, 146,
    ];
    for (const code of mirrorPaths)
      assert.ok(!kafkaError(code).name.startsWith('UNKNOWN_CODE_'), `code ${code} missing`);
  });

  it('covers the common upstream codes', () => {
    const common = [
      0, 1, 2, 5, 6, 8, 9, 10, 13, 19, 24, 25, 30, 32, 33, 34, 37, 41, 43, 44, 45, 47, 56, 57, 58, 59, 63, 69, 70, 71,
      72, 74, 87, 89, 100, 107,
    ];
    for (const code of common) assert.ok(!kafkaError(code).name.startsWith('UNKNOWN_CODE_'), `code ${code} missing`);
  });

  it("uses the names of Kafka's Errors enum and of the prototype", () => {
    const expected: Record<number, string> = {
      [-1]: 'UNKNOWN_SERVER_ERROR',
      3: 'UNKNOWN_TOPIC_OR_PARTITION',
      6: 'NOT_LEADER_OR_FOLLOWER',
      29: 'TOPIC_AUTHORIZATION_FAILED',
      35: 'UNSUPPORTED_VERSION',
      41: 'NOT_CONTROLLER',
      42: 'INVALID_REQUEST',
      58: 'SASL_AUTHENTICATION_FAILED',
      103: 'INCONSISTENT_TOPIC_ID',
      134: 'READ_ONLY_TOPIC',
      136: 'CLUSTER_MIRROR_ALREADY_EXISTS',
      137: 'UNKNOWN_CLUSTER_MIRROR',
      138: 'TOPIC_ALREADY_IN_CLUSTER_MIRROR',
      139: 'TOPIC_NOT_IN_CLUSTER_MIRROR',
      140: 'MIRROR_TOPIC_ALREADY_PAUSED',
      141: 'MIRROR_TOPIC_NOT_PAUSED',
      142: 'MIRROR_TOPIC_BEING_STOPPED',
      143: 'CLUSTER_MIRROR_NOT_EMPTY',
      144: 'CLUSTER_MIRROR_AUTHORIZATION_FAILED',
      145: 'INVALID_CLUSTER_MIRROR_STATES',
      146: 'MIRROR_TOPIC_NOT_STOPPED',
    };
    for (const [code, name] of Object.entries(expected)) assert.equal(kafkaError(Number(code)).name, name);
    assert.equal(kafkaErrorByName('UNKNOWN_CLUSTER_MIRROR')?.code, 137);
  });

  it("follows Kafka's retriable classification", () => {
    for (const code of [2, 3, 5, 6, 7, 9, 13, 14, 15, 16, 19, 41, 56, 70, 71, 72, 74, 89, 100, 103])
      assert.equal(isRetriable(code), true, `code ${code}`);
    for (const code of [
      -1, 1, 8, 10, 29, 31, 35, 36, 38, 40, 42, 58, 87, 107, 134, 136, 137, 138, 139, 140, 141, 142, 143, 144, 145, 146,
    ]) {
      assert.equal(isRetriable(code), false, `code ${code}`);
    }
  });

  it('marks 135 as retired', () => {
    assert.equal(kafkaError(135).retired, true);
    assert.equal(kafkaError(136).retired, undefined);
  });

  it('falls back for unknown codes instead of throwing', () => {
    const info = kafkaError(999);
    assert.equal(info.name, 'UNKNOWN_CODE_999');
    assert.equal(info.code, 999);
    assert.equal(info.retriable, false);
    assert.match(info.message, /999/);
  });

  it('has a readable message for every entry and unique names', () => {
    const all = knownKafkaErrors();
    assert.equal(new Set(all.map((e) => e.name)).size, all.length);
    for (const entry of all) assert.ok(entry.message.length > 5, entry.name);
    assert.deepEqual(
      all.map((e) => e.code),
      [...all.map((e) => e.code)].sort((a, b) => a - b),
    );
  });

  it('gives mirroring-specific hints', () => {
    assert.match(kafkaErrorHint(35) ?? '', /kafka-features\.sh .*upgrade --feature mirror\.version=1/);
    assert.match(kafkaErrorHint(35, { api: 'DescribeClusterMirrors' }) ?? '', /^mirroring is disabled: .*4\.2-IV2/);
    assert.match(kafkaErrorHint(35, { api: 'Metadata' }) ?? '', /too old/);
    assert.match(kafkaErrorHint(145, { mirror: 'm1' }) ?? '', /describe m1/);
    assert.match(kafkaErrorHint(145) ?? '', /every partition/);
    assert.match(
      kafkaErrorHint(42, { api: 'CreateClusterMirror' }) ?? '',
      /bootstrap\.servers.*mirror\.source\.cluster\.id/,
    );
    assert.doesNotMatch(kafkaErrorHint(42) ?? '', /mirror\.source\.cluster\.id/);
  });

  it('names the ACL operation on --cluster-mirror for 144, per API', () => {
    const cases: Record<string, RegExp> = {
      CreateClusterMirror: /--operation Create --cluster-mirror m1/,
      StartMirrorTopics: /--operation Alter --cluster-mirror m1/,
      DeleteClusterMirror: /--operation Delete --cluster-mirror m1.*Alter/,
      DescribeClusterMirrors: /--operation Describe --cluster-mirror m1/,
      DescribeConfigs: /--operation DescribeConfigs --cluster-mirror m1/,
      IncrementalAlterConfigs: /--operation AlterConfigs --cluster-mirror m1/,
    };
    for (const [api, pattern] of Object.entries(cases))
      assert.match(kafkaErrorHint(144, { api, mirror: 'm1' }) ?? '', pattern, api);
    assert.match(kafkaErrorHint(144) ?? '', /--cluster-mirror <mirror>/);
  });
});
