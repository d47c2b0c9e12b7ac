// Validates --json output against the checked-in JSON Schema of a command (schemas/*.schema.json):
// the schema is the contract scripts rely on, so a changed shape fails a test.

import Ajv2020 from 'ajv/dist/2020.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './cli.js';

const ajv = new Ajv2020.default({ allErrors: true, strict: true });

export function schemaPath(command: string): string {
  return join(REPO_ROOT, 'schemas', `kmirror-${command.replaceAll(' ', '-')}.schema.json`);
}

/** Throws with every violation listed when `document` does not match the command's schema. */
export function assertMatchesSchema(command: string, document: unknown): void {
  const schema = JSON.parse(readFileSync(schemaPath(command), 'utf8')) as object;
  const validate = ajv.compile(schema);
  if (!validate(document)) {
    throw new Error(`--json output of '${command}' does not match ${schemaPath(command)}:\n${ajv.errorsText(validate.errors, { separator: '\n' })}`);
  }
}
