// oclif options that run kmirror's commands from their own modules rather than from the bundle, which holds its
// own copy of every module that a test reaching into them would not see.

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
