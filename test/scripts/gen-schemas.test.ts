import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CONTRACTS, INT64_COMMENT, SUM_COMMENT, generateSchemas, schemaFileName } from '../../scripts/gen-schemas.js';
import { REPO_ROOT } from '../helpers/cli.js';

describe('schemas/ is generated from the result types', () => {
  const generated = generateSchemas(REPO_ROOT);

  it('every checked-in schema equals a fresh generation (npm run build regenerates them)', () => {
    const onDisk = readdirSync(join(REPO_ROOT, 'schemas')).sort();
    assert.deepEqual(onDisk, [...generated.keys()].sort(), 'one schema per command, nothing else');
    for (const [name, text] of generated) {
      const current = readFileSync(join(REPO_ROOT, 'schemas', name), 'utf8');
      assert.ok(current === text, `schemas/${name} is stale: run npm run build and commit schemas/`);
    }
  });

  it('states offsets and lag as integers, documented as int64', () => {
    const schema = JSON.parse(generated.get(schemaFileName('describe')) ?? '{}') as {
      $defs: Record<string, { properties: Record<string, { type: unknown; $comment?: string }> }>;
    };
    const row = schema.$defs.PartitionRow?.properties ?? {};
    for (const field of ['sourceOffset', 'destinationOffset', 'lag']) {
      assert.deepEqual(row[field]?.type, ['integer', 'null'], field);
      assert.equal(row[field]?.$comment, INT64_COMMENT, field);
    }
    assert.equal(schema.$defs.Summary?.properties.totalLag?.type, 'integer');
  });

  it('sums are exact integers with no int64 bound, and the README names each of them', () => {
    // totalLag summed past 2^63-1 is printed exactly (9223372036854775810), so its schema must not say int64.
    const sums = new Set<string>();
    const walk = (value: unknown, key: string): void => {
      if (value === null || typeof value !== 'object') return;
      const node = value as Record<string, unknown>;
      if (node.$comment === SUM_COMMENT) {
        sums.add(key);
        assert.equal(node.type, 'integer', key);
        assert.equal(node.maximum, undefined, key);
      }
      for (const [k, v] of Object.entries(node)) walk(v, k);
    };
    for (const text of generated.values()) walk(JSON.parse(text), '');
    assert.deepEqual([...sums].sort(), ['totalLag', 'truncatedRecords']);
    const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
    for (const field of sums) assert.ok(readme.includes(`\`${field}\``), `README does not name the sum ${field}`);
  });

  it('group offsets are int64 or null on each side, in the core shape of `groups --json`', () => {
    const schema = JSON.parse(generated.get(schemaFileName('groups')) ?? '{}') as {
      $defs: Record<string, { properties: Record<string, { type: unknown; $comment?: string }>; required?: string[] }>;
    };
    const row = schema.$defs.PartitionOffsets;
    for (const field of ['sourceOffset', 'destinationOffset', 'difference']) {
      assert.deepEqual(row?.properties[field]?.type, ['integer', 'null'], field);
      assert.equal(row?.properties[field]?.$comment, INT64_COMMENT, field);
    }
    assert.deepEqual(schema.$defs.GroupComparison?.required?.slice(0, 2), ['group', 'verdict']);
  });

  it('the three topic actions share one type and differ in the action', () => {
    const action = (command: string) =>
      (JSON.parse(generated.get(schemaFileName(command)) ?? '{}') as { properties: { action: unknown } }).properties
        .action;
    assert.deepEqual(action('pause'), { type: 'string', const: 'pause' });
    assert.deepEqual(action('resume'), { type: 'string', const: 'resume' });
    assert.deepEqual(action('remove-topics'), { type: 'string', const: 'stop' });
    assert.equal(Object.keys(CONTRACTS).length, 28);
  });
});
