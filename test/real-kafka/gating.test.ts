// Gating against a real Kafka 4.4 broker, which has no mirror RPCs: every mirror command must stop
// with exit 4 before it sends one (a real broker drops the connection on an unknown key), and
// `kmirror check` must report the ranges and feature levels the broker really advertises.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { toFailure } from '../../src/lib/cli/failures/errors.js';
import { ExitCode } from '../../src/lib/cli/failures/exit-codes.js';
import type { BrokerInfo } from '../../src/lib/kafka/client.js';
import { ADMIN_MIRROR_APIS, CONFIG_APIS, MIRROR_APIS } from '../../src/lib/mirror/core/apis.js';
import type { ClusterCheck } from '../../src/lib/mirror/check/check.js';
import { ApiKeyMap } from '../../src/lib/kafka/mirror-api-keys.js';

const apiKeyOf = (api: { name: string; apiKey: number }): number => ApiKeyMap.DEFAULT.keyOf(api);
import { jsonOf, REPO_ROOT, runCli, type CliResult } from '../helpers/cli.js';
import { isMirrorApiKey, tracedRequests } from './cli-trace.js';
import { markFailureOf, startSingleNode, type SingleNode } from './harness.js';
import { ClientPool } from './kmirror-client.js';

const HOOK_TIMEOUT = 240_000;

/**
 * Commands that are not gated on mirroring: `check` reports instead, the playground is local, the
 * profile commands only read and write the local profiles file, and version, help and completion (with
 * the hidden __complete, which gives up quietly) talk to no cluster or never fail.
 */
const NOT_GATED = new Set(['check', 'playground', 'version', 'help', 'completion', '__complete']);
const isGated = (id: string): boolean => !NOT_GATED.has(id) && !id.startsWith('profile:');

interface ManifestCommand {
  readonly id: string;
  readonly args: Record<string, { name: string; required?: boolean }>;
  readonly flags: Record<string, { name: string; type: 'boolean' | 'option' }>;
}

function manifestCommands(): ManifestCommand[] {
  const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'oclif.manifest.json'), 'utf8')) as {
    commands: Record<string, ManifestCommand>;
  };
  return Object.values(manifest.commands).sort((a, b) => a.id.localeCompare(b.id));
}

/** Positional arguments per command where a name alone does not say what to pass. */
const POSITIONAL: Record<string, readonly string[]> = {
  'config:get': ['gate-m1', 'mirror.topics.include'],
  'config:set': ['gate-m1', 'mirror.topics.include=gate.*'],
};

/**
 * The argv that gets a command past its own input checks (so only the cluster can stop it).
 * Flags are offered from one pool and passed only to commands that declare them, so commands
 * that land later are covered without editing this file; one whose checks this argv does not
 * satisfy fails with exit 2 and its message, which says what to add here.
 */
function argvFor(command: ManifestCommand, bootstrap: string): string[] {
  const argv = command.id.split(':');
  const explicit = POSITIONAL[command.id];
  if (explicit) argv.push(...explicit);
  else {
    for (const arg of Object.values(command.args)) {
      if (/topic/i.test(arg.name)) argv.push('gate-t1');
      else if (/mirror|name/i.test(arg.name) || arg.required) argv.push('gate-m1');
    }
  }
  const pool: Record<string, string | true> = {
    'source-bootstrap': bootstrap,
    'source-cluster-id': 'AAAAAAAAAAAAAAAAAAAAAA',
    // failback's other cluster: the same broker, which has no mirroring either.
    to: bootstrap,
    topic: 'gate-t1',
    yes: true,
  };
  for (const [flag, value] of Object.entries(pool)) {
    if (!(flag in command.flags)) continue;
    // verify's --to is the end of the offset range it reads, not a cluster.
    if (flag === 'to' && command.id === 'verify') continue;
    argv.push(`--${flag}`);
    if (value !== true) argv.push(value);
  }
  return [...argv, '-b', bootstrap, '--json', '--debug', '--timeout', '20s'];
}

function show(result: CliResult): string {
  return `exit ${result.code}\nstdout:\n${result.stdout}\nstderr:\n${result.stderr}`;
}

describe('gating against Kafka 4.4 (no mirror RPCs)', () => {
  let kafka: SingleNode;
  const clients = new ClientPool();
  let advertised: BrokerInfo;

  before(
    async () => {
      kafka = await startSingleNode();
      console.log(`# single node started in ${kafka.timings.totalMs} ms (JVM ${kafka.timings.serverMs} ms)`);
      // What the broker really advertises, read through kmirror's own client.
      advertised = await clients.connect(kafka.bootstrap.plaintext).client.bootstrap();
    },
    { timeout: HOOK_TIMEOUT },
  );
  after(async () => {
    await clients.closeAll();
    await kafka?.stop();
  });

  test('the client refuses every admin mirror API before sending, and toFailure makes it exit 4', () =>
    markFailureOf(kafka, async () => {
      for (const api of ADMIN_MIRROR_APIS) {
        const traced = clients.connect(kafka.bootstrap.plaintext);
        const err = await traced.client.requireMirroring([api]).then(
          () => assert.fail(`${api.name} passed the gate on Kafka 4.4`),
          (e: unknown) => e,
        );
        const failure = toFailure(err);
        assert.equal(failure.exitCode, ExitCode.Unsupported, `${api.name}: ${failure.message}`);
        assert.match(failure.message, new RegExp(`does not support ${api.name} \\(API key ${apiKeyOf(api)}\\)`));
        assert.match(`${failure.message} ${failure.hint ?? ''}`, /Cluster Mirroring/i);
        assert.deepEqual(
          traced.wire.map((w) => w.api),
          ['ApiVersions'],
          `${api.name}: only ApiVersions may be sent`,
        );
      }
    }));

  test('Kafka 4.4 advertises key 94 for another API, and the gate still refuses CreateClusterMirror', () =>
    markFailureOf(kafka, async () => {
      // If this stops holding (Kafka renumbers, or kmirror moves its keys) the test below still guards.
      assert.deepEqual(advertised.apis.get(94), { min: 0, max: 0 });
      assert.equal(advertised.supportedFeatures.has('mirror.version'), false);
      const traced = clients.connect(kafka.bootstrap.plaintext);
      const err = await traced.client.requireMirroring(ADMIN_MIRROR_APIS.filter((api) => apiKeyOf(api) === 94)).then(
        () => assert.fail('the gate let key 94 through on Kafka 4.4'),
        (e: unknown) => e,
      );
      const failure = toFailure(err);
      assert.equal(failure.exitCode, ExitCode.Unsupported);
      // Not "disabled": enabling a feature the broker does not have cannot help.
      assert.doesNotMatch(failure.message, /disabled/i);
      assert.match(failure.message, /does not support CreateClusterMirror/);
    }));

  test('every mirror command in the manifest exits 4 and sends no mirror request', async (t) => {
    const gated = manifestCommands().filter((c) => isGated(c.id));
    assert.ok(
      gated.length >= 10,
      `expected every mirror command in oclif.manifest.json, found ${gated.map((c) => c.id).join(', ')}`,
    );
    for (const command of gated) {
      await t.test(command.id, () =>
        markFailureOf(kafka, async () => {
          const result = await runCli(argvFor(command, kafka.bootstrap.plaintext));
          assert.equal(result.code, ExitCode.Unsupported, show(result));
          const doc = jsonOf(result) as { error?: { exitCode: number; message: string; hint: string | null } };
          assert.ok(doc.error, show(result));
          assert.equal(doc.error.exitCode, ExitCode.Unsupported);
          assert.match(`${doc.error.message} ${doc.error.hint ?? ''}`, /does not support/i);
          assert.match(`${doc.error.message} ${doc.error.hint ?? ''}`, /cluster mirroring/i);
          const sent = tracedRequests(result.stderr);
          // The trace must be on for "nothing was sent" to mean anything.
          assert.ok(
            sent.some((r) => r.api === 'ApiVersions'),
            `no ApiVersions in the --debug trace:\n${result.stderr}`,
          );
          const mirror = sent.filter((r) => isMirrorApiKey(r.apiKey));
          assert.deepEqual(mirror, [], `mirror requests reached Kafka 4.4:\n${result.stderr}`);
          assert.ok(
            sent.every((r) => r.ok),
            `a request failed (a dropped connection?):\n${result.stderr}`,
          );
        }),
      );
    }
  });

  test('check --json reports the advertised ranges, metadata.version and verdict unsupported', () =>
    markFailureOf(kafka, async () => {
      const result = await runCli(['check', '-b', kafka.bootstrap.plaintext, '--json', '--debug']);
      assert.equal(result.code, ExitCode.Unsupported, show(result));
      const check = jsonOf(result) as ClusterCheck;
      assert.equal(check.verdict, 'unsupported');
      assert.equal(check.clusterId, kafka.clusterId);
      assert.deepEqual(check.unreachable, []);
      assert.equal(check.brokers.length, 1);
      const broker = check.brokers[0];
      assert.ok(broker);
      assert.equal(broker.nodeId, kafka.nodeId);
      assert.equal(broker.reachable, true);
      assert.equal(broker.verdict, 'unsupported');

      const metadataVersion = advertised.finalizedFeatures.get('metadata.version');
      assert.ok(metadataVersion !== undefined && metadataVersion >= 7, 'Kafka 4.4 finalizes metadata.version');
      assert.equal(broker.features.metadataVersion, metadataVersion);
      assert.equal(broker.features.mirrorVersion, 0);
      assert.equal(broker.features.mirrorVersionSupported, null);

      const byName = new Map(broker.apis.map((a) => [a.name, a]));
      for (const api of MIRROR_APIS) {
        const support = byName.get(api.name);
        assert.ok(support, `check lists ${api.name}`);
        // Kafka 4.4 advertises key 94 (its UnregisterController) but no mirror.version feature: a
        // key under a mirror RPC's number is not that RPC, so check reports every mirror RPC absent.
        assert.deepEqual(support.broker, null, `${api.name} range`);
        assert.equal(support.negotiated, null, `${api.name} negotiated`);
      }
      assert.ok(advertised.apis.has(94), 'Kafka 4.4 does advertise key 94 (for another RPC)');
      assert.ok(
        MIRROR_APIS.filter((api) => advertised.apis.has(apiKeyOf(api))).length < MIRROR_APIS.length,
        'Kafka 4.4 lacks most mirror keys',
      );
      for (const api of CONFIG_APIS) {
        const support = byName.get(api.name);
        const real = advertised.apis.get(apiKeyOf(api));
        assert.ok(support && real, `${api.name} is advertised`);
        assert.deepEqual(support.broker, { min: real.min, max: real.max }, `${api.name} range`);
        assert.ok(support.negotiated !== null && support.negotiated >= real.min && support.negotiated <= real.max);
      }
      // Kafka 4.x speaks DescribeConfigs 1-4 and IncrementalAlterConfigs 0-1; kmirror uses the newest.
      assert.equal(byName.get('DescribeConfigs')?.negotiated, 4);
      assert.equal(byName.get('IncrementalAlterConfigs')?.negotiated, 1);
      assert.deepEqual(
        tracedRequests(result.stderr).filter((r) => isMirrorApiKey(r.apiKey)),
        [],
      );
    }));

  test('check MIRROR skips the mirror part on Kafka 4.4 and sends no mirror request', () =>
    markFailureOf(kafka, async () => {
      const result = await runCli(['check', 'gate-m1', '-b', kafka.bootstrap.plaintext, '--json', '--debug']);
      assert.equal(result.code, ExitCode.Unsupported, show(result));
      const doc = jsonOf(result) as ClusterCheck & { mirror?: unknown };
      assert.equal(doc.verdict, 'unsupported');
      assert.equal(doc.mirror, null);
      const sent = tracedRequests(result.stderr);
      assert.ok(
        sent.some((r) => r.api === 'ApiVersions'),
        result.stderr,
      );
      assert.deepEqual(
        sent.filter((r) => isMirrorApiKey(r.apiKey)),
        [],
      );
    }));

  test('check without --json names the verdict in words', () =>
    markFailureOf(kafka, async () => {
      const result = await runCli(['check', '-b', kafka.bootstrap.plaintext]);
      assert.equal(result.code, ExitCode.Unsupported, show(result));
      assert.match(result.stdout, /does not support cluster mirroring/i);
    }));
});
