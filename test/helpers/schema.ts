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

const compiled = new Map<string, ReturnType<typeof ajv.compile>>();

/** Throws with every violation listed when `document` does not match the command's schema. */
export function assertMatchesSchema(command: string, document: unknown): void {
  let validate = compiled.get(command);
  if (!validate) {
    validate = ajv.compile(JSON.parse(readFileSync(schemaPath(command), 'utf8')) as object);
    compiled.set(command, validate);
  }
  if (!validate(document)) {
    throw new Error(
      `--json output of '${command}' does not match ` +
        `${schemaPath(command)}:\n${ajv.errorsText(validate.errors, { separator: '\n' })}`,
    );
  }
}
