// Tests that read the shared reference folder (schemas, vectors) find it here. A fresh clone
// without the folder skips those tests locally, but CI must not pass by skipping them.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

/** The folder holding package.json, found upward from this file (works from test/ and dist/test/). */
export function repoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`);
    dir = up;
  }
  return dir;
}

/** `KMIRROR_REFERENCE_DIR`, else `<repo root>/../shared/reference`. */
export function referenceDir(): string {
  const fromEnv = process.env.KMIRROR_REFERENCE_DIR;
  return resolve(fromEnv !== undefined && fromEnv !== '' ? fromEnv : join(repoRoot(), '..', 'shared', 'reference'));
}

export function inCi(): boolean {
  const ci = process.env.CI;
  return ci !== undefined && ci !== '' && ci !== 'false' && ci !== '0';
}

/** Absolute path of a file inside the reference folder, or undefined when it is missing. */
export function referencePath(relative: string): string | undefined {
  const path = join(referenceDir(), relative);
  return existsSync(path) ? path : undefined;
}

/**
 * Registers tests that need `relative` (a file in the reference folder). When it is missing, one
 * placeholder test is registered instead: skipped with the reason, or failed when CI is set.
 */
export function withReferenceFile(
  relative: string,
  title: string,
  register: (path: string, text: string) => void,
): void {
  const path = referencePath(relative);
  if (path !== undefined) {
    register(path, readFileSync(path, 'utf8'));
    return;
  }
  const reason =
    `${relative} not found in the reference folder ${referenceDir()}; set KMIRROR_REFERENCE_DIR ` +
    `to the folder that holds it`;
  if (inCi()) {
    test(`${title}: reference file is present`, () => {
      assert.fail(`${reason} (CI is set, so these tests may not be skipped)`);
    });
  } else {
    test(title, { skip: reason }, () => {});
  }
}
