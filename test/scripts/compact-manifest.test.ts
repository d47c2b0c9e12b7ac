// scripts/compact-manifest.mjs: oclif reads oclif.manifest.json at every run, so the build leaves it as compact
// ASCII JSON holding exactly what `oclif manifest` wrote.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { REPO_ROOT } from '../helpers/cli.js';

const { compactJson } = (await import(new URL('../../../scripts/compact-manifest.mjs', import.meta.url).href)) as {
  compactJson: (text: string) => string;
};

describe('scripts/compact-manifest.mjs', () => {
  it('keeps every value, including non-ASCII text, and writes only ASCII without indentation', () => {
    const doc = { a: 'x × y … z', nested: { list: [1, 'é', '😀', '\u009b'], empty: '' }, n: null, t: true };
    const compact = compactJson(JSON.stringify(doc, null, 2));
    assert.deepEqual(JSON.parse(compact), doc);
    assert.match(compact, /^[\x20-\x7e]*$/);
    assert.doesNotMatch(compact, /\n/);
  });

  it('the built manifest is compact ASCII', () => {
    const text = readFileSync(join(REPO_ROOT, 'oclif.manifest.json'), 'utf8');
    assert.match(text, /^[\x20-\x7e]*$/);
    assert.equal(compactJson(text), text, 'the build did not compact it');
  });
});
