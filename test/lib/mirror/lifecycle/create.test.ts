import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { toFailure } from '../../../../src/lib/cli/failures/errors.js';
import { CreateClusterMirror } from '../../../../src/lib/kafka/messages/index.js';
import {
  type CreateMirrorInput,
  createResult,
  maskedConfig,
  planCreateMirror,
  sendCreateMirror,
  withSourceClusterId,
} from '../../../../src/lib/mirror/lifecycle/create.js';
import { fakeClient } from '../fake-client.js';

const SOURCE = 'src1:9092,src2:9092';

function input(extra: Partial<CreateMirrorInput> = {}): CreateMirrorInput {
  return {
    mirror: 'm1',
    config: [],
    include: [],
    exclude: [],
    allowUnknownConfig: false,
    askSourceBootstrap: () => Promise.reject(new Error('must not ask')),
    ...extra,
  };
}

/** The user-visible outcome of a rejected promise: exit code, message, hint (the one mapping in cli/). */
async function failureOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (err) {
    return toFailure(err);
  }
  assert.fail('expected a failure');
}

const dir = mkdtempSync(join(tmpdir(), 'kmirror-create-unit-'));
after(() => rmSync(dir, { recursive: true, force: true }));

describe('planCreateMirror (no network)', () => {
  it(
    'builds the config from the flags: bootstrap, cluster id, patterns joined; the source ' +
      'connection to check the id',
    async () => {
      const plan = await planCreateMirror(
        input({
          sourceBootstrap: ` ${SOURCE} `,
          sourceClusterId: 'abc',
          include: ['orders-.*', 'payments', 'orders-.*'],
          exclude: ['orders-test'],
          config: ['mirror.fetch.wait.max.ms=5000'],
        }),
      );
      assert.equal(plan.sourceBootstrap, SOURCE, 'trimmed');
      assert.equal(plan.sourceClusterId, 'abc');
      assert.deepEqual(
        plan.sourceConnection?.bootstrap,
        ['src1:9092', 'src2:9092'],
        'a given id is checked on the source',
      );
      assert.deepEqual(Object.fromEntries(plan.config), {
        'mirror.fetch.wait.max.ms': '5000',
        'mirror.topics.include': 'orders-.*,payments',
        'mirror.topics.exclude': 'orders-test',
        'bootstrap.servers': SOURCE,
        'mirror.source.cluster.id': 'abc',
      });
    },
  );

  it('without a cluster id it plans the source connection from the mirror settings', async () => {
    const plan = await planCreateMirror(input({ sourceBootstrap: SOURCE }));
    assert.equal(plan.sourceClusterId, null);
    assert.deepEqual(plan.sourceConnection?.bootstrap, ['src1:9092', 'src2:9092']);
    assert.equal(plan.config.has('mirror.source.cluster.id'), false);
  });

  it('asks for the bootstrap only when nothing gives one, and checks the answer', async () => {
    let asked = 0;
    const plan = await planCreateMirror(
      input({ sourceClusterId: 'x', askSourceBootstrap: async () => (asked++, 'asked:9092') }),
    );
    assert.equal(asked, 1);
    assert.equal(plan.sourceBootstrap, 'asked:9092');
    const bad = await failureOf(
      planCreateMirror(input({ sourceClusterId: 'x', askSourceBootstrap: async () => 'no port' })),
    );
    assert.equal(bad.exitCode, 2);
    assert.match(bad.message, /^--source-bootstrap: /);
  });

  it('reads --source-config, lets --config override it, and refuses a flag that disagrees with the file', async () => {
    const file = join(dir, 'source.properties');
    writeFileSync(file, `bootstrap.servers=${SOURCE}\nmirror.fetch.wait.max.ms=1000\n`);
    const plan = await planCreateMirror(
      input({ sourceConfigFile: file, sourceClusterId: 'x', config: ['mirror.fetch.wait.max.ms=2000'] }),
    );
    assert.equal(plan.sourceBootstrap, SOURCE);
    assert.equal(plan.config.get('mirror.fetch.wait.max.ms'), '2000');
    const clash = await failureOf(planCreateMirror(input({ sourceConfigFile: file, sourceBootstrap: 'other:9092' })));
    assert.equal(clash.exitCode, 2);
    assert.match(clash.message, /--source-bootstrap 'other:9092' disagrees with bootstrap\.servers=/);
    assert.match(clash.message, /line 1/);
  });

  it('refuses bad input before anything is sent (exit 2)', async () => {
    const cases: [Partial<CreateMirrorInput>, RegExp][] = [
      [{ mirror: 'bad name!' }, /./],
      [
        { sourceBootstrap: SOURCE, config: ['a.b=1', 'a.b=2'], allowUnknownConfig: true },
        /--config a\.b is given twice/,
      ],
      [
        { sourceBootstrap: SOURCE, include: ['x'], config: ['mirror.topics.include=y'] },
        /--include and --config mirror\.topics\.include both set/,
      ],
      [{ sourceBootstrap: SOURCE, sourceClusterId: '  ' }, /--source-cluster-id is empty/],
    ];
    for (const [extra, message] of cases) {
      const failure = await failureOf(planCreateMirror(input(extra)));
      assert.equal(failure.exitCode, 2, `${JSON.stringify(extra)}: ${failure.message}`);
      assert.match(failure.message, message);
    }
  });
});

describe('sendCreateMirror', () => {
  const config = new Map([
    ['bootstrap.servers', SOURCE],
    ['mirror.source.cluster.id', 'abc'],
  ]);
  const answering = (ErrorCode: number, ErrorMessage: string | null = null) =>
    fakeClient().answer(CreateClusterMirror, () => ({ ThrottleTimeMs: 0, ErrorCode, ErrorMessage }));

  it('sends the name and every config entry, and returns on 0', async () => {
    const fake = answering(0);
    await sendCreateMirror(fake.client, 'm1', config);
    assert.deepEqual(fake.sent, [
      {
        api: 'CreateClusterMirror',
        body: {
          MirrorName: 'm1',
          Config: [
            { Name: 'bootstrap.servers', Value: SOURCE },
            { Name: 'mirror.source.cluster.id', Value: 'abc' },
          ],
        },
      },
    ]);
  });

  it('29 and 38 say the mirror WAS created and not to retry, with the cause of each', async () => {
    const rf = await failureOf(sendCreateMirror(answering(38).client, 'm1', config));
    assert.equal(rf.exitCode, 1);
    assert.match(rf.message, /mirror 'm1' WAS created, but the broker could not create __mirror_state/);
    assert.match(rf.hint ?? '', /do not retry create/);
    assert.match(rf.hint ?? '', /replication\.factor/);
    assert.match(rf.hint ?? '', /kmirror add-topics m1/);
    assert.equal(rf.kafkaError?.code, 38);
    const acl = await failureOf(sendCreateMirror(answering(29).client, 'm1', config));
    assert.match(acl.hint ?? '', /grant CREATE/);
  });

  it('42 names both required keys with the values sent', async () => {
    const failure = await failureOf(sendCreateMirror(answering(42, 'bad').client, 'm1', config));
    assert.equal(failure.exitCode, 1);
    assert.match(failure.message, /INVALID_REQUEST\): bad/);
    assert.match(failure.message, /bootstrap\.servers=src1:9092,src2:9092, mirror\.source\.cluster\.id=abc/);
  });

  it('other codes go through the one Kafka error mapping (144 → exit 5, 138 already exists → 1)', async () => {
    assert.equal((await failureOf(sendCreateMirror(answering(144).client, 'm1', config))).exitCode, 5);
    const exists = await failureOf(sendCreateMirror(answering(138).client, 'm1', config));
    assert.equal(exists.kafkaError?.code, 138);
  });
});

describe('create results', () => {
  it('masks secret values (not empty ones), sorts keys, and places the looked-up id', () => {
    const config = new Map([
      ['sasl.jaas.config', 'org.apache.kafka.common.security.plain.PlainLoginModule required password="p";'],
      ['bootstrap.servers', SOURCE],
      ['ssl.key.password', ''],
    ]);
    const full = withSourceClusterId(config, 'looked-up');
    assert.equal(config.has('mirror.source.cluster.id'), false, 'the plan map is not changed');
    assert.deepEqual(Object.entries(maskedConfig(full)), [
      ['bootstrap.servers', SOURCE],
      ['mirror.source.cluster.id', 'looked-up'],
      ['sasl.jaas.config', '[redacted]'],
      ['ssl.key.password', ''],
    ]);
    const plan = {
      mirror: 'm1',
      sourceBootstrap: SOURCE,
      config,
      sourceClusterId: null,
      sourceConnection: null,
      sourceConnectionProblem: null,
    };
    const result = createResult({ ...plan, warnings: [] }, full, 'looked-up', true);
    assert.deepEqual(
      { ...result, config: undefined },
      {
        mirror: 'm1',
        sourceBootstrap: SOURCE,
        sourceClusterId: 'looked-up',
        config: undefined,
        loopCheck: null,
        dryRun: true,
      },
    );
    assert.equal(result.config['sasl.jaas.config'], '[redacted]');
  });
});
