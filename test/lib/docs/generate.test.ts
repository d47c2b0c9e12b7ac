import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { docChanges, readManifest } from '../../../src/lib/docs/generate.js';
import { pageName, visibleCommands } from '../../../src/lib/docs/manual.js';
import type { Manifest } from '../../../src/lib/docs/manual.js';
import { REPO_ROOT } from '../../helpers/cli.js';

describe('generated docs', () => {
  it('man/ and the README reference match the commands (run npm run docs after changing a command)', () => {
    const stale = docChanges(REPO_ROOT).map((c) => c.path.slice(REPO_ROOT.length));
    assert.deepEqual(stale, []);
  });

  it('has a page for every command, and would notice a command without one', () => {
    const manifest = readManifest(REPO_ROOT);
    assert.ok(visibleCommands(manifest).length > 0);
    const withExtra: Manifest = {
      ...manifest,
      commands: { ...manifest.commands, 'made-up': { id: 'made-up', summary: 'not a real command', args: {}, flags: {} } },
    };
    const changes = docChanges(REPO_ROOT, withExtra).map((c) => c.path);
    assert.ok(changes.some((p) => p.endsWith(`man/${pageName('made-up')}.1`)), 'a missing page must be reported');
  });
});

describe('README exit codes', () => {
  it('lists exactly the codes of the exit-code table', async () => {
    const { readFileSync } = await import('node:fs');
    const { EXIT_CODES } = await import('../../../src/lib/cli/exit-codes.js');
    const readme = readFileSync(`${REPO_ROOT}/README.md`, 'utf8');
    const section = readme.slice(readme.indexOf('## Exit codes'), readme.indexOf('## Commands'));
    const listed = [...section.matchAll(/^\| (\d+) \|/gm)].map((m) => Number(m[1]));
    assert.deepEqual(listed, EXIT_CODES.map((row) => row.code));
  });
});
