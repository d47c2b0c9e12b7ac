import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readExamples } from '../../../src/lib/docs/examples-file.js';
import { docChanges, readManifest } from '../../../src/lib/docs/generate.js';
import {
  commandMarkdown,
  manualPages,
  pageName,
  readmeReference,
  sessionText,
  visibleCommands,
} from '../../../src/lib/docs/manual.js';
import type { Manifest } from '../../../src/lib/docs/manual.js';
import { REPO_ROOT } from '../../helpers/cli.js';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

describe('generated docs', () => {
  it('man/ and docs/commands.md match the commands (run npm run docs after changing a command)', () => {
    const stale = docChanges(REPO_ROOT).map((c) => c.path.slice(REPO_ROOT.length));
    assert.deepEqual(stale, []);
  });

  it('the command list of kmirror(1) is full sentences; no page makes troff warn (as man kmirror-describe did)', () => {
    const pages = manualPages(readManifest(REPO_ROOT), '0  success');
    const index = pages.get('kmirror.1') ?? '';
    assert.match(
      index,
      /^Start mirroring source topics, by name or by pattern\\\. See kmirror\\-add\\-topics\(1\)\\\.$/m,
    );
    const dir = mkdtempSync(join(tmpdir(), 'kmirror-man-'));
    try {
      for (const [name, roff] of pages) {
        writeFileSync(join(dir, name), roff);
        // What man runs (preconv, the man macros, the terminal device), with every warning on.
        const troff = spawnSync('groff', ['-k', '-man', '-Tutf8', '-ww', '-z', join(dir, name)], { encoding: 'utf8' });
        assert.equal(troff.error, undefined, 'groff is needed (scripts/install-client-tools.sh installs man-db)');
        assert.equal(troff.stderr, '', `${name}: ${troff.stderr}`);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('has a page for every command, and would notice a command without one', () => {
    const manifest = readManifest(REPO_ROOT);
    assert.ok(visibleCommands(manifest).length > 0);
    const withExtra: Manifest = {
      ...manifest,
      commands: {
        ...manifest.commands,
        'made-up': { id: 'made-up', summary: 'not a real command', args: {}, flags: {} },
      },
    };
    const changes = docChanges(REPO_ROOT, withExtra).map((c) => c.path);
    assert.ok(
      changes.some((p) => p.endsWith(`man/${pageName('made-up')}.1`)),
      'a missing page must be reported',
    );
    assert.ok(
      changes.some((p) => p.endsWith('package.json')),
      "package.json's man field must name the new page, or a global install leaves it out",
    );
  });
});

describe('recorded example sessions in the docs', () => {
  it(
    'every visible command except the long-running playground and exporter has a recorded session in ' +
      'docs/examples.json',
    () => {
      const examples = readExamples(REPO_ROOT);
      const missing = visibleCommands(readManifest(REPO_ROOT))
        .map((c) => c.id)
        // The profile commands write the operator's own config directory, so no session is recorded for them;
        // completion prints a shell script (its man page says how to load it), version what this machine runs,
        // help the text of the other pages.
        .filter(
          (id) =>
            !['playground', 'exporter', 'completion', 'version', 'help'].includes(id) &&
            !id.startsWith('profile') &&
            (examples[id]?.length ?? 0) === 0,
        );
      assert.deepEqual(missing, [], 'add a step to STEPS in scripts/example-session.ts, then npm run docs');
    },
  );

  it('shows each run as prompt line and output, with a non-zero exit code spelled out', () => {
    const text = sessionText([
      { commandLine: 'kmirror list -b localhost:19092', output: 'No mirrors', exitCode: 0 },
      { commandLine: 'kmirror describe nope -b localhost:19092', output: 'Error: mirror nope not found', exitCode: 6 },
    ]);
    assert.equal(
      text,
      '$ kmirror list -b localhost:19092\nNo mirrors\n\n$ kmirror describe nope -b localhost:19092\nError: ' +
        'mirror nope not found\n[exit code 6]',
    );
  });

  it('puts the session into the man page EXAMPLES and under the command in the README', () => {
    const manifest = readManifest(REPO_ROOT);
    const list = manifest.commands.list;
    assert.ok(list);
    const session = [
      { commandLine: 'kmirror list -b localhost:19092', output: 'MIRROR  TOPICS\nm1          2', exitCode: 0 },
    ];
    const page = commandMarkdown(list, '', session);
    const examples = page.slice(page.indexOf('## EXAMPLES'), page.indexOf('## EXIT STATUS'));
    assert.ok(
      examples.includes('```\n$ kmirror list -b localhost:19092\nMIRROR  TOPICS\nm1          2\n```'),
      examples,
    );
    const readme = readmeReference(manifest, { list: session });
    const section = readme.slice(readme.indexOf('### `kmirror list`'), readme.indexOf('### `kmirror pause`'));
    assert.ok(
      section.includes('```console\n$ kmirror list -b localhost:19092\nMIRROR  TOPICS\nm1          2\n```'),
      section,
    );
  });

  it('reports the man page and the command reference as stale when a recorded output changes', () => {
    const examples = readExamples(REPO_ROOT);
    const first = examples.list?.[0];
    assert.ok(first, 'docs/examples.json has a list run');
    const changed = { ...examples, list: [{ ...first, output: `${first.output}\nsomething new` }] };
    const stale = docChanges(REPO_ROOT, readManifest(REPO_ROOT), changed).map((c) => c.path.slice(REPO_ROOT.length));
    assert.deepEqual(stale.sort(), ['docs/commands.md', `man/${pageName('list')}.1`]);
  });
});

describe('README exit codes', () => {
  it('lists exactly the codes of the exit-code table', async () => {
    const { readFileSync } = await import('node:fs');
    const { EXIT_CODES } = await import('../../../src/lib/cli/failures/exit-codes.js');
    const readme = readFileSync(`${REPO_ROOT}/README.md`, 'utf8');
    const start = readme.indexOf('## Exit codes');
    const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
    const listed = [...section.matchAll(/^\| (\d+) \|/gm)].map((m) => Number(m[1]));
    assert.deepEqual(
      listed,
      EXIT_CODES.map((row) => row.code),
    );
  });
});
