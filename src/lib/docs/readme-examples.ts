// The README's "one short example per command": each command's first run in the recorded session (each line ran as
// printed), else its first manifest example.

import type { ExamplesFile } from './examples-file.js';
import { type Manifest, visibleCommands } from './manual.js';

export const EXAMPLES_START = '<!-- examples -->';
export const EXAMPLES_END = '<!-- examplesstop -->';

export function readmeExamples(manifest: Manifest, sessions: ExamplesFile): string {
  const lines: string[] = [];
  const shown = new Set<string>();
  for (const [id, runs] of Object.entries(sessions)) {
    const first = runs[0];
    if (first === undefined || manifest.commands[id] === undefined) continue;
    lines.push(first.commandLine);
    shown.add(id);
  }
  const others = visibleCommands(manifest).filter((c) => !shown.has(c.id));
  for (const c of others) {
    const first = c.examples?.[0];
    if (first === undefined) continue;
    const text = typeof first === 'string' ? first : first.command;
    lines.push(text.replaceAll('<%= config.bin %>', 'kmirror'));
  }
  return ['```sh', ...lines, '```'].join('\n');
}

export function withReadmeExamples(text: string, block: string, file: string): string {
  const a = text.indexOf(EXAMPLES_START);
  const b = text.indexOf(EXAMPLES_END);
  if (a < 0 || b < a) throw new Error(`${file} lacks the ${EXAMPLES_START} … ${EXAMPLES_END} markers`);
  return `${text.slice(0, a + EXAMPLES_START.length)}\n${block}\n${text.slice(b)}`;
}
