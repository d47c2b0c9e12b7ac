// A bootstrap address that cannot be a Kafka broker fails the command at once (exit 1, naming the
// address and why) instead of retrying until --timeout (exit 124). Timings are the bench's business:
// these assert only the exit code and the message, under a 30s budget that a retry loop would use up.

import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import { jsonOf, runCli } from '../helpers/in-process-cli.js';

/** A port that was free a moment ago: nothing listens there. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 1));
    });
  });
}

describe('fail fast on bootstrap addresses that cannot answer', () => {
  let emulator: EmulatedClusters;
  before(async () => {
    emulator = await startEmulatedClusters({ seed: 'fail-fast', growthPerSec: 0 });
  });
  after(async () => {
    await emulator.close();
  });

  it('every address refuses: exit 1 naming each one', async () => {
    const [a, b] = [await closedPort(), await closedPort()];
    const result = await runCli(['list', '-b', `127.0.0.1:${a},127.0.0.1:${b}`, '--timeout', '30s']);
    assert.equal(result.code, 1, result.stderr);
    assert.match(result.stderr, new RegExp(`127\\.0\\.0\\.1:${a} refused the connection`));
    assert.match(result.stderr, new RegExp(`127\\.0\\.0\\.1:${b} refused the connection`));
    const json = await runCli(['list', '-b', `127.0.0.1:${a}`, '--timeout', '30s', '--json']);
    assert.equal(json.code, 1);
    assert.match((jsonOf(json) as { error: { message: string } }).error.message, /refused the connection/);
  });

  it('a host the resolver does not know (.invalid, RFC 6761): exit 1, "does not resolve"', async () => {
    const result = await runCli(['list', '-b', 'no-such-broker.invalid:9092', '--timeout', '30s']);
    assert.equal(result.code, 1, result.stderr);
    assert.match(result.stderr, /no-such-broker\.invalid:9092 does not resolve \(no such host\)/);
  });

  it('a malformed OAUTHBEARER token: exit 5 with a clear message, nothing sent', async () => {
    const result = await runCli(
      ['list', '-b', emulator.destination.bootstrap, '--sasl-mechanism', 'oauthbearer', '--timeout', '30s'],
      { env: { KMIRROR_SASL_OAUTH_TOKEN: 'not-a-jwt' } },
    );
    assert.equal(result.code, 5, result.stderr);
    assert.match(result.stderr, /the OAUTHBEARER token from KMIRROR_SASL_OAUTH_TOKEN is not a JWT/);
    assert.ok(!result.stderr.includes('Cannot read properties'));
  });

  it('one dead address beside a live broker: the command still works', async () => {
    const result = await runCli([
      'list',
      '-b',
      `127.0.0.1:${await closedPort()},${emulator.destination.bootstrap}`,
      '--timeout',
      '30s',
      '--json',
    ]);
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual(jsonOf(result), { schemaVersion: 1, mirrors: [], warnings: [] });
  });
});
