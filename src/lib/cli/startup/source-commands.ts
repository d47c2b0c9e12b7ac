// oclif options that run kmirror's commands from their own modules (dist/src, or src/ under bin/dev.js)
// rather than from the bundle that package.json names (dist/bundle/kmirror.cjs, scripts/bundle.mjs): the
// bundle holds its own copy of oclif and of every module, which a test that reaches into the modules it
// imports (colour level, registered secrets, exit) would not see. Same package.json otherwise.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Interfaces } from '@oclif/core';

export function sourceCommandsOptions(root: string): { root: string; pjson: Interfaces.PJSON } {
  const pjson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Interfaces.PJSON;
  pjson.oclif = {
    ...pjson.oclif,
    commands: './dist/src/commands',
    helpClass: './dist/src/lib/cli/startup/help.js',
    hooks: { command_not_found: './dist/src/lib/cli/startup/command-not-found.js' },
  };
  return { root, pjson };
}
