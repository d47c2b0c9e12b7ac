import { describe, it } from 'node:test';
import assert from 'node:assert/strict';

import {
  parseVersions,
  type ApiDefinition,
  type FieldDefinition,
  type MessageDefinition,
  type VersionRange,
} from '../../../../src/lib/kafka/definition.js';
import { ApiVersions } from '../../../../src/lib/kafka/messages/api-versions.js';
import {
  AddOffsetsToTxn,
  AddPartitionsToTxn,
  EndTxn,
  Fetch,
  GROUP_APIS,
  InitProducerId,
  Produce,
  TxnOffsetCommit,
} from '../../../../src/lib/kafka/messages/index.js';
import { CreateTopics } from '../../../../src/lib/kafka/messages/create-topics.js';
import { DescribeCluster } from '../../../../src/lib/kafka/messages/describe-cluster.js';
import { DescribeConfigs } from '../../../../src/lib/kafka/messages/describe-configs.js';
import { RequestHeader, ResponseHeader } from '../../../../src/lib/kafka/messages/headers.js';
import { IncrementalAlterConfigs } from '../../../../src/lib/kafka/messages/incremental-alter-configs.js';
import { ListOffsets } from '../../../../src/lib/kafka/messages/list-offsets.js';
import { Metadata } from '../../../../src/lib/kafka/messages/metadata.js';
import { OffsetForLeaderEpoch } from '../../../../src/lib/kafka/messages/offset-for-leader-epoch.js';
import { SaslAuthenticate } from '../../../../src/lib/kafka/messages/sasl-authenticate.js';
import { SaslHandshake } from '../../../../src/lib/kafka/messages/sasl-handshake.js';

const apis: readonly [ApiDefinition, number][] = [
  [ApiVersions, 18],
  [Metadata, 3],
  [DescribeCluster, 60],
  [DescribeConfigs, 32],
  [IncrementalAlterConfigs, 44],
  [CreateTopics, 19],
  [SaslHandshake, 17],
  [SaslAuthenticate, 36],
  [ListOffsets, 2],
  [OffsetForLeaderEpoch, 23],
  [Produce, 0],
  [Fetch, 1],
  [InitProducerId, 22],
  [AddPartitionsToTxn, 24],
  [AddOffsetsToTxn, 25],
  [EndTxn, 26],
  [TxnOffsetCommit, 28],
  ...GROUP_APIS.map((api): [ApiDefinition, number] => [api, api.apiKey]),
];

const PRIMITIVES = new Set([
  'bool',
  'int8',
  'int16',
  'uint16',
  'int32',
  'uint32',
  'int64',
  'float64',
  'string',
  'bytes',
  'records',
  'uuid',
]);

function overlaps(a: VersionRange, b: VersionRange): boolean {
  return a.min <= a.max && b.min <= b.max && a.min <= b.max && b.min <= a.max;
}

function contains(outer: VersionRange, inner: VersionRange): boolean {
  return inner.min >= outer.min && inner.max <= outer.max;
}

/** Every problem found in one message, as readable strings (empty = sound). */
function problemsOf(message: MessageDefinition): string[] {
  const problems: string[] = [];
  const valid = parseVersions(message.validVersions);
  const flexible = parseVersions(message.flexibleVersions);
  const common = new Set((message.commonStructs ?? []).map((s) => s.name));

  const walk = (fields: readonly FieldDefinition[], where: string): void => {
    const tags = new Set<number>();
    for (const field of fields) {
      const at = `${where}.${field.name}`;
      // Kafka keeps field ranges such as "0+" after dropping old message versions (DescribeConfigs
      // is valid 1-4 with "0+" fields), so "within" means: the field exists in some valid version.
      if (!overlaps(parseVersions(field.versions), valid)) {
        problems.push(`${at}: versions ${field.versions} outside validVersions ${message.validVersions}`);
      }
      if (field.tag !== undefined) {
        if (tags.has(field.tag)) problems.push(`${at}: duplicate tag ${field.tag}`);
        tags.add(field.tag);
        if (field.taggedVersions === undefined) problems.push(`${at}: tag without taggedVersions`);
      }
      if (field.taggedVersions !== undefined) {
        if (field.tag === undefined) problems.push(`${at}: taggedVersions without tag`);
        if (!contains(flexible, parseVersions(field.taggedVersions))) {
          problems.push(
            `${at}: taggedVersions ${field.taggedVersions} not within flexibleVersions ${message.flexibleVersions}`,
          );
        }
      }
      const element = field.type.startsWith('[]') ? field.type.slice(2) : field.type;
      if (!PRIMITIVES.has(element)) {
        if (field.fields !== undefined) {
          walk(field.fields, at);
        } else if (!common.has(element)) {
          problems.push(`${at}: struct ${element} declared neither in place nor in commonStructs`);
        }
      } else if (field.fields !== undefined) {
        problems.push(`${at}: primitive type ${field.type} with nested fields`);
      }
    }
  };

  walk(message.fields, message.name);
  for (const struct of message.commonStructs ?? []) walk(struct.fields, struct.name);
  return problems;
}

describe('standard API definitions', () => {
  for (const [api, key] of apis) {
    describe(api.name, () => {
      it('carries the standard API key everywhere', () => {
        assert.equal(api.apiKey, key);
        assert.equal(api.request.apiKey, key);
        assert.equal(api.response.apiKey, key);
        assert.equal(api.request.name, `${api.name}Request`);
        assert.equal(api.response.name, `${api.name}Response`);
        assert.equal(api.request.type, 'request');
        assert.equal(api.response.type, 'response');
      });

      it('has matching request and response version ranges', () => {
        assert.equal(api.request.validVersions, api.response.validVersions);
        assert.equal(api.request.flexibleVersions, api.response.flexibleVersions);
      });

      for (const message of [api.request, api.response]) {
        it(`${message.name} is internally consistent`, () => {
          assert.deepEqual(problemsOf(message), []);
        });
      }
    });
  }

  for (const header of [RequestHeader, ResponseHeader]) {
    it(`${header.name} is internally consistent`, () => {
      assert.equal(header.type, 'header');
      assert.deepEqual(problemsOf(header), []);
    });
  }

  it('reports the problems it is meant to find', () => {
    const broken: MessageDefinition = {
      type: 'response',
      name: 'BrokenResponse',
      validVersions: '0-2',
      flexibleVersions: '2+',
      fields: [
        { name: 'Late', type: 'int32', versions: '3+' },
        { name: 'A', type: 'int32', versions: '0+', tag: 0, taggedVersions: '1+' },
        { name: 'B', type: 'int32', versions: '2+', tag: 0, taggedVersions: '2+' },
        { name: 'Items', type: '[]Missing', versions: '0+' },
      ],
    };
    assert.deepEqual(problemsOf(broken), [
      'BrokenResponse.Late: versions 3+ outside validVersions 0-2',
      'BrokenResponse.A: taggedVersions 1+ not within flexibleVersions 2+',
      'BrokenResponse.B: duplicate tag 0',
      'BrokenResponse.Items: struct Missing declared neither in place nor in commonStructs',
    ]);
  });
});
