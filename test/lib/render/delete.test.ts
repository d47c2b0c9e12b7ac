import assert from 'node:assert/strict';
import { useColours } from '../../../src/lib/text/paint.js';
import { before, describe, it } from 'node:test';
import type { DeleteResult } from '../../../src/lib/mirror/lifecycle/delete.js';
import { renderDelete } from '../../../src/lib/render/delete.js';

const base: DeleteResult = {
  mirror: 'm1',
  deleted: false,
  dryRun: false,
  topics: [],
  refusal: null,
  confirmedGone: null,
  readOnlyAfterDelete: null,
  warnings: [],
};

describe('delete renderer', () => {
  before(() => {
    useColours(undefined);
  });

  it('a mirror without topics, deleted and confirmed gone', () => {
    assert.equal(
      renderDelete({ ...base, deleted: true, confirmedGone: true }),
      'Mirror m1 has no topics.\n\nDeleted mirror m1 (no longer listed by the cluster)',
    );
  });

  it('a refusal of MIRRORING topics adds nothing to the table, not even the warnings of a delete', () => {
    const text = renderDelete({
      ...base,
      warnings: ['deleting makes its topics read-only'],
      topics: [{ topic: 'a', state: 'MIRRORING', partitions: { MIRRORING: 1 }, active: true }],
      refusal: {
        toStop: ['a'],
        settling: [],
        wedged: [],
        wedgedHint: null,
        paused: [],
        failed: [],
        removeTopicsCommand: 'kmirror remove-topics m1',
      },
    });
    assert.equal(text.split('\n').length, 3, text);
  });

  it('a refusal explains paused, FAILED and still-stopping topics besides the command', () => {
    const text = renderDelete({
      ...base,
      topics: [
        { topic: 'a', state: 'PAUSED', partitions: { PAUSED: 1 }, active: true },
        { topic: 'b', state: 'MIXED', partitions: { MIRRORING: 1, FAILED: 1 }, active: true },
        { topic: 'c', state: 'MIXED', partitions: { STOPPING: 1, STOPPED: 1 }, active: false },
      ],
      refusal: {
        toStop: ['a', 'b'],
        settling: ['c'],
        wedged: [],
        wedgedHint: null,
        paused: ['a'],
        failed: ['b'],
        removeTopicsCommand: 'kmirror remove-topics m1 --topic a,b --yes -b h:1',
      },
    });
    assert.match(text, /^a +PAUSED +1 PAUSED +stop it first$/m);
    assert.match(text, /^b +MIXED +1 MIRRORING, 1 FAILED +stop it first$/m);
    assert.match(text, /^c +MIXED +1 STOPPING, 1 STOPPED +wait for STOPPED$/m);
    // What happened, why and the command are the error's (mirror/lifecycle/delete.ts deleteRefusal), said once.
    assert.doesNotMatch(text, /Cannot delete|kmirror remove-topics/);
    assert.match(text, /Paused: a\. The broker refuses to stop a paused topic \(140\): resume it first/);
    assert.match(text, /FAILED partitions in: b\./);
    assert.match(text, /Already stopping, not all partitions STOPPED yet: c\./);
  });
});
