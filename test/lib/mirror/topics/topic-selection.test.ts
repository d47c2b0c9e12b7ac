import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { InvalidInputError } from '../../../../src/lib/mirror/core/errors.js';
import {
  type SelectionInput,
  type TopicOwnership,
  classifyTopics,
  compilePatterns,
  excludeAfterStart,
  parseTopicNames,
  readTopicsFile,
} from '../../../../src/lib/mirror/topics/topic-selection.js';
import type { SourceTopic } from '../../../../src/lib/mirror/core/source-client.js';

function source(...topics: [string, number][]): Map<string, SourceTopic> {
  return new Map(
    topics.map(([name, partitions]) => [
      name,
      { name, topicId: `id-${name}`, partitions, internal: name.startsWith('__') },
    ]),
  );
}

function input(overrides: Partial<SelectionInput>): SelectionInput {
  return {
    mirror: 'm1',
    named: [],
    include: [],
    exclude: [],
    allowMissing: false,
    sourceTopics: new Map(),
    ownership: new Map(),
    storedExclude: [],
    ...overrides,
  };
}

describe('topic selection', () => {
  it('splits and checks topic names', () => {
    assert.deepEqual(parseTopicNames(['a,b', ' c ', 'a']), ['a', 'b', 'c']);
    assert.throws(
      () => parseTopicNames(['orders.*']),
      (err: unknown) => err instanceof InvalidInputError && /--pattern/.test(err.hint ?? ''),
    );
    assert.throws(() => parseTopicNames(['..']), InvalidInputError);
    assert.throws(() => parseTopicNames(['x'.repeat(250)]), /249/);
  });

  it('reads a topics file with comments', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kmirror-topics-'));
    try {
      const file = join(dir, 't.txt');
      writeFileSync(file, '# header\norders\n\n payments # trailing\norders\n');
      assert.deepEqual(readTopicsFile(file), ['orders', 'payments']);
      writeFileSync(file, 'ok\nnot ok\n');
      assert.throws(() => readTopicsFile(file), /line 2/);
      assert.throws(() => readTopicsFile(join(dir, 'absent')), InvalidInputError);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('compiles patterns as a full match and refuses commas and bad syntax', () => {
    const re = compilePatterns(['orders-.*', 'pay'], '--pattern');
    assert.ok(re?.test('orders-eu'));
    assert.ok(re?.test('pay'));
    assert.ok(!re?.test('payments'), 'a pattern must match the whole name');
    assert.equal(compilePatterns([], '--pattern'), null);
    assert.throws(() => compilePatterns(['a{1,2}'], '--pattern'), /comma-separated/);
    assert.throws(
      () => compilePatterns(['('], '--exclude'),
      /--exclude: pattern '\(' is not a valid Java regular expression/,
    );
  });

  it('predicts the exclude list the controller will hold after the start', () => {
    assert.deepEqual(excludeAfterStart(['secret.*', 'orders', 'x.*'], ['orders'], ['x.*'], ['tmp.*']), [
      'secret.*',
      'tmp.*',
    ]);
  });

  it('classifies every candidate', () => {
    const ownership = new Map<string, TopicOwnership>([
      ['mirrored', { mirror: 'm1', active: true, states: ['MIRRORING', 'MIRRORING'] }],
      ['stopped', { mirror: 'm1', active: false, states: ['STOPPED'] }],
      ['stopping', { mirror: 'm1', active: false, states: ['STOPPING'] }],
      ['elsewhere', { mirror: 'm2', active: true, states: ['PAUSED'] }],
      ['left-m2', { mirror: 'm2', active: false, states: ['STOPPED'] }],
    ]);
    const planned = classifyTopics(
      input({
        named: ['ghost', 'secret-1'],
        include: ['.*'],
        exclude: ['skip'],
        sourceTopics: source(
          ['mirrored', 1],
          ['stopped', 1],
          ['stopping', 1],
          ['elsewhere', 2],
          ['left-m2', 1],
          ['new', 3],
          ['skip', 1],
          ['__internal', 1],
          ['secret-1', 1],
        ),
        ownership,
        storedExclude: ['secret-.*'],
      }),
    );
    const byTopic = Object.fromEntries(planned.map((p) => [p.topic, p.action]));
    assert.deepEqual(byTopic, {
      elsewhere: 'in-other-mirror',
      ghost: 'missing-on-source',
      'left-m2': 'add',
      mirrored: 'already-mirrored',
      new: 'add',
      'secret-1': 'excluded-by-mirror',
      stopped: 'restart',
      stopping: 'already-mirrored',
    });
    assert.equal(planned.find((p) => p.topic === 'elsewhere')?.mirror, 'm2');
    assert.equal(planned.find((p) => p.topic === 'new')?.named, false);
    assert.equal(planned.find((p) => p.topic === 'ghost')?.named, true);
  });

  it('sends missing named topics with --allow-missing and takes internal topics only by name', () => {
    const planned = classifyTopics(
      input({
        named: ['ghost', '__internal'],
        include: ['.*'],
        allowMissing: true,
        sourceTopics: source(['__internal', 1]),
      }),
    );
    assert.deepEqual(
      planned.map((p) => [p.topic, p.action]),
      [
        ['__internal', 'add'],
        ['ghost', 'add-missing'],
      ],
    );
  });
});
