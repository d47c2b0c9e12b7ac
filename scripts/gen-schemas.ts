// `npm run build` (last step): writes schemas/kmirror-<command>.schema.json, the --json contract of each command,
// from the result type its command file exports. `--check`: write nothing, exit 1 when a file differs.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_CONFIG,
  SchemaGenerator,
  createFormatter,
  createParser,
  createProgram,
  type CompletedConfig,
  type Schema,
} from 'ts-json-schema-generator';
import {
  BigIntNodeParser,
  INT64_COMMENT,
  IntegerFormatter,
  NullableIntegerFormatter,
  SUM_COMMENT,
  SUM_TAG,
  withSumComments,
} from './schema-integers.js';
import { SCHEMA_VERSION } from '../src/lib/cli/output/json-document.js';

export { INT64_COMMENT, SUM_COMMENT };

export const SCHEMA_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export const CONTRACTS: Readonly<Record<string, string>> = {
  'add-topics': 'AddTopicsJson',
  check: 'CheckJson',
  completion: 'CompletionJson',
  'config get': 'ConfigGetJson',
  'config set': 'ConfigSetJson',
  create: 'CreateJson',
  delete: 'DeleteJson',
  describe: 'DescribeJson',
  diff: 'DiffJson',
  failback: 'FailbackJson',
  exporter: 'ExporterJson',
  groups: 'GroupsJson',
  help: 'HelpJson',
  list: 'ListJson',
  pause: 'PauseJson',
  'profile create': 'ProfileCreateJson',
  'profile delete': 'ProfileDeleteJson',
  'profile list': 'ProfileListJson',
  'profile rename': 'ProfileRenameJson',
  'profile show': 'ProfileShowJson',
  'profile use': 'ProfileUseJson',
  playground: 'PlaygroundJson',
  promote: 'PromoteJson',
  'remove-topics': 'RemoveTopicsJson',
  resume: 'ResumeJson',
  topology: 'TopologyJson',
  verify: 'VerifyJson',
  version: 'VersionJson',
};

const WATCH_COMMANDS: ReadonlySet<string> = new Set(['describe']);

export const ERROR_SCHEMA_FILE = 'kmirror-error.schema.json';
export const RECEIPT_SCHEMA_FILE = 'kmirror-receipt.schema.json';

export function schemaFileName(command: string): string {
  return `kmirror-${command.replaceAll(' ', '-')}.schema.json`;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

type JsonObject = { [key: string]: Json };

function toDefs(value: Json): Json {
  if (Array.isArray(value)) return value.map(toDefs);
  if (value === null || typeof value !== 'object') return value;
  const out: JsonObject = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === '$ref' && typeof item === 'string') out[key] = item.replace('#/definitions/', '#/$defs/');
    else if (key === 'description' && typeof item === 'string') out[key] = item.replace(/\s*\n\s*/g, ' ');
    else out[key === 'definitions' ? '$defs' : key] = toDefs(item);
  }
  return out;
}

/** The command's type is an alias, so the generator's root is a reference: the definition becomes the root. */
function inlineRoot(schema: JsonObject): JsonObject {
  const ref = schema.$ref;
  const defs = schema.$defs;
  if (typeof ref !== 'string' || defs === null || typeof defs !== 'object' || Array.isArray(defs)) return schema;
  const name = decodeURIComponent(ref.slice('#/$defs/'.length));
  const target = defs[name];
  if (target === null || typeof target !== 'object' || Array.isArray(target)) return schema;
  const { $ref: _ref, $defs: _defs, ...rest } = schema;
  const others = Object.fromEntries(Object.entries(defs).filter(([key]) => key !== name));
  const stillUsed = JSON.stringify([target, others]).includes(`"${ref}"`);
  const remaining = stillUsed ? defs : others;
  return {
    ...target,
    ...rest,
    ...(Object.keys(remaining).length > 0 ? { $defs: remaining } : {}),
  };
}

export function generateSchemas(root = SCHEMA_ROOT): Map<string, string> {
  const config: CompletedConfig = {
    ...DEFAULT_CONFIG,
    path: join(root, '{src/commands/**/*.ts,src/lib/cli/output/json-document.ts}'),
    tsconfig: join(root, 'tsconfig.json'),
    expose: 'export',
    topRef: false,
    jsDoc: 'extended',
    extraTags: [SUM_TAG],
    additionalProperties: false,
    skipTypeCheck: true,
    sortProps: false,
  };
  const program = createProgram(config);
  const parser = createParser(program, config, (chain) => chain.addNodeParser(new BigIntNodeParser()));
  const formatter = createFormatter(config, (chain) => {
    chain.addTypeFormatter(new NullableIntegerFormatter());
    chain.addTypeFormatter(new IntegerFormatter());
  });
  const generator = new SchemaGenerator(program, parser, formatter, config);
  const failure = inlineRoot(toDefs(generator.createSchema('FailureJson') as Schema as Json) as JsonObject);
  const { $schema: _failureDraft, $defs: _noDefs, ...failureBody } = failure;
  const out = new Map<string, string>();
  for (const [command, type] of Object.entries(CONTRACTS)) {
    const generated = inlineRoot(withSumComments(toDefs(generator.createSchema(type) as Schema as Json)) as JsonObject);
    const { $schema: _draft, description, ...body } = generated;
    const schema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: schemaFileName(command),
      title: `kmirror ${command} --json`,
      ...(description === undefined ? {} : { description }),
      ...withEnvelope(body, failureBody, WATCH_COMMANDS.has(command)),
    };
    out.set(schemaFileName(command), `${JSON.stringify(schema, null, 2)}\n`);
  }
  const errorSchema = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: ERROR_SCHEMA_FILE,
    title: 'kmirror --json of a command that failed outright',
    description:
      'Printed by every command that fails before it has a result (bad input, no connection, a refusal). A command ' +
      'that did part of its work prints its own result document instead, with this failure as its `error`.',
    ...withEnvelope(
      {
        type: 'object',
        properties: { error: { $ref: '#/$defs/FailureJson' } },
        required: ['error'],
        additionalProperties: false,
      },
      failureBody,
      true,
    ),
  };
  out.set(ERROR_SCHEMA_FILE, `${JSON.stringify(errorSchema, null, 2)}\n`);
  const receipt = inlineRoot(toDefs(generator.createSchema('ReceiptJson') as Schema as Json) as JsonObject);
  const { $schema: _receiptDraft, ...receiptBody } = receipt;
  const receiptSchema = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: RECEIPT_SCHEMA_FILE,
    title: 'kmirror promote --receipt / failback --receipt',
    ...receiptBody,
  };
  out.set(RECEIPT_SCHEMA_FILE, `${JSON.stringify(receiptSchema, null, 2)}\n`);
  return out;
}

const SCHEMA_VERSION_PROPERTY: JsonObject = {
  type: 'integer',
  const: SCHEMA_VERSION,
  description: 'The version of this document shape; raised when a shape changes incompatibly.',
};

function withEnvelope(body: JsonObject, failure: JsonObject, watch: boolean): JsonObject {
  const alternatives = body.anyOf;
  if (Array.isArray(alternatives)) return unionWithEnvelope(body, alternatives, failure, watch);
  const properties = (body.properties ?? {}) as JsonObject;
  const { warnings: ownWarnings, ...own } = properties;
  const required = ((body.required ?? []) as Json[]).filter((name) => name !== 'warnings');
  const defs = { ...((body.$defs ?? {}) as JsonObject), FailureJson: failure };
  return {
    ...body,
    properties: {
      schemaVersion: SCHEMA_VERSION_PROPERTY,
      ...(watch
        ? { timestamp: { type: 'string', description: 'With --watch: when this refresh was taken (ISO 8601, UTC).' } }
        : {}),
      ...own,
      warnings: ownWarnings ?? {
        type: 'array',
        items: { type: 'string' },
        description: 'What the command warned about while it ran (on stderr in text mode).',
      },
      ...(own.error === undefined
        ? {
            error: {
              $ref: '#/$defs/FailureJson',
              description:
                'Present when the command failed after doing part of its work; the exit code is its exitCode.',
            },
          }
        : {}),
    },
    required: ['schemaVersion', ...required, 'warnings'],
    $defs: defs,
  };
}

/** Each shape gets the envelope itself: an object closed with additionalProperties admits no field from around it. */
function unionWithEnvelope(body: JsonObject, alternatives: Json[], failure: JsonObject, watch: boolean): JsonObject {
  const defs = { ...((body.$defs ?? {}) as JsonObject) };
  const shapes = alternatives.map((alternative) => {
    const ref = (alternative as JsonObject).$ref;
    const name = typeof ref === 'string' ? decodeURIComponent(ref.slice('#/$defs/'.length)) : '';
    const target = defs[name] as JsonObject | undefined;
    if (!target) return alternative;
    if (!JSON.stringify([Object.entries(defs).filter(([key]) => key !== name)]).includes(`"${String(ref)}"`))
      delete defs[name];
    const { $defs: _none, ...shape } = withEnvelope(target, failure, watch);
    return shape;
  });
  return { ...body, anyOf: shapes, $defs: { ...defs, FailureJson: failure } };
}

function main(): number {
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const [name, text] of generateSchemas()) {
    const path = join(SCHEMA_ROOT, 'schemas', name);
    let current: string | null = null;
    try {
      current = readFileSync(path, 'utf8');
    } catch {
      current = null;
    }
    if (current === text) continue;
    stale++;
    if (check) process.stderr.write(`schemas/${name} differs from the result types: run npm run build\n`);
    else writeFileSync(path, text);
  }
  return check && stale > 0 ? 1 : 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = main();
