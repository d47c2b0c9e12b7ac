// Pause, stop and resume need ALTER_CONFIGS on every listed topic besides ALTER on the mirror
// (PROTOCOL.md §18 "Authorization"). `check MIRROR` must see the topic permission, not just the
// mirror's bitfield.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import type { AclRule } from '../../src/lib/emulator/index.js';
import type { CheckResult } from '../../src/lib/mirror/check/check-mirror.js';
import { INSTANT_START } from '../helpers/emulator-timing.js';
import { jsonOf, runCli } from '../helpers/in-process-cli.js';
import { assertMatchesSchema } from '../helpers/schema.js';
import { joinedRegex } from '../helpers/joined-regex.js';
import { USERS, asUser, protocolClient, setUpMirror, type TestUser } from './mirror-protocol-setup.js';

const rule = (
  user: TestUser,
  resourceType: AclRule['resourceType'],
  name: string,
  operation: AclRule['operation'],
) => ({
  principal: `User:${user}`,
  resourceType,
  name,
  operation,
});

describe('check MIRROR: ALTER_CONFIGS on the mirror topics', () => {
  let emulator: EmulatedClusters;
  before(async () => {
    emulator = await startEmulatedClusters({
      seed: 'check-topic-permissions',
      demoTopics: true,
      growthPerSec: 0,
      timing: INSTANT_START,
      sasl: { mechanisms: ['PLAIN'], users: USERS },
      destination: {
        acls: {
          superUsers: ['User:admin'],
          rules: [
            // 'full' may do everything with the mirror, but alter the configs of orders only.
            rule('full', 'CLUSTER_MIRROR', '*', 'ALL'),
            rule('full', 'TOPIC', '*', 'DESCRIBE'),
            rule('full', 'TOPIC', 'orders', 'ALTER_CONFIGS'),
            // 'nodelete' here: every mirror and topic operation.
            rule('nodelete', 'CLUSTER_MIRROR', '*', 'ALL'),
            rule('nodelete', 'TOPIC', '*', 'ALL'),
          ],
        },
      },
    });
    const admin = protocolClient(emulator);
    try {
      await setUpMirror(admin, emulator, 'm1', { mirroring: ['orders', 'payments'] });
    } finally {
      await admin.close();
    }
  });
  after(async () => {
    await emulator.close();
  });
  const runAs = (user: TestUser, args: readonly string[]) => {
    const as = asUser(emulator, user);
    return runCli([...args, ...as.args], { env: as.env });
  };

  it('a topic without ALTER_CONFIGS: named, pause/remove-topics/resume failing, exit 5', async () => {
    const json = await runAs('full', ['check', 'm1', '--json']);
    assert.equal(json.code, 5, json.stderr);
    const doc = jsonOf(json) as CheckResult;
    assertMatchesSchema('check', doc);
    assert.deepEqual(doc.mirror?.topicPermissions, {
      operation: 'ALTER_CONFIGS',
      neededBy: ['pause', 'remove-topics', 'resume'],
      deniedTopics: ['payments'],
      checkedTopics: 2,
    });
    const text = await runAs('full', ['check', 'm1']);
    assert.equal(text.code, 5);
    assert.match(
      text.stdout,
      joinedRegex(
        [
          /^Topic ALTER_CONFIGS denied on 1 of 2 topic\(s\) \(payments\): pause, remove-topics, resume fail with /,
          /TOPIC_AUTHORIZATION_FAILED \(exit 5\)\.$/,
        ],
        'm',
      ),
    );
    // What check predicts is what the broker does.
    const pause = await runAs('full', ['pause', 'm1', '--topic', 'payments']);
    assert.equal(pause.code, 5, pause.stderr);
  });

  it('with ALTER_CONFIGS on every topic: allowed, exit 0', async () => {
    const json = await runAs('nodelete', ['check', 'm1', '--json']);
    assert.equal(json.code, 0, json.stderr);
    const doc = jsonOf(json) as CheckResult;
    assert.deepEqual(doc.mirror?.topicPermissions.deniedTopics, []);
    const text = await runAs('nodelete', ['check', 'm1']);
    assert.match(text.stdout, /^Topic ALTER_CONFIGS: allowed on all 2 topic\(s\) of the mirror\.$/m);
  });
});
