// docs/examples.json: the recorded example session the man pages and the README show. Written by
// `npm run docs` (scripts/docs-examples.ts), read by the generator; kept apart from the session
// runner so reading it does not load the emulator.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ExampleRun {
  /** As a user would type it, with the documented addresses (`localhost:19092`). */
  readonly commandLine: string;
  /** stdout and stderr as one terminal would show them, ANSI-free, addresses normalised. */
  readonly output: string;
  readonly exitCode: number | null;
}

/** Command id (as in oclif.manifest.json, e.g. `config:get`) → its runs, in session order. */
export type ExamplesFile = Record<string, ExampleRun[]>;

export const EXAMPLES_PATH = join('docs', 'examples.json');

/** The committed session; none (no examples shown) when the file does not exist yet. */
export function readExamples(root: string): ExamplesFile {
  const path = join(root, EXAMPLES_PATH);
  if (!existsSync(path)) return {};
  return JSON.parse(readFileSync(path, 'utf8')) as ExamplesFile;
}

export function examplesJson(examples: ExamplesFile): string {
  return `${JSON.stringify(examples, null, 2)}\n`;
}
