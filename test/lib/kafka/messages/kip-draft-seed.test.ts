// Our `--protocol kip-draft` definitions held to the seed KIP text itself (revision 57, in the
// shared reference folder, read in place): every JSON block the seed prints is parsed and compared
// attribute by attribute with ours. Halves the seed does not print must be marked "assumed" in our
// definition and follow the prototype counterpart's layout.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { ApiDefinition, MessageDefinition } from '../../../../src/lib/kafka/definition.js';
import { DRAFT_STATES } from '../../../../src/lib/kafka/dialects/kip-draft-states.js';
import {
  ListClusterMirrors,
  ReadMirrorStates,
  StartMirrorTopics,
  WriteMirrorStates,
} from '../../../../src/lib/kafka/messages/index.js';
import { KIP_DRAFT_APIS, MIRROR_COORDINATOR_KEY_TYPE } from '../../../../src/lib/kafka/messages/kip-draft/index.js';
import { TBD } from '../../../../src/lib/kafka/mirror-api-keys.js';
import { type Json, compareDefinition, isRecord, stripJsonComments } from '../../../helpers/definition-compare.js';
import { inCi, referenceDir } from '../../../helpers/reference.js';

const seedDir = join(referenceDir(), 'seeds');

/** The prototype message each assumed half follows; null where the prototype has no counterpart. */
const ASSUMED_FROM: ReadonlyMap<string, MessageDefinition | null> = new Map<string, MessageDefinition | null>([
  ['AddTopicsToMirrorResponse', StartMirrorTopics.response],
  ['ListMirrorsRequest', ListClusterMirrors.request],
  ['LastMirroredOffsetsResponse', null],
  ['ReadMirrorStatesResponse', ReadMirrorStates.response],
  ['WriteMirrorStatesResponse', WriteMirrorStates.response],
]);

/** Seed blocks that are not RPC messages, each with the reason we do not define them. */
const NOT_DEFINED: ReadonlyMap<string, string> = new Map([
  ['MirrorPartitionStateKey', '__mirror_state record of the coordinator, never on an admin connection'],
  ['MirrorPartitionStateValue', '__mirror_state record of the coordinator, never on an admin connection'],
]);

interface SeedBlock {
  readonly file: string;
  readonly name: string;
  readonly schema: Json;
  /** What had to be repaired for the block to parse as JSON. */
  readonly repairs: readonly string[];
}

/** Every `{ … }` starting a line whose braces balance (strings respected). */
function jsonBlocks(text: string): string[] {
  const blocks: string[] = [];
  const starts = /^[ \t]*\{/gm;
  for (let m = starts.exec(text); m; m = starts.exec(text)) {
    const from = m.index + m[0].length - 1;
    let depth = 0;
    let inString = false;
    for (let i = from; i < text.length; i++) {
      const ch = text[i];
      if (inString) {
        if (ch === '\\') i++;
        else if (ch === '"') inString = false;
      } else if (ch === '"') inString = true;
      else if (ch === '{') depth++;
      else if (ch === '}' && --depth === 0) {
        blocks.push(text.slice(from, i + 1));
        starts.lastIndex = i + 1;
        break;
      }
    }
  }
  return blocks;
}

/** The seed's typos, each repaired and named: `"apiKey": TBD` is no JSON, and one line lacks its comma. */
function parseSeedBlock(raw: string): { schema: Json; repairs: string[] } {
  const repairs: string[] = [];
  let text = stripJsonComments(raw).replace(/\u00a0/g, ' ');
  if (/"apiKey":\s*TBD/.test(text)) {
    text = text.replace(/"apiKey":\s*TBD/, '"apiKey": "TBD"');
    repairs.push('apiKey TBD');
  }
  const commaless = /("[^"\n]*")([ \t]*\n[ \t]*")/g;
  if (commaless.test(text)) {
    text = text.replace(commaless, '$1,$2');
    repairs.push('missing comma');
  }
  return { schema: JSON.parse(text) as Json, repairs };
}

/** Blocks that are not JSON even after the repairs (the seed also prints diffs of other schemas). */
interface UnreadBlock {
  readonly file: string;
  readonly name: string;
}

function readSeeds(): { blocks: SeedBlock[]; unread: UnreadBlock[]; texts: string } {
  const blocks: SeedBlock[] = [];
  const unread: UnreadBlock[] = [];
  let texts = '';
  for (const file of readdirSync(seedDir).sort()) {
    const text = readFileSync(join(seedDir, file), 'utf8');
    texts += text;
    for (const raw of jsonBlocks(text)) {
      if (!/"name"\s*:/.test(raw) || !/"type"\s*:/.test(raw)) continue;
      let parsed;
      try {
        parsed = parseSeedBlock(raw);
      } catch {
        unread.push({ file, name: /"name":\s*"(\w+)"/.exec(raw)?.[1] ?? '(unnamed)' });
        continue;
      }
      const { schema, repairs } = parsed;
      if (isRecord(schema) && typeof schema.name === 'string')
        blocks.push({ file, name: schema.name, schema, repairs });
    }
  }
  return { blocks, unread, texts };
}

/** A definition as plain JSON without its key (the seed prints TBD, ours carries TBD = -1). */
function withoutKey(message: MessageDefinition): MessageDefinition {
  const { apiKey: _key, ...rest } = message;
  return rest as MessageDefinition;
}

const halves = (api: ApiDefinition) =>
  [
    ['request', api.request],
    ['response', api.response],
  ] as const;

if (!existsSync(seedDir)) {
  const reason = `seed KIP texts not found at ${seedDir}; set KMIRROR_REFERENCE_DIR to the folder that holds seeds/`;
  if (inCi())
    test('seed KIP texts are present', () => assert.fail(`${reason} (CI is set, so this may not be skipped)`));
  else test('kip-draft definitions match the seed KIP', { skip: reason }, () => {});
} else {
  const { blocks, unread, texts } = readSeeds();
  const byName = new Map(blocks.map((b) => [b.name, b]));

  test('the seed prints the mirror RPC blocks, repaired only where its text is not JSON', () => {
    assert.ok(blocks.length >= 9, `found ${blocks.length} blocks`);
    for (const block of blocks) {
      const expected = block.name === 'WriteMirrorStatesRequest' ? ['apiKey TBD', 'missing comma'] : undefined;
      if (expected) assert.deepEqual(block.repairs, expected, block.name);
      else assert.ok(!block.repairs.includes('missing comma'), `${block.name} needed no comma`);
    }
  });

  for (const api of KIP_DRAFT_APIS) {
    for (const [half, message] of halves(api)) {
      const seed = byName.get(message.name);
      const assumed = api.assumed?.[half];
      if (seed) {
        test(`${message.name} matches the seed (${seed.file})`, () => {
          assert.equal(assumed, undefined, `${message.name} is printed by the seed, so it may not be marked assumed`);
          assert.equal(message.apiKey, TBD);
          assert.equal(isRecord(seed.schema) ? seed.schema.apiKey : undefined, 'TBD');
          const { apiKey: _key, ...schema } = seed.schema as Record<string, Json>;
          const diffs = compareDefinition(withoutKey(message), schema);
          if (diffs.length > 0) assert.fail(`${message.name} differs from the seed:\n${diffs.join('\n')}`);
        });
      } else {
        test(`${message.name} is not in the seed: marked assumed, with the prototype counterpart's layout`, () => {
          assert.ok(assumed && assumed.length > 20, `${api.name}.assumed.${half} must say what was assumed`);
          assert.ok(ASSUMED_FROM.has(message.name), `${message.name} needs an entry in ASSUMED_FROM`);
          const counterpart = ASSUMED_FROM.get(message.name);
          if (counterpart) {
            const diffs = compareDefinition(withoutKey(message), {
              ...(JSON.parse(JSON.stringify(withoutKey(counterpart))) as Record<string, Json>),
              name: message.name,
            });
            if (diffs.length > 0) assert.fail(`${message.name} differs from ${counterpart.name}:\n${diffs.join('\n')}`);
          }
        });
      }
    }
  }

  test('the blocks that do not parse are diffs of schemas the draft does not define', () => {
    const ours = new Set(KIP_DRAFT_APIS.flatMap((api) => [api.request.name, api.response.name]));
    for (const block of unread) assert.ok(!ours.has(block.name), `${block.name} (${block.file}) does not parse`);
    assert.deepEqual(
      unread.map((b) => b.name),
      ['BrokerRegistrationRequest'],
    );
  });

  test('every RPC block of the seed is one of our definitions', () => {
    const ours = new Set(KIP_DRAFT_APIS.flatMap((api) => [api.request.name, api.response.name]));
    const problems = blocks
      .filter((b) => !ours.has(b.name) && !NOT_DEFINED.has(b.name))
      .map((b) => `${b.name} (${b.file}) is printed by the seed but not defined for kip-draft`);
    if (problems.length > 0) assert.fail(problems.join('\n'));
  });

  test("the state vocabulary is the one the seed's DescribeMirrorsResponse names", () => {
    const about = /"The partition state \(([A-Z_, ]+)\)\."/.exec(texts)?.[1];
    assert.ok(about, 'the seed names the states in the State field');
    assert.deepEqual(
      about.split(',').map((s) => s.trim()),
      DRAFT_STATES,
    );
  });

  test('FindCoordinator key type MIRROR is the number the seed gives', () => {
    const declared = /MIRROR\(\(byte\)\s*(\d+)\)/.exec(texts)?.[1];
    assert.equal(Number(declared), MIRROR_COORDINATOR_KEY_TYPE);
  });
}
