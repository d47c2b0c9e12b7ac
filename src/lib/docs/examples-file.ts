// docs/examples.json, the recorded example session; kept apart from the session runner so reading it does not
// load the emulator.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ExampleRun {
  readonly commandLine: string;
  readonly output: string;
  readonly exitCode: number | null;
}

export type ExamplesFile = Record<string, ExampleRun[]>;

export const EXAMPLES_PATH = join('docs', 'examples.json');

export function readExamples(root: string): ExamplesFile {
  const path = join(root, EXAMPLES_PATH);
  if (!existsSync(path)) return {};
  return JSON.parse(readFileSync(path, 'utf8')) as ExamplesFile;
}

export function examplesJson(examples: ExamplesFile): string {
  return `${JSON.stringify(examples, null, 2)}\n`;
}
