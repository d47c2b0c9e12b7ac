// What the generated docs (man/*.1, docs/commands.md) should contain, from oclif.manifest.json and
// docs/examples.json, and which files differ; `npm run docs` writes them, a test fails on any difference.

import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { exitCodesHelpText } from '../cli/failures/exit-codes.js';
import { readExamples, type ExamplesFile } from './examples-file.js';
import { manualPages, readmeReference } from './manual.js';
import { readmeExamples, withReadmeExamples } from './readme-examples.js';
import type { Manifest } from './manual.js';

export const README_START = '<!-- commands -->';
export const README_END = '<!-- commandsstop -->';
export const REFERENCE_PATH = 'docs/commands.md';

export interface DocChange {
  readonly path: string;
  readonly expected: string | null;
}

export function readManifest(root: string): Manifest {
  const path = join(root, 'oclif.manifest.json');
  if (!existsSync(path)) throw new Error(`${path} is missing: run npm run build first`);
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

export function docChanges(
  root: string,
  manifest: Manifest = readManifest(root),
  examples: ExamplesFile = readExamples(root),
): DocChange[] {
  const changes: DocChange[] = [];
  const manDir = join(root, 'man');
  const pages = manualPages(manifest, exitCodesHelpText(''), examples);
  for (const [file, text] of pages) {
    const path = join(manDir, file);
    if (!existsSync(path) || readFileSync(path, 'utf8') !== text) changes.push({ path, expected: text });
  }
  if (existsSync(manDir)) {
    for (const file of readdirSync(manDir))
      if (file.endsWith('.1') && !pages.has(file)) changes.push({ path: join(manDir, file), expected: null });
  }
  // npm links exactly the pages package.json's `man` names into <prefix>/share/man on a global install.
  const packagePath = join(root, 'package.json');
  const packageText = readFileSync(packagePath, 'utf8');
  const pkg = JSON.parse(packageText) as Record<string, unknown>;
  const man = [...pages.keys()].sort().map((file) => `./man/${file}`);
  const withMan = `${JSON.stringify({ ...pkg, man }, null, 2)}\n`;
  if (withMan !== packageText) changes.push({ path: packagePath, expected: withMan });
  const readmePath = join(root, REFERENCE_PATH);
  const readme = readFileSync(readmePath, 'utf8');
  const a = readme.indexOf(README_START);
  const b = readme.indexOf(README_END);
  if (a < 0 || b < a) throw new Error(`${REFERENCE_PATH} lacks the ${README_START} … ${README_END} markers`);
  const before = readme.slice(0, a + README_START.length);
  const next = `${before}\n${readmeReference(manifest, examples)}\n${readme.slice(b)}`;
  if (next !== readme) changes.push({ path: readmePath, expected: next });
  const frontPath = join(root, 'README.md');
  const front = readFileSync(frontPath, 'utf8');
  const withExamples = withReadmeExamples(front, readmeExamples(manifest, examples), 'README.md');
  if (withExamples !== front) changes.push({ path: frontPath, expected: withExamples });
  return changes;
}
