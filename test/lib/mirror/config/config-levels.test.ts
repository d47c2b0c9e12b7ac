// Feature-level validation against emulated clusters whose finalized levels the test chooses, with
// a test-only key whose rule changes between mirror.version levels (the real table has none: the
// prototype enforces no level-dependent rule).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Deadline } from '../../../../src/lib/cli/command/deadline.js';
import { type EmulatedClusters, startEmulatedClusters } from '../../../../src/lib/emulator/index.js';
import { createClient } from '../../../../src/lib/kafka/connect.js';
import { CreateClusterMirror } from '../../../../src/lib/kafka/messages/index.js';
import {
  baseValidator,
  MIRROR_CONFIG_KEYS,
  type MirrorConfigKey,
} from '../../../../src/lib/mirror/config/config-keys.js';
import {
  checkFeatureChange,
  requireMirroringAtLevels,
  requireValidAtFinalizedLevels,
} from '../../../../src/lib/mirror/config/config-levels.js';
import type { WireEvent } from '../../../../src/lib/kafka/client.js';
import { InvalidInputError } from '../../../../src/lib/mirror/core/errors.js';
import { LevelValidators } from '../../../../src/lib/mirror/config/feature-levels.js';
import { joinedRegex } from '../../../helpers/joined-regex.js';

const TEST_KEY = 'mirror.test.batch.bytes';
const spec = { name: TEST_KEY, type: 'INT' as const, default: '512', sensitive: false, min: 0 };
/** From mirror.version 2 on the value must be at least 1024. */
const LEVELLED: MirrorConfigKey = {
  ...spec,
  byFeatureLevel: {
    'mirror.version': new LevelValidators([
      [0, baseValidator(spec)],
      [2, baseValidator({ ...spec, min: 1024 })],
    ]),
  },
};
const TABLE = [...MIRROR_CONFIG_KEYS, LEVELLED];

const ADMIN = { principal: 'User:admin', nodeId: 1 };

function clientOf(emulator: EmulatedClusters) {
  return createClient(
    { bootstrap: emulator.destination.bootstrap.split(','), clientId: 'levels' },
    new Deadline(10_000),
  );
}

describe('feature-level validation against the finalized levels', () => {
  let atOne: EmulatedClusters;
  let atTwo: EmulatedClusters;
  before(async () => {
    [atOne, atTwo] = await Promise.all([
      startEmulatedClusters({ seed: 'levels-1', destination: { nodes: 1 } }),
      startEmulatedClusters({ seed: 'levels-2', destination: { nodes: 1, features: { 'mirror.version': 2 } } }),
    ]);
    for (const [name, value] of [
      ['small', '500'],
      ['large', '4096'],
    ] as const) {
      const created = atOne.destination.cluster.createClusterMirror(ADMIN, {
        MirrorName: name,
        Config: [
          { Name: 'bootstrap.servers', Value: atOne.source.bootstrap },
          { Name: 'mirror.source.cluster.id', Value: atOne.source.clusterId },
          { Name: TEST_KEY, Value: value },
        ],
      });
      assert.equal(created.ErrorCode, 0);
    }
  });
  after(async () => Promise.all([atOne.close(), atTwo.close()]));

  it('the emulator finalizes the chosen level and supports it; ApiVersions carries it', async () => {
    const client = clientOf(atTwo);
    try {
      const info = await client.requireMirroring([CreateClusterMirror]);
      assert.equal(info.finalizedFeatures.get('mirror.version'), 2);
      assert.equal(info.supportedFeatures.get('mirror.version')?.max, 2);
    } finally {
      await client.close();
    }
  });

  it('create/config set: a value valid at mirror.version 1 is refused at a cluster finalized at 2', async () => {
    for (const [emulator, refused] of [
      [atOne, false],
      [atTwo, true],
    ] as const) {
      const client = clientOf(emulator);
      try {
        const info = await client.requireMirroring([CreateClusterMirror]);
        const check = () => requireValidAtFinalizedLevels([[TEST_KEY, '500']], info.finalizedFeatures, TABLE);
        if (refused) {
          assert.throws(check, (err: unknown) => {
            assert.ok(err instanceof InvalidInputError);
            assert.match(
              err.message,
              joinedRegex([
                /finalized mirror\.version=2: mirror\.test\.batch\.bytes=500: Value must be at least 1024 \(the rule /,
                /of mirror\.version 2 and up/,
              ]),
            );
            return true;
          });
        } else check();
        requireValidAtFinalizedLevels([[TEST_KEY, '2048']], info.finalizedFeatures, TABLE);
        // The real table knows no such key: the broker decides.
        requireValidAtFinalizedLevels([[TEST_KEY, '500']], info.finalizedFeatures);
      } finally {
        await client.close();
      }
    }
  });

  it(
    "create's gate (requireMirroringAtLevels) refuses at level 2 from the same ApiVersions " +
      'answer, before CreateClusterMirror',
    async () => {
      const wire: WireEvent[] = [];
      const client = createClient(
        { bootstrap: atTwo.destination.bootstrap.split(','), clientId: 'levels' },
        new Deadline(10_000),
        (e) => wire.push(e),
      );
      try {
        await assert.rejects(
          requireMirroringAtLevels(client, [CreateClusterMirror], new Map([[TEST_KEY, '500']]), TABLE),
          InvalidInputError,
        );
        assert.deepEqual(
          wire.map((e) => e.api),
          ['ApiVersions'],
          'nothing but ApiVersions was sent',
        );
        const info = await requireMirroringAtLevels(
          client,
          [CreateClusterMirror],
          new Map([[TEST_KEY, '4096']]),
          TABLE,
        );
        assert.equal(info.finalizedFeatures.get('mirror.version'), 2);
      } finally {
        await client.close();
      }
    },
  );

  it(
    'check --feature mirror.version=2 lists the stored values that level makes invalid; level 1 ' + 'lists none',
    async () => {
      const client = clientOf(atOne);
      try {
        const up = await checkFeatureChange(client, [{ feature: 'mirror.version', level: 2 }], { table: TABLE });
        assert.deepEqual(up.changes, [{ feature: 'mirror.version', from: 1, to: 2 }]);
        assert.equal(up.mirrors, 2);
        assert.deepEqual(
          up.invalid.map((p) => [p.mirror, p.key, p.value, p.since, p.invalidNow]),
          [['small', TEST_KEY, '500', 2, false]],
        );
        const same = await checkFeatureChange(client, [{ feature: 'mirror.version', level: 1 }], { table: TABLE });
        assert.deepEqual(same.invalid, []);
        const real = await checkFeatureChange(client, [{ feature: 'mirror.version', level: 2 }]);
        assert.deepEqual(real.invalid, [], 'the real table has no rule that changes with the level');
      } finally {
        await client.close();
      }
    },
  );

  it('a metadata.version downgrade below 30 breaks mirror.version 1; mirror.version 0 disables mirroring', async () => {
    const client = clientOf(atOne);
    try {
      const down = await checkFeatureChange(client, [{ feature: 'metadata.version', level: 29 }], { table: TABLE });
      assert.deepEqual(down.dependencies, [
        { feature: 'mirror.version', level: 1, requires: { feature: 'metadata.version', level: 30 } },
      ]);
      const off = await checkFeatureChange(client, [{ feature: 'mirror.version', level: 0 }], { table: TABLE });
      assert.deepEqual(off.dependencies, []);
      assert.match(off.notes[0] ?? '', /mirroring is disabled/);
    } finally {
      await client.close();
    }
  });
});
