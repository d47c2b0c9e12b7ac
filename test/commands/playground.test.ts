import assert from 'node:assert/strict';
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, connect, type Server } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { PlaygroundInfo } from '../../src/lib/emulator/playground.js';
// The playground itself runs as a process (signals, ports closed at exit); the commands against it run in-process.
import { jsonOf, runCli, testEnv } from '../helpers/in-process-cli.js';
import { assertMatchesSchema } from '../helpers/schema.js';
import { Deadline } from '../../src/lib/cli/command/deadline.js';
import { createClient } from '../../src/lib/kafka/connect.js';
import { readEndOffsets } from '../../src/lib/mirror/describe/end-offsets.js';

const BIN = fileURLToPath(new URL('../../../bin/run.cjs', import.meta.url));
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 15_000;

interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** A `kmirror playground` process, started and read up to its first stdout line. */
class RunningPlayground {
  stdout = '';
  stderr = '';
  private readonly exited: Promise<Exit>;

  constructor(readonly child: ChildProcessWithoutNullStreams) {
    child.stdout.on('data', (d: Buffer) => (this.stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (this.stderr += d.toString()));
    this.exited = new Promise((resolve) =>
      child.on('close', (code, signal) => resolve({ code, signal, stdout: this.stdout, stderr: this.stderr })),
    );
  }

  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Waits until stdout holds `pattern` (bounded); fails with what the process printed. */
  async waitFor(pattern: RegExp, timeoutMs = START_TIMEOUT_MS): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (!pattern.test(this.stdout)) {
      if (!this.alive)
        throw new Error(
          `playground exited before printing ${pattern}:\nstdout:\n${this.stdout}\nstderr:\n${this.stderr}`,
        );
      if (Date.now() > until)
        throw new Error(
          `playground printed no ${pattern} within ${timeoutMs} ms:\nstdout:\n${this.stdout}\nstderr:\n${this.stderr}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async firstJsonLine(): Promise<PlaygroundInfo> {
    await this.waitFor(/\n/);
    return JSON.parse(this.stdout.slice(0, this.stdout.indexOf('\n'))) as PlaygroundInfo;
  }

  /** Sends `signal` and waits for the exit (bounded: a hang is killed and reported). */
  async stop(signal: NodeJS.Signals = 'SIGINT'): Promise<Exit> {
    if (this.alive) this.child.kill(signal);
    const timer = setTimeout(() => this.child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    try {
      return await this.exited;
    } finally {
      clearTimeout(timer);
    }
  }
}

const started: RunningPlayground[] = [];

function startPlayground(args: readonly string[]): RunningPlayground {
  const child = spawn(process.execPath, [BIN, 'playground', ...args], {
    env: testEnv(),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const playground = new RunningPlayground(child);
  started.push(playground);
  return playground;
}

/** A playground started before the tests of the enclosing describe (one at a time: the machine is shared). */
function usePlayground(args: readonly string[]): () => RunningPlayground {
  let playground: RunningPlayground | undefined;
  before(() => {
    playground = startPlayground(args);
  });
  after(async () => {
    if (playground?.alive) await playground.stop('SIGKILL');
  });
  return () => {
    if (!playground) throw new Error('playground not started');
    return playground;
  };
}

after(async () => {
  await Promise.all(started.filter((p) => p.alive).map((p) => p.stop('SIGKILL')));
});

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function allPorts(info: PlaygroundInfo): number[] {
  return [...info.source.nodes, ...info.destination.nodes].map((n) => n.port);
}

interface CheckJson {
  verdict: string;
}

describe('kmirror playground', () => {
  describe('--json', () => {
    const playground = usePlayground(['--json']);

    it('prints one JSON line with both clusters, matching the schema', async () => {
      const info = await playground().firstJsonLine();
      assertMatchesSchema('playground', info);
      assert.equal(info.source.nodes.length, 1);
      assert.equal(info.destination.nodes.length, 3);
      assert.equal(info.destination.bootstrap, info.destination.nodes.map((n) => `${n.host}:${n.port}`).join(','));
      assert.notEqual(info.source.clusterId, info.destination.clusterId);
      assert.deepEqual(info.topics, ['orders-us', 'orders-eu', 'payments', '__internal']);
      assert.equal(info.security, undefined);
      assert.equal(info.traffic, true);
      assert.deepEqual(info.others, [], 'two clusters by default');
    });

    it('serves a destination that kmirror check finds usable', async () => {
      const info = await playground().firstJsonLine();
      const result = await runCli(['check', '-b', info.destination.bootstrap, '--json']);
      assert.equal(result.code, 0, result.stderr);
      assert.equal((jsonOf(result) as CheckJson).verdict, 'usable');
    });

    it('stops on SIGINT with exit code 0 and closes every port', async () => {
      const info = await playground().firstJsonLine();
      for (const port of allPorts(info)) assert.equal(await portOpen(port), true, `port ${port} listens while running`);
      const exit = await playground().stop('SIGINT');
      assert.equal(exit.code, 0, exit.stderr);
      assert.equal(exit.stdout.trimEnd().split('\n').length, 1, 'stdout holds exactly the one JSON line');
      for (const port of allPorts(info)) assert.equal(await portOpen(port), false, `port ${port} closed after stop`);
    });
  });

  describe('--no-traffic', () => {
    const playground = usePlayground(['--no-traffic', '--json']);

    it('holds the source end offsets still, so a promote sees quiet producers', async () => {
      const info = await playground().firstJsonLine();
      assertMatchesSchema('playground', info);
      assert.equal(info.traffic, false);
      const client = createClient(
        { bootstrap: info.source.bootstrap.split(','), clientId: 'playground-test' },
        new Deadline(20_000),
      );
      try {
        const wanted = new Map([['orders-us', [0, 1, 2]]]);
        const first = await readEndOffsets(client, wanted);
        await new Promise((resolve) => setTimeout(resolve, 1200));
        const second = await readEndOffsets(client, wanted);
        assert.deepEqual(second.offsets, first.offsets);
        assert.equal(first.offsets.get('orders-us')?.get(0), 24_000n);
      } finally {
        await client.close();
      }
    });
  });

  describe('producers on a signal, consumers on both clusters', () => {
    const playground = usePlayground(['--json', '--destination-consumer']);

    it('SIGUSR1 stops the producers, the next one starts them; the JSON line names groups and signal', async () => {
      const info = await playground().firstJsonLine();
      assertMatchesSchema('playground', info);
      assert.deepEqual(info.consumerGroups, ['billing', 'analytics', 'fraud-check']);
      assert.equal(info.destinationConsumerGroup, 'billing');
      assert.deepEqual(info.producerSignal, { signal: 'SIGUSR1', pid: playground().child.pid });
      const client = createClient(
        { bootstrap: info.source.bootstrap.split(','), clientId: 'playground-test' },
        new Deadline(30_000),
      );
      const wanted = new Map([['payments', [0]]]);
      const end = async () => (await readEndOffsets(client, wanted)).offsets.get('payments')?.get(0) ?? -1n;
      const pause = () => new Promise((resolve) => setTimeout(resolve, 1200));
      try {
        playground().child.kill('SIGUSR1');
        await pause();
        const stopped = await end();
        await pause();
        assert.equal(await end(), stopped, 'no records while the producers are stopped');
        playground().child.kill('SIGUSR1');
        await pause();
        assert.ok((await end()) > stopped, 'records arrive again');
        assert.equal(playground().alive, true);
      } finally {
        await client.close();
      }
    });
  });

  describe('text output', () => {
    const playground = usePlayground(['--source-nodes', '2', '--destination-nodes', '1', '--seed', 'playground-text']);

    it('labels both addresses and prints the next commands with them', async () => {
      await playground().waitFor(/Ctrl-C/);
      const source = /^source: +(\S+)$/m.exec(playground().stdout)?.[1];
      const destination = /^destination: +(\S+)$/m.exec(playground().stdout)?.[1];
      assert.ok(source && destination, playground().stdout);
      assert.equal(source.split(',').length, 2);
      assert.equal(destination.split(',').length, 1);
      assert.ok(playground().stdout.includes(`kmirror check -b ${destination}\n`));
      assert.ok(playground().stdout.includes(`kmirror create demo -b ${destination} --source-bootstrap ${source}\n`));
      assert.ok(
        playground().stdout.includes(`kmirror add-topics demo -b ${destination} --pattern 'orders-.*' --yes\n`),
      );
      assert.ok(playground().stdout.includes(`kmirror describe demo -b ${destination}\n`));
      assert.ok(playground().stdout.includes(`kmirror list -b ${destination}\n`));
    });

    it('stops on SIGTERM with exit code 0', async () => {
      await playground().waitFor(/Ctrl-C/);
      const exit = await playground().stop('SIGTERM');
      assert.equal(exit.code, 0, exit.stderr);
      assert.match(exit.stderr, /SIGTERM received/);
    });
  });

  describe('--protocol kip-draft', () => {
    const keys = 'CreateMirror=300,AddTopicsToMirror=301,LastMirroredOffsets=302,ListMirrors=303,DescribeMirrors=304';
    const playground = usePlayground(['--json', '--protocol', 'kip-draft', '--api-keys', keys]);

    it("serves the seed KIP's RPCs on the given keys and says which flags the commands need", async () => {
      const info = await playground().firstJsonLine();
      assertMatchesSchema('playground', info);
      assert.equal(info.protocol, 'kip-draft');
      assert.deepEqual(info.dialectArgs, [
        '--protocol',
        'kip-draft',
        '--api-keys',
        keys,
        '--api-versions',
        'DescribeConfigs=5,IncrementalAlterConfigs=2',
      ]);
      const result = await runCli(['check', '-b', info.destination.bootstrap, ...info.dialectArgs, '--json']);
      assert.equal(result.code, 0, result.stderr);
      assert.equal((jsonOf(result) as CheckJson).verdict, 'usable');
      const prototype = await runCli(['check', '-b', info.destination.bootstrap, '--json']);
      assert.equal(prototype.code, 4, 'a prototype client finds no mirror RPCs there');
    });

    it('refuses to start without a key for every admin RPC of the seed (exit 2)', async () => {
      const exit = await startPlayground(['--protocol', 'kip-draft', '--api-keys', 'CreateMirror=300']).stop('SIGCONT');
      assert.equal(exit.code, 2, exit.stderr);
      assert.match(
        exit.stderr,
        /--api-keys gives no key for AddTopicsToMirror, LastMirroredOffsets, ListMirrors, DescribeMirrors/,
      );
    });
  });

  describe('--mirroring-disabled', () => {
    const playground = usePlayground(['--json', '--mirroring-disabled']);

    it('serves a destination that kmirror check reports as disabled (exit 4)', async () => {
      const info = await playground().firstJsonLine();
      assert.equal(info.mirroringEnabled, false);
      const result = await runCli(['check', '-b', info.destination.bootstrap, '--json']);
      assert.equal(result.code, 4, result.stderr);
      assert.equal((jsonOf(result) as CheckJson).verdict, 'disabled');
      assert.equal((await playground().stop()).code, 0);
    });
  });

  describe('--secure', () => {
    const playground = usePlayground(['--json', '--secure']);

    it('prints the credentials and a client.properties that kmirror check --command-config accepts', async () => {
      const info = await playground().firstJsonLine();
      assertMatchesSchema('playground', info);
      const security = info.security;
      assert.ok(security, 'security block present');
      const properties = readFileSync(security.clientPropertiesPath, 'utf8');
      assert.match(properties, /^security\.protocol=SASL_SSL$/m);
      assert.match(properties, /^ssl\.truststore\.type=PEM$/m);
      assert.ok(properties.includes(`ssl.truststore.location=${security.caPath}\n`));
      assert.ok(properties.includes(`username="${security.username}" password="${security.password}"`));

      const secured = await runCli([
        'check',
        '-b',
        info.destination.bootstrap,
        '--command-config',
        security.clientPropertiesPath,
        '--json',
      ]);
      assert.equal(secured.code, 0, secured.stderr + secured.stdout);
      assert.equal((jsonOf(secured) as CheckJson).verdict, 'usable');
    });

    it('refuses a client without the credentials', async () => {
      const info = await playground().firstJsonLine();
      // kafkajs retries the refused handshake until the deadline: a short one keeps the test short.
      const plain = await runCli(['check', '-b', info.destination.bootstrap, '--json', '--timeout', '3s']);
      assert.notEqual(plain.code, 0, plain.stdout);
    });

    it('removes the client.properties when it stops', async () => {
      const info = await playground().firstJsonLine();
      const path = info.security?.clientPropertiesPath;
      assert.ok(path && existsSync(path));
      assert.equal((await playground().stop()).code, 0);
      assert.equal(existsSync(path), false);
    });
  });

  describe('--debug', () => {
    const playground = usePlayground(['--json', '--debug', '--no-color']);

    it('traces the requests it serves on stderr, keeping stdout one JSON line', async () => {
      const info = await playground().firstJsonLine();
      const result = await runCli(['check', '-b', info.destination.bootstrap]);
      assert.equal(result.code, 0, result.stderr);
      const exit = await playground().stop();
      assert.equal(exit.code, 0, exit.stderr);
      assert.match(exit.stderr, /\[debug\] destination node 1: ApiVersions v\d/);
      assert.equal(exit.stdout.trimEnd().split('\n').length, 1);
    });
  });

  describe('--clusters 3', () => {
    const playground = usePlayground(['--clusters', '3', '--no-traffic', '--json']);

    it('runs a third, empty one-node cluster that kmirror topology reads with the other two', async () => {
      const info = await playground().firstJsonLine();
      assertMatchesSchema('playground', info);
      const [other, ...more] = info.others;
      assert.ok(other);
      assert.equal(more.length, 0);
      assert.equal(other.name, 'cluster-3');
      assert.equal(other.nodes.length, 1);
      assert.equal(new Set([info.source.clusterId, info.destination.clusterId, other.clusterId]).size, 3);
      const clusters = [info.source, info.destination, other].flatMap((c) => ['-b', c.bootstrap]);
      const result = await runCli(['topology', ...clusters, '--json']);
      assert.equal(result.code, 0, result.stderr);
      const doc = jsonOf(result) as { clusters: { clusterId: string; reachable: boolean; topics: number }[] };
      assert.deepEqual(
        doc.clusters.map((c) => [c.clusterId, c.reachable]),
        [info.source, info.destination, other].map((c) => [c.clusterId, true]),
      );
      assert.equal(doc.clusters[2]?.topics, 0, 'the third cluster starts empty');
    });
  });

  describe('bad flags', () => {
    it('refuses a port list that does not match the node count (exit 2)', async () => {
      const result = await runCli(['playground', '--destination-ports', '9093,9094', '--json']);
      assert.equal(result.code, 2);
      const error = (jsonOf(result) as { error: { message: string; hint: string } }).error;
      assert.match(error.message, /--destination-ports lists 2 port\(s\) for 3 node\(s\)/);
      assert.match(error.hint, /--destination-nodes 2/);
    });

    it('refuses a port that is not a number (exit 2)', async () => {
      const result = await runCli(['playground', '--source-ports', 'abc']);
      assert.equal(result.code, 2);
      assert.match(result.stderr, /'abc' is not a port number/);
    });

    it('refuses --port-base together with a port list (exit 2)', async () => {
      const result = await runCli(['playground', '--port-base', '20000', '--source-ports', '20000']);
      assert.equal(result.code, 2);
      assert.match(result.stderr, /--port-base|--source-ports/);
    });

    it('does not take connection flags', async () => {
      const result = await runCli(['playground', '-b', '127.0.0.1:9092']);
      assert.equal(result.code, 2);
    });

    describe('with a port already taken', () => {
      let blocker: Server | undefined;
      after(async () => new Promise<void>((resolve) => (blocker ? blocker.close(() => resolve()) : resolve())));

      it('says which port is in use and exits 1', async () => {
        const server = createServer();
        blocker = server;
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        const address = server.address();
        assert.ok(address && typeof address === 'object');
        const result = await runCli(['playground', '--source-ports', String(address.port)]);
        assert.equal(result.code, 1);
        assert.match(result.stderr, new RegExp(`port ${address.port} is already in use`));
        assert.match(result.stderr, /Hint: choose other ports/);
      });
    });
  });
});
