// A top-level error in DescribeClusterMirrors from every broker that answered is describe's failure,
// with its own exit code, name, message and hint; before, describe printed "0 partitions … No topics
// yet", suggested add-topics and exited 3, showing "error 144" without its name.

import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import { errors, kafkaError } from '../../src/lib/kafka/error-codes.js';
import { jsonOf, runCli } from '../helpers/in-process-cli.js';
import { createMirror, startTopics } from './describe-setup.js';

interface ErrorDocument {
  error: { exitCode: number; kafkaError: { code: number; name: string } | null; message: string; hint: string | null };
}

const UNKNOWN_CODE = 9999;
const CODES = [
  errors.CLUSTER_MIRROR_AUTHORIZATION_FAILED.code,
  errors.UNKNOWN_CLUSTER_MIRROR.code,
  errors.UNSUPPORTED_VERSION.code,
  errors.UNKNOWN_SERVER_ERROR.code,
  UNKNOWN_CODE,
];

describe('kmirror describe: a broker that answers with a top-level error', () => {
  let emulator: EmulatedClusters;
  before(async () => {
    emulator = await startEmulatedClusters({
      seed: 'describe-broker-errors',
      growthPerSec: 0,
      destination: { nodes: 2 },
      demoTopics: [{ name: 'orders', partitions: 2, initialOffset: 10n }],
    });
    createMirror(emulator, 'm1');
    startTopics(emulator, 'm1', ['orders']);
  });
  after(async () => {
    await emulator.close();
  });
  afterEach(() => {
    for (const node of emulator.destination.nodes) node.faults.clear();
  });
  const run = (...args: string[]) =>
    runCli(['describe', '-b', emulator.destination.bootstrap, '--timeout', '10s', ...args]);

  for (const code of CODES) {
    const info = kafkaError(code);
    it(`${info.name} from every broker: the command's failure, not an empty mirror`, async () => {
      for (const node of emulator.destination.nodes)
        node.faults.failWith('DescribeClusterMirrors', code, { times: Infinity });
      const json = jsonOf(await run('m1', '--json')) as ErrorDocument;
      assert.deepEqual(json.error.kafkaError, { code, name: info.name });
      assert.notEqual(json.error.exitCode, 0);
      assert.notEqual(json.error.exitCode, 3, 'not a partial failure: nothing was described');
      assert.ok(!('mirrors' in json), 'no result document');

      const text = await run('m1');
      assert.equal(text.code, json.error.exitCode, text.stderr);
      assert.doesNotMatch(text.stdout, /No topics yet|0 partitions/);
      assert.match(text.stderr, new RegExp(info.name));
    });
  }

  it('from some brokers: a partial result whose warnings name them, with the error by name', async () => {
    const [first] = emulator.destination.nodes;
    assert.ok(first);
    first.faults.failWith('DescribeClusterMirrors', errors.CLUSTER_MIRROR_AUTHORIZATION_FAILED.code, {
      times: Infinity,
    });
    const result = await run('m1', '--json');
    const json = jsonOf(result) as { warnings: string[]; brokerWarnings: { broker: string; message: string }[] };
    assert.equal(result.code, 3, result.stderr);
    const warning = json.brokerWarnings.find((w) => w.message.includes('CLUSTER_MIRROR_AUTHORIZATION_FAILED'));
    assert.ok(warning, JSON.stringify(json.brokerWarnings));
    assert.equal(warning.broker, `127.0.0.1:${first.port}`);
  });
});
