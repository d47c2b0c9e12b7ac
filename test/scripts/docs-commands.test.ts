// Every kmirror command line the README and docs/ show (code blocks: runbooks, guide, reference) names a real
// command and parses with its flags and arguments as oclif parses them (unknown flags, bad values, missing
// arguments fail). Their runs on the emulated clusters are docs/examples.json's (docs-examples.test.ts).

import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { Flags, Parser } from '@oclif/core';
import type { Command } from '@oclif/core/command';
import { readManifest } from '../../src/lib/docs/generate.js';
import { REPO_ROOT } from '../helpers/cli.js';

const DOCS = [
  'README.md',
  ...readdirSync(join(REPO_ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** Words of one shell line, quotes removed; stops at an unquoted |, >, <, &, ; or #. */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  let quote: '"' | "'" | null = null;
  // A placeholder (`<destination>`) is a word, not a redirection.
  for (const ch of line.replace(/<([\w-]+)>/g, 'PLACEHOLDER-$1')) {
    if (quote) {
      if (ch === quote) quote = null;
      else word = (word ?? '') + ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      word = word ?? '';
    } else if (/\s/.test(ch)) {
      if (word !== null) words.push(word);
      word = null;
    } else if ('|><&;#'.includes(ch) && word === null) break;
    else word = (word ?? '') + ch;
  }
  if (word !== null) words.push(word);
  return words;
}

/** The kmirror command lines of a Markdown text's code blocks, continuation lines joined. */
export function commandLines(markdown: string): string[] {
  const lines: string[] = [];
  for (const block of markdown.matchAll(/```(?:sh|console|bash)\n([\s\S]*?)```/g)) {
    const joined = (block[1] ?? '').replace(/\s*\\\n\s*/g, ' ').split('\n');
    // A block may set a shell variable its command lines use (DRAFT="--protocol kip-draft …").
    const variables = new Map<string, string>();
    for (const raw of joined) {
      const assignment = /^(\w+)="([^"]*)"$/.exec(raw);
      if (assignment) variables.set(assignment[1] ?? '', assignment[2] ?? '');
      const line = raw
        .replace(/^\$ /, '')
        .replace(/^(\w+=\S*\s+)+/, '')
        .replace(/^node bin\/run\.cjs /, 'kmirror ')
        .replace(/\$(\w+)/g, (whole, name: string) => variables.get(name) ?? whole);
      if (line.startsWith('kmirror ')) lines.push(line);
    }
  }
  return lines;
}

describe('command lines in README.md and docs/', () => {
  it('finds command lines in the code blocks, joined and cut as a shell reads them', () => {
    assert.deepEqual(commandLines('```sh\nkmirror list \\\n  -b x:1   # all\nKMIRROR_X=1 kmirror version\n```\n'), [
      'kmirror list -b x:1   # all',
      'kmirror version',
    ]);
    assert.deepEqual(shellWords(`kmirror add-topics m --pattern 'orders-.*' --yes # c`), [
      'kmirror',
      'add-topics',
      'm',
      '--pattern',
      'orders-.*',
      '--yes',
    ]);
  });

  it('each names a command and parses with its flags and arguments', async () => {
    const manifest = readManifest(REPO_ROOT);
    let checked = 0;
    for (const file of DOCS) {
      for (const line of commandLines(readFileSync(join(REPO_ROOT, file), 'utf8'))) {
        const words = shellWords(line).slice(1);
        let n = words.length;
        while (n > 0 && manifest.commands[words.slice(0, n).join(':')] === undefined) n--;
        assert.ok(n > 0 || words[0] === '--version', `${file}: no such command: ${line}`);
        if (n === 0) continue;
        const id = words.slice(0, n).join(':');
        const module = (await import(`../../src/commands/${id.replace(':', '/')}.js`)) as {
          default: Command.Class & { baseFlags?: Command.Class['flags'] };
        };
        const command = module.default;
        await assert.doesNotReject(
          Parser.parse(words.slice(n), {
            flags: { ...command.baseFlags, ...command.flags, json: Flags.boolean() },
            args: command.args ?? {},
            strict: command.strict ?? true,
          }),
          `${file}: ${line}`,
        );
        checked++;
      }
    }
    assert.ok(checked > 40, `only ${checked} command lines found`);
  });
});

describe('README and the operator guide', () => {
  it('the README stays short (≤ 300 lines) and links the guide, runbooks, monitoring, reference and notes', () => {
    const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
    assert.ok(readme.split('\n').length <= 300, `README.md has ${readme.split('\n').length} lines`);
    for (const doc of ['guide', 'runbooks', 'monitoring', 'commands', 'development'])
      assert.ok(readme.includes(`(docs/${doc}.md)`), doc);
  });

  it('the runbooks cover switchover, failover with the source down, failback, monitoring and FAILED partitions', () => {
    const runbooks = readFileSync(join(REPO_ROOT, 'docs/runbooks.md'), 'utf8');
    for (const heading of [
      'Planned switchover',
      'Unplanned failover with the source down',
      'Failback',
      'Monitoring and alerts',
      'Troubleshooting FAILED partitions',
    ])
      assert.match(runbooks, new RegExp(`^## ${heading}`, 'm'), heading);
    assert.match(runbooks, /cannot make a topic writable while its source is unreachable/);
  });
});
