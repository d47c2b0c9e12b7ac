// The layers of DESIGN.md, checked on the real source tree: an import that runs back up fails here.
// The rules and the allowlist of known exceptions are in scripts/import-rules.ts.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  checkImportGraph,
  folderCycles,
  formatCheck,
  importsOf,
  layerOf,
  readImportGraph,
  ruleBroken,
  type ImportEdge,
} from '../../scripts/import-graph.js';
import { REPO_ROOT } from '../helpers/cli.js';

const edge = (from: string, to: string, typeOnly = false, values = typeOnly ? [] : ['*']): ImportEdge => ({
  from,
  to,
  typeOnly,
  dynamic: false,
  values,
});

describe('import graph of src/', () => {
  it('has no import that runs the wrong way', () => {
    const check = checkImportGraph(readImportGraph(REPO_ROOT));
    // Printed on every run, so the tolerated edges stay visible until their entries are deleted.
    console.log(formatCheck(check));
    assert.ok(check.edges.length > 100, `only ${check.edges.length} imports read: is src/ there?`);
    assert.deepEqual(
      check.violations.map((v) => `${v.edge.from} → ${v.edge.to}: ${v.reason}`),
      [],
    );
  });

  it('reads static, re-exported, dynamic and type-position imports, and tells type-only ones apart', () => {
    const found = importsOf(
      'x.ts',
      [
        "import { a } from './a.js';",
        "import type { B } from './b.js';",
        "import { type C, type D } from './c.js';",
        "import { type E, f } from './e.js';",
        "export { g } from './g.js';",
        "export type { H } from './h.js';",
        "const m = await import('./m.js');",
        "let t: import('./t.js').T;",
        "import './side-effect.js';",
      ].join('\n'),
    );
    assert.deepEqual(
      found.map(
        (i) => `${i.specifier} ${i.typeOnly ? 'type' : `value ${i.values.join(',')}`}${i.dynamic ? ' dynamic' : ''}`,
      ),
      [
        './a.js value a',
        './b.js type',
        './c.js type',
        './e.js value f',
        './g.js value g',
        './h.js type',
        './m.js value * dynamic',
        './t.js type',
        './side-effect.js value *',
      ],
    );
  });

  it('puts files in layers, the deepest kafka folder first', () => {
    assert.equal(layerOf('src/commands/config/get.ts'), 'commands');
    assert.equal(layerOf('src/lib/kafka/wire/reader.ts'), 'kafka/wire');
    assert.equal(layerOf('src/lib/kafka/messages/metadata.ts'), 'kafka/messages');
    assert.equal(layerOf('src/lib/kafka/client.ts'), 'kafka');
    assert.equal(layerOf('src/lib/mirror/describe/describe.ts'), 'mirror');
  });

  it('refuses upward imports, value imports into render/, and emulator imports outside playground', () => {
    assert.match(
      ruleBroken(edge('src/lib/mirror/x.ts', 'src/lib/cli/failures/errors.ts'))?.reason ?? '',
      /mirror\/ may import/,
    );
    assert.match(
      ruleBroken(edge('src/lib/kafka/client.ts', 'src/lib/mirror/describe/lag.ts'))?.reason ?? '',
      /kafka\//,
    );
    assert.match(ruleBroken(edge('src/lib/kafka/wire/reader.ts', 'src/lib/kafka/codec.ts'))?.reason ?? '', /no other/);
    assert.match(
      ruleBroken(edge('src/lib/render/x.ts', 'src/lib/mirror/describe/lag.ts'))?.reason ?? '',
      /import type/,
    );
    const summarize = edge('src/lib/render/x.ts', 'src/lib/mirror/describe/lag.ts', false, [
      'orderedStates',
      'summarize',
    ]);
    assert.match(ruleBroken(summarize)?.reason ?? '', /not summarize$/);
    assert.match(ruleBroken(edge('src/lib/render/x.ts', 'src/lib/kafka/client.ts', true))?.reason ?? '', /render/);
    assert.match(ruleBroken(edge('src/commands/list.ts', 'src/lib/emulator/index.ts'))?.reason ?? '', /playground/);
    assert.match(ruleBroken(edge('src/lib/cli/x.ts', 'src/lib/render/table.ts'))?.reason ?? '', /cli\/ may import/);
    assert.match(
      ruleBroken(edge('src/lib/emulator/x.ts', 'src/lib/mirror/topics/add-topics.ts'))?.reason ?? '',
      /only/,
    );
  });

  it('lets imports run down the layers', () => {
    assert.equal(ruleBroken(edge('src/lib/render/x.ts', 'src/lib/mirror/describe/lag.ts', true)), null);
    assert.equal(
      ruleBroken(edge('src/lib/render/x.ts', 'src/lib/mirror/describe/lag.ts', false, ['orderedStates'])),
      null,
    );
    assert.equal(ruleBroken(edge('src/commands/playground.ts', 'src/lib/emulator/playground.ts')), null);
    assert.equal(ruleBroken(edge('src/commands/describe.ts', 'src/lib/mirror/describe/describe.ts')), null);
    assert.equal(ruleBroken(edge('src/lib/mirror/describe/describe.ts', 'src/lib/kafka/client.ts')), null);
    assert.equal(ruleBroken(edge('src/lib/kafka/codec.ts', 'src/lib/kafka/wire/reader.ts')), null);
    assert.equal(ruleBroken(edge('src/lib/emulator/x.ts', 'src/lib/mirror/config/config-keys.ts')), null);
  });

  it('keeps the folders of mirror/ in order: lower folders import no feature folder, no file outside a folder', () => {
    assert.equal(ruleBroken(edge('src/lib/mirror/topics/a.ts', 'src/lib/mirror/describe/b.ts')), null);
    assert.equal(ruleBroken(edge('src/lib/mirror/topics/a.ts', 'src/lib/mirror/topics/b.ts')), null);
    assert.match(
      ruleBroken(edge('src/lib/mirror/core/a.ts', 'src/lib/mirror/topics/b.ts'))?.reason ?? '',
      /mirror\/core\/ may import no other folder/,
    );
    assert.match(
      ruleBroken(edge('src/lib/mirror/describe/a.ts', 'src/lib/mirror/switchover/b.ts'))?.reason ?? '',
      /mirror\/describe\/ may import mirror\/core\/, mirror\/patterns\//,
    );
    assert.match(ruleBroken(edge('src/lib/mirror/a.ts', 'src/lib/mirror/core/b.ts'))?.reason ?? '', /directly in/);
    assert.match(ruleBroken(edge('src/lib/mirror/core/a.ts', 'src/lib/mirror/x/b.ts'))?.reason ?? '', /no rule/);
  });

  it('has folder rules without a cycle, so no import circle runs between two folders', () => {
    assert.deepEqual(folderCycles(), []);
  });

  it('tolerates allowlisted edges, lists them, and names stale entries', () => {
    const allow = [{ from: 'src/lib/mirror/*/*.ts', to: 'src/lib/cli/failures/{errors,exit-codes}.ts', why: 'test' }];
    const stale = { from: 'src/lib/kafka/none.ts', to: 'src/lib/cli/failures/errors.ts', why: 'gone' };
    const check = checkImportGraph(
      [
        edge('src/lib/mirror/core/a.ts', 'src/lib/cli/failures/errors.ts'),
        edge('src/lib/mirror/core/a.ts', 'src/lib/cli/flags/flags.ts'),
      ],
      [...allow, stale],
    );
    assert.equal(check.tolerated.length, 1);
    assert.deepEqual(
      check.violations.map((v) => v.edge.to),
      ['src/lib/cli/flags/flags.ts'],
    );
    assert.deepEqual(check.unusedAllowances, [stale]);
    assert.match(formatCheck(check), /stale allowlist entry \(delete it\): src\/lib\/kafka\/none\.ts/);
  });
});
