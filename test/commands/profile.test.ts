// Saved profiles end to end: the profile commands on a real file (mode 0600, unknown keys kept), and
// mirror commands reaching an emulated cluster through a profile, with flags, --command-config and
// KMIRROR_* variables above it.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createServer, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import type { PlaygroundInfo } from '../../src/lib/emulator/playground.js';
import { jsonOf, runCli, testEnv } from '../helpers/in-process-cli.js';
import { assertMatchesSchema } from '../helpers/schema.js';

const DEAD = '127.0.0.1:1';

function configHome(): string {
  return mkdtempSync(join(tmpdir(), 'kmirror-profiles-'));
}

/** SASL/PLAIN as `user`, the password read from the variable PW. */
function plainWithPasswordFromPW(user: string): string[] {
  return ['--sasl-mechanism', 'plain', '--sasl-username', user, '--sasl-password-env', 'PW'];
}
describe('kmirror profile', () => {
  let emulator: EmulatedClusters;
  before(async () => {
    emulator = await startEmulatedClusters({ seed: 'profile', growthPerSec: 0, sasl: true });
  });
  after(async () => {
    await emulator.close();
  });
  const user = () => Object.entries(emulator.security.sasl?.users ?? {})[0] ?? ['', ''];
  const dst = () => emulator.destination.bootstrap;

  it('create, list, use, show, rename and delete work on a 0600 YAML file that keeps unknown keys', async () => {
    const home = configHome();
    const env = { XDG_CONFIG_HOME: home };
    const file = join(home, 'kmirror', 'profiles.yaml');
    const created = await runCli(['profile', 'create', 'a', '-b', 'h1:9092,h2:9092', '--default-output', 'yaml'], {
      env,
    });
    assert.equal(created.code, 0, created.stderr);
    assert.equal(statSync(file).mode & 0o777, 0o600);
    assert.equal((await runCli(['profile', 'create', 'b', '-b', 'h3:9092'], { env })).code, 0);
    const again = await runCli(['profile', 'create', 'a', '-b', 'h4:1'], { env });
    assert.equal(again.code, 2);
    assert.match(again.stderr, /already exists/);

    // A later kmirror (or a person) added keys this version does not know: they must survive.
    writeFileSync(file, `${readFileSync(file, 'utf8')}future-top: 1\n`);
    writeFileSync(file, readFileSync(file, 'utf8').replace('  b:\n', '  b:\n    dialect: kip-draft\n'));

    assert.equal((await runCli(['profile', 'use', 'b'], { env })).code, 0);
    const listed = jsonOf(await runCli(['profile', 'list', '--json'], { env })) as {
      current: string;
      profiles: { name: string; current: boolean; bootstrapServer: string[] }[];
    };
    assertMatchesSchema('profile list', listed);
    assert.equal(listed.current, 'b');
    assert.deepEqual(
      listed.profiles.map((p) => [p.name, p.current, p.bootstrapServer]),
      [
        ['a', false, ['h1:9092', 'h2:9092']],
        ['b', true, ['h3:9092']],
      ],
    );
    const renamed = await runCli(['profile', 'rename', 'b', 'c'], { env });
    assert.equal(renamed.code, 0, renamed.stderr);
    const shown = await runCli(['profile', 'show'], { env });
    assert.match(shown.stdout, /^name\s+c \(current\)$/m);
    assert.match(shown.stdout, /^bootstrap-server\s+h3:9092$/m);
    const text = readFileSync(file, 'utf8');
    assert.match(text, /future-top: 1/);
    assert.match(text, /dialect: kip-draft/);
    assert.equal(statSync(file).mode & 0o777, 0o600);

    const refused = await runCli(['profile', 'delete', 'a'], { env });
    assert.equal(refused.code, 2, 'no terminal and no --yes: nothing is deleted');
    assert.equal((await runCli(['profile', 'delete', 'a', '--yes'], { env })).code, 0);
    assert.deepEqual(
      (jsonOf(await runCli(['profile', 'list', '--json'], { env })) as { profiles: { name: string }[] }).profiles.map(
        (p) => p.name,
      ),
      ['c'],
    );
    const missing = await runCli(['profile', 'use', 'zz'], { env });
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /no profile named 'zz'.*\nHint: known profiles: c/);
  });

  it('a mirror command reaches the cluster through the current profile, --profile or KMIRROR_PROFILE', async () => {
    const env = { XDG_CONFIG_HOME: configHome(), PW: user()[1] };
    const [name] = user();
    const create = (profile: string, bootstrap: string) =>
      runCli(['profile', 'create', profile, '-b', bootstrap, '--sasl-mechanism', 'plain', '--sasl-username', name], {
        env,
      }).then(() =>
        // the password as a reference to a variable, added by a second create to prove --overwrite
        runCli(['profile', 'create', profile, '--overwrite', '-b', bootstrap, ...plainWithPasswordFromPW(name)], {
          env,
        }),
      );
    assert.equal((await create('good', dst())).code, 0);
    assert.equal((await create('bad', DEAD)).code, 0);
    const saved = readFileSync(join(env.XDG_CONFIG_HOME, 'kmirror', 'profiles.yaml'), 'utf8');
    assert.ok(!saved.includes(user()[1]), 'the password itself is not in the file');
    assert.match(saved, /password:\n\s+env: PW/);

    const current = await runCli(['list', '--json'], { env });
    assert.equal(current.code, 0, current.stderr);
    assert.deepEqual(jsonOf(current), { schemaVersion: 1, mirrors: [], warnings: [] });
    const named = await runCli(['list', '--json', '--profile', 'good'], { env });
    assert.equal(named.code, 0, named.stderr);
    const byEnv = await runCli(['list', '--json', '--timeout', '5s'], { env: { ...env, KMIRROR_PROFILE: 'bad' } });
    assert.notEqual(byEnv.code, 0, 'KMIRROR_PROFILE=bad points at a dead address');
    const noPassword = await runCli(['list', '--json'], { env: { ...env, PW: undefined } });
    assert.equal(noPassword.code, 2);
    assert.match(
      String((jsonOf(noPassword) as { error: { message: string } }).error.message),
      /from PW, which is not set/,
    );
  });

  it(
    'flags and a --command-config given on the command line beat KMIRROR_* variables, which ' + 'beat the profile',
    async () => {
      const home = configHome();
      const env = { XDG_CONFIG_HOME: home, PW: user()[1] };
      const [name, password] = user();
      await runCli(['profile', 'create', 'p', '-b', DEAD, ...plainWithPasswordFromPW(name)], { env });
      const quick = ['list', '--json', '--timeout', '5s'];
      // flag > profile
      assert.equal((await runCli([...quick, '-b', dst()], { env })).code, 0);
      // env > profile
      assert.equal((await runCli(quick, { env: { ...env, KMIRROR_BOOTSTRAP_SERVER: dst() } })).code, 0);
      // flag > env
      assert.equal(
        (await runCli([...quick, '-b', dst()], { env: { ...env, KMIRROR_BOOTSTRAP_SERVER: DEAD } })).code,
        0,
      );
      // --command-config on the command line > env; its JAAS password > KMIRROR_SASL_PASSWORD
      const properties = join(home, 'client.properties');
      writeFileSync(
        properties,
        [
          `bootstrap.servers=${dst()}`,
          'security.protocol=SASL_PLAINTEXT',
          'sasl.mechanism=PLAIN',
          `sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required ` +
            `username="${name}" password="${password}";`,
          '',
        ].join('\n'),
      );
      const fileWins = await runCli([...quick, '--command-config', properties], {
        env: { ...env, KMIRROR_BOOTSTRAP_SERVER: DEAD, KMIRROR_SASL_PASSWORD: 'wrong-password' },
      });
      assert.equal(fileWins.code, 0, fileWins.stdout);
      // ...but the same file from KMIRROR_COMMAND_CONFIG stays below the other variables
      const envFile = await runCli(quick, {
        env: { ...env, KMIRROR_COMMAND_CONFIG: properties, KMIRROR_BOOTSTRAP_SERVER: DEAD },
      });
      assert.notEqual(envFile.code, 0);
    },
  );

  it('profile show never prints a secret, not even one stored with --store-secret', async () => {
    const env = { XDG_CONFIG_HOME: configHome() };
    const secret = 'Sup3r-s3cret-value';
    const refused = await runCli(
      [
        'profile',
        'create',
        's',
        '-b',
        dst(),
        '--sasl-mechanism',
        'plain',
        '--sasl-username',
        'u',
        '--sasl-password-stdin',
      ],
      { env, stdin: `${secret}\n` },
    );
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /--store-secret/);
    const stored = await runCli(
      [
        'profile',
        'create',
        's',
        '-b',
        dst(),
        '--sasl-mechanism',
        'plain',
        '--sasl-username',
        'u',
        '--sasl-password-stdin',
        '--store-secret',
      ],
      { env, stdin: `${secret}\n` },
    );
    assert.equal(stored.code, 0, stored.stderr);
    for (const args of [
      ['profile', 'show', 's'],
      ['profile', 'show', 's', '--json'],
      ['profile', 'show', 's', '-o', 'yaml'],
      ['profile', 'list'],
    ]) {
      const shown = await runCli(args, { env });
      assert.equal(shown.code, 0, shown.stderr);
      assert.ok(
        !shown.stdout.includes(secret) && !shown.stderr.includes(secret),
        `${args.join(' ')} printed the secret`,
      );
    }
    assertMatchesSchema('profile show', jsonOf(await runCli(['profile', 'show', 's', '--json'], { env })));
    assert.match(
      (await runCli(['profile', 'show', 's'], { env })).stdout,
      /sasl-password\s+stored in the profile \(hidden\)/,
    );
  });

  it('secrets by reference: a file read at each use, never copied; a prompt without a terminal is exit 2', async () => {
    const home = configHome();
    const env = { XDG_CONFIG_HOME: home };
    const [name, password] = user();
    const secretFile = join(home, 'password.txt');
    writeFileSync(secretFile, `${password}\n`, { mode: 0o600 });
    const sasl = ['--sasl-mechanism', 'plain', '--sasl-username', name];
    const byFile = await runCli(['profile', 'create', 'f', '-b', dst(), ...sasl, '--sasl-password-file', secretFile], {
      env,
    });
    assert.equal(byFile.code, 0, byFile.stderr);
    const stored = readFileSync(join(home, 'kmirror', 'profiles.yaml'), 'utf8');
    assert.ok(!stored.includes(password), 'the file holds the reference, not the password');
    assert.match(stored, /password:\s+file: /);
    const listed = await runCli(['list', '--profile', 'f', '--json', '--timeout', '10s'], { env });
    assert.equal(listed.code, 0, listed.stderr);
    // The file is read at each use: a changed password there is what the next command sends.
    writeFileSync(secretFile, 'not-the-password\n');
    const changed = await runCli(['list', '--profile', 'f', '--timeout', '10s'], { env });
    assert.equal(changed.code, 5, changed.stderr);

    const asks = await runCli(['profile', 'create', 'p', '-b', dst(), ...sasl, '--sasl-password-prompt'], { env });
    assert.equal(asks.code, 0, asks.stderr);
    const noTerminal = await runCli(['list', '--profile', 'p', '--timeout', '10s'], { env });
    assert.equal(noTerminal.code, 2, noTerminal.stderr);
    assert.match(noTerminal.stderr, /asks for the SASL password on a terminal, and there is none/);
    // A KMIRROR_* variable is above the profile, so it answers instead of the prompt.
    const byEnv = await runCli(['list', '--profile', 'p', '--timeout', '10s'], {
      env: { ...env, KMIRROR_SASL_PASSWORD: password },
    });
    assert.equal(byEnv.code, 0, byEnv.stderr);
  });

  it("the profile's default timeout applies, and an explicit --timeout wins", async () => {
    const env = { XDG_CONFIG_HOME: configHome() };
    // A listener that accepts and never answers: only the timeout ends the command.
    const held = new Set<Socket>();
    const silent = createServer((socket) => {
      held.add(socket);
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const at = `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    try {
      assert.equal((await runCli(['profile', 'create', 'slow', '-b', at, '--default-timeout', '2s'], { env })).code, 0);
      const timed = await runCli(['list', '--profile', 'slow'], { env });
      assert.equal(timed.code, 124, timed.stderr);
      assert.match(timed.stderr, /timed out after 2s \(--timeout\)/);
      const flag = await runCli(['list', '--profile', 'slow', '--timeout', '3s'], { env });
      assert.equal(flag.code, 124, flag.stderr);
      assert.match(flag.stderr, /timed out after 3s \(--timeout\)/);
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('profile defaults (output) apply, and an explicit -o wins', async () => {
    const env = { XDG_CONFIG_HOME: configHome() };
    await runCli(
      [
        'profile',
        'create',
        'j',
        '-b',
        emulator.source.bootstrap,
        '--default-output',
        'json',
        ...plainWithPasswordFromPW(user()[0]),
      ],
      { env },
    );
    const json = await runCli(['list'], { env: { ...env, PW: user()[1] } });
    assert.equal(json.code, 0, json.stderr);
    assert.deepEqual(jsonOf(json), { schemaVersion: 1, mirrors: [], warnings: [] });
    const table = await runCli(['list', '-o', 'table'], { env: { ...env, PW: user()[1] } });
    assert.equal(table.stdout, 'No mirrors\n');
  });

  it('create prints a "Next:" command carrying the connection flags it was given', async () => {
    const env = { XDG_CONFIG_HOME: configHome(), KMIRROR_SASL_PASSWORD: user()[1] };
    const [name] = user();
    const created = await runCli(
      [
        'create',
        'nx',
        '-b',
        dst(),
        '--sasl-mechanism',
        'plain',
        '--sasl-username',
        name,
        '--source-bootstrap',
        emulator.source.bootstrap,
        '--source-cluster-id',
        emulator.source.clusterId,
        // The source needs SASL too, which the mirror's settings here do not carry: store the id without asking.
        '--force',
        '--timeout',
        '10s',
      ],
      { env },
    );
    if (created.code !== 0) return assert.fail(created.stderr);
    const next = /^Next: (kmirror .*)$/m.exec(created.stdout)?.[1] ?? '';
    assert.equal(
      next,
      `kmirror add-topics nx -b ${dst()} --sasl-mechanism plain --sasl-username ${name} --pattern '.*' --dry-run`,
    );
  });
});

describe('kmirror playground --save-profile', () => {
  it('writes a profile for the destination, and its printed commands run as printed', async () => {
    const home = configHome();
    const bin = fileURLToPath(new URL('../../../bin/run.cjs', import.meta.url));
    const child = spawn(process.execPath, [bin, 'playground', '--save-profile', 'pg'], {
      env: testEnv({ XDG_CONFIG_HOME: home }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      const until = Date.now() + 30_000;
      while (!out.includes('Ctrl-C') && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      const commands = out
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l.startsWith('kmirror '));
      assert.equal(commands.length, 5, out);
      for (const command of commands) assert.match(command, / --profile pg\b/);
      const check = await runCli(['check', '--profile', 'pg', '--json'], { env: { XDG_CONFIG_HOME: home } });
      assert.equal(check.code, 0, check.stderr);
      const listed = jsonOf(await runCli(['profile', 'list', '--json'], { env: { XDG_CONFIG_HOME: home } })) as {
        profiles: { name: string; bootstrapServer: string[] }[];
      };
      const info = {
        destination: { bootstrap: listed.profiles[0]?.bootstrapServer.join(',') },
      } as Partial<PlaygroundInfo>;
      assert.match(out, new RegExp(`destination: ${info.destination?.bootstrap ?? 'none'}`));
    } finally {
      child.kill('SIGKILL');
    }
  });
});
