// Our message definitions are hand-written; this test holds them to the prototype's schema files
// (PROTOCOL.md: "the authority for field order, types, tags and defaults") attribute by attribute.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import type { ApiDefinition, MessageDefinition } from '../../../../src/lib/kafka/definition.js';
import { ALL_APIS, HEADERS } from '../../../../src/lib/kafka/messages/index.js';
import { DEFAULT_MIRROR_API_KEYS, isMirrorApi } from '../../../../src/lib/kafka/mirror-api-keys.js';
import { repoRoot } from '../../../helpers/reference.js';
import {
  type Json,
  compareDefinition,
  isRecord,
  show,
  stripJsonComments,
} from '../../../helpers/definition-compare.js';

/** Reference schemas we deliberately do not define, each with the reason. */
const NOT_DEFINED: ReadonlyMap<string, string> = new Map([
  ['ListConfigResourcesRequest', 'mirrors are listed with ListClusterMirrors'],
  ['ListConfigResourcesResponse', 'mirrors are listed with ListClusterMirrors'],
  ['LastMirrorEpochsKey', '__mirror_state record, never on an admin connection'],
  ['LastMirrorEpochsValue', '__mirror_state record, never on an admin connection'],
  ['MirrorPartitionStateKey', '__mirror_state record, never on an admin connection'],
  ['MirrorPartitionStateValue', '__mirror_state record, never on an admin connection'],
  ['MirrorPidResetRecord', 'control record inside mirrored batches'],
  ['MirrorTopicStateChangeRecord', 'KRaft metadata record'],
]);

/** Definitions of ours that have no schema file in the reference folder, each with the reason. */
const DEFINED_WITHOUT_REFERENCE: ReadonlyMap<string, string> = new Map([
  ['ListOffsetsRequest', 'standard Apache Kafka API; the prototype did not change it'],
  ['OffsetCommitRequest', 'standard Apache Kafka consumer-group API (issue 13); the prototype did not change it'],
  ['OffsetCommitResponse', 'standard Apache Kafka consumer-group API (issue 13); the prototype did not change it'],
  ['OffsetFetchRequest', 'standard Apache Kafka consumer-group API (issue 13); the prototype did not change it'],
  ['OffsetFetchResponse', 'standard Apache Kafka consumer-group API (issue 13); the prototype did not change it'],
  ['ListGroupsRequest', 'standard Apache Kafka consumer-group API (issue 13); the prototype did not change it'],
  ['ListGroupsResponse', 'standard Apache Kafka consumer-group API (issue 13); the prototype did not change it'],
  ['DescribeGroupsRequest', 'standard Apache Kafka consumer-group API (issue 13); the prototype did not change it'],
  ['DescribeGroupsResponse', 'standard Apache Kafka consumer-group API (issue 13); the prototype did not change it'],
  ['ListOffsetsResponse', 'standard Apache Kafka API; the prototype did not change it'],
  ['OffsetForLeaderEpochRequest', 'standard Apache Kafka API (failback, issue 17); the prototype did not change it'],
  ['OffsetForLeaderEpochResponse', 'standard Apache Kafka API (failback, issue 17); the prototype did not change it'],
]);

/** Every difference between one of our definitions and its schema file, as readable paths. */
function compareMessage(ours: MessageDefinition, api: ApiDefinition | undefined, ref: Json): string[] {
  const diffs = compareDefinition(ours, ref);
  if (api !== undefined && isMirrorApi(api.name) && isRecord(ref) && DEFAULT_MIRROR_API_KEYS[api.name] !== ref.apiKey) {
    diffs.push(
      `${ours.name}.apiKey: DEFAULT_MIRROR_API_KEYS.${api.name} ${DEFAULT_MIRROR_API_KEYS[api.name]}, ` +
        `reference ${show(ref.apiKey)}`,
    );
  }
  return diffs;
}

interface OurMessage {
  readonly definition: MessageDefinition;
  readonly api: ApiDefinition | undefined;
}

interface ReferenceSchema {
  readonly file: string;
  readonly name: string;
  readonly schema: Json;
}

const ourMessages: OurMessage[] = [
  ...ALL_APIS.flatMap((api) => [
    { definition: api.request, api },
    { definition: api.response, api },
  ]),
  ...HEADERS.map((definition) => ({ definition, api: undefined })),
];
const ourByName = new Map(ourMessages.map((message) => [message.definition.name, message]));

const referenceDir = join(
  resolve(process.env.KMIRROR_REFERENCE_DIR ?? join(repoRoot(), '..', 'shared', 'reference')),
  'kip-1279-schemas',
);
const inCi = process.env.CI !== undefined && process.env.CI !== '';

test('comment stripping keeps // inside strings', () => {
  const text =
    '{\n  // a comment\n  "url": "http://www.apache.org/licenses/LICENSE-2.0", // trailing\n  "q": "a \\" // b" /* block */\n}';
  assert.deepEqual(JSON.parse(stripJsonComments(text)), {
    url: 'http://www.apache.org/licenses/LICENSE-2.0',
    q: 'a " // b',
  });
});

test('API definitions are consistent with themselves', () => {
  const problems: string[] = [];
  const seenNames = new Set<string>();
  const seenKeys = new Map<number, string>();
  for (const api of ALL_APIS) {
    if (seenNames.has(api.name)) problems.push(`${api.name} is listed twice in ALL_APIS`);
    seenNames.add(api.name);
    const clash = seenKeys.get(api.apiKey);
    if (clash !== undefined) problems.push(`${api.name} and ${clash} share apiKey ${api.apiKey}`);
    seenKeys.set(api.apiKey, api.name);
    for (const [message, kind] of [
      [api.request, 'request'],
      [api.response, 'response'],
    ] as const) {
      const expected = `${api.name}${kind === 'request' ? 'Request' : 'Response'}`;
      if (message.name !== expected) problems.push(`${api.name}.${kind}.name: ${message.name}, expected ${expected}`);
      if (message.type !== kind) problems.push(`${expected}.type: ${message.type}, expected ${kind}`);
      if (message.apiKey !== api.apiKey)
        problems.push(`${expected}.apiKey: ${show(message.apiKey)}, but ${api.name}.apiKey is ${api.apiKey}`);
    }
    if (isMirrorApi(api.name) && api.apiKey !== DEFAULT_MIRROR_API_KEYS[api.name]) {
      problems.push(
        `${api.name}.apiKey: ${api.apiKey}, DEFAULT_MIRROR_API_KEYS says ${DEFAULT_MIRROR_API_KEYS[api.name]}`,
      );
    }
  }
  for (const name of Object.keys(DEFAULT_MIRROR_API_KEYS)) {
    if (!seenNames.has(name)) problems.push(`mirror API ${name} is missing from ALL_APIS`);
  }
  for (const header of HEADERS) {
    if (header.type !== 'header') problems.push(`${header.name}.type: ${header.type}, expected header`);
  }
  const names = ourMessages.map((message) => message.definition.name);
  for (const name of new Set(names)) {
    if (names.filter((other) => other === name).length > 1) problems.push(`two definitions are named ${name}`);
  }
  if (problems.length > 0) assert.fail(problems.join('\n'));
});

if (!existsSync(referenceDir)) {
  const reason =
    `reference schemas not found at ${referenceDir}; set KMIRROR_REFERENCE_DIR to the folder that ` +
    `holds kip-1279-schemas/`;
  if (inCi) {
    test('reference schemas are present', () => {
      assert.fail(`${reason} (CI is set, so the conformance check may not be skipped)`);
    });
  } else {
    test('definitions match the KIP-1279 reference schemas', { skip: reason }, () => {});
  }
} else {
  const references: ReferenceSchema[] = [];
  const unreadable: string[] = [];
  for (const file of readdirSync(referenceDir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    try {
      const schema: Json = JSON.parse(stripJsonComments(readFileSync(join(referenceDir, file), 'utf8')));
      const name = isRecord(schema) && typeof schema.name === 'string' ? schema.name : file.replace(/\.json$/, '');
      references.push({ file, name, schema });
    } catch (error) {
      unreadable.push(`${file}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const referenceNames = new Set(references.map((reference) => reference.name));
  const compared = new Set<string>();

  test('every reference schema file parses', () => {
    assert.ok(references.length > 0, `no *.json files in ${referenceDir}`);
    if (unreadable.length > 0) assert.fail(`unparseable reference schemas:\n${unreadable.join('\n')}`);
  });

  for (const reference of references) {
    const ours = ourByName.get(reference.name);
    if (ours === undefined) continue;
    test(`${reference.name} matches ${reference.file}`, () => {
      compared.add(reference.name);
      const diffs = compareMessage(ours.definition, ours.api, reference.schema);
      if (diffs.length > 0) assert.fail(`${reference.name} differs from ${reference.file}:\n${diffs.join('\n')}`);
    });
  }

  // Declared after the per-schema tests: top-level tests of one file run in order.
  test('every definition of ours that has a reference schema was compared', () => {
    const problems: string[] = [];
    for (const { definition } of ourMessages) {
      const name = definition.name;
      const exempt = DEFINED_WITHOUT_REFERENCE.has(name);
      if (referenceNames.has(name)) {
        if (exempt)
          problems.push(
            `${name} is in DEFINED_WITHOUT_REFERENCE but the reference now has it; remove it from that list`,
          );
        if (!compared.has(name)) problems.push(`${name} has a reference schema but was not compared`);
      } else if (!exempt) {
        problems.push(
          `${name} has no reference schema in ${referenceDir}; fix its name or add it to ` +
            `DEFINED_WITHOUT_REFERENCE with a reason`,
        );
      }
    }
    for (const name of DEFINED_WITHOUT_REFERENCE.keys()) {
      if (!ourByName.has(name)) problems.push(`DEFINED_WITHOUT_REFERENCE lists ${name}, which we do not define`);
    }
    if (problems.length > 0) assert.fail(problems.join('\n'));
  });

  test('every reference schema is defined by us or allow-listed as not needed', () => {
    const problems: string[] = [];
    for (const { file, name } of references) {
      if (file !== `${name}.json`) problems.push(`${file} declares name ${name}`);
      const ours = ourByName.has(name);
      if (ours && NOT_DEFINED.has(name))
        problems.push(`${name} is defined by us but also in NOT_DEFINED; remove it from that list`);
      if (!ours && !NOT_DEFINED.has(name)) {
        problems.push(`${file} (${name}) is new: define it or add it to NOT_DEFINED with a reason`);
      }
    }
    for (const name of NOT_DEFINED.keys()) {
      if (!referenceNames.has(name))
        problems.push(`NOT_DEFINED lists ${name}, which the reference folder no longer has`);
    }
    if (problems.length > 0) assert.fail(problems.join('\n'));
  });
}
