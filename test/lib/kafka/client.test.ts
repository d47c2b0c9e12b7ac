// The protocol client against the emulator over real TCP: retries, no retries, timeouts, gating
// before sending, throttling, and authentication through the kafkajs transport.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { Deadline } from '../../../src/lib/cli/command/deadline.js';
import { startEmulatedClusters, unsecuredJwt } from '../../../src/lib/emulator/index.js';
import type { EmulatedClusters } from '../../../src/lib/emulator/index.js';
import type { WireEvent } from '../../../src/lib/kafka/client.js';
import { createClient } from '../../../src/lib/kafka/connect.js';
import type { ClientSettings } from '../../../src/lib/kafka/connect.js';
import {
  AnswerLostError,
  DeadlineExceededError,
  MirroringDisabledError,
  UnsupportedByClusterError,
} from '../../../src/lib/kafka/errors.js';
import { CreateClusterMirror, ListClusterMirrors } from '../../../src/lib/kafka/messages/index.js';
import { TransportError } from '../../../src/lib/kafka/transport.js';

function started(options: Parameters<typeof startEmulatedClusters>[0] = {}): () => EmulatedClusters {
  let emulator: EmulatedClusters | undefined;
  before(async () => {
    emulator = await startEmulatedClusters({ seed: 'client-tests', destination: { nodes: 1 }, ...options });
  });
  after(async () => emulator?.close());
  return () => emulator as EmulatedClusters;
}

async function withClient<T>(
  settings: ClientSettings,
  budgetMs: number,
  fn: (client: ReturnType<typeof createClient>, wire: WireEvent[]) => Promise<T>,
): Promise<T> {
  const wire: WireEvent[] = [];
  const client = createClient(settings, new Deadline(budgetMs), (e) => wire.push(e));
  try {
    return await fn(client, wire);
  } finally {
    await client.close();
  }
}

const listCalls = (wire: readonly WireEvent[]) => wire.filter((e) => e.api === 'ListClusterMirrors');

describe('KafkaClient against the emulator', () => {
  const emulator = started();
  const settings = (): ClientSettings => ({ bootstrap: [emulator().destination.bootstrap], clientId: 'test' });
  const faults = () => {
    const node = emulator().destination.nodes[0];
    assert.ok(node);
    return node.faults;
  };

  it('retries a retriable error code with backoff and then succeeds', async () => {
    const rule = faults().failWith('ListClusterMirrors', 15, { times: 2 });
    await withClient(settings(), 10_000, async (client, wire) => {
      const response = await client.send(ListClusterMirrors, {});
      assert.equal(response.ErrorCode, 0);
      assert.equal(listCalls(wire).length, 3, 'two failures then success');
    });
    assert.equal(rule.fired, 2);
  });

  it('does not retry a non-retriable error code', async () => {
    faults().failWith('ListClusterMirrors', 144, { times: 1 });
    await withClient(settings(), 10_000, async (client, wire) => {
      const response = await client.send(ListClusterMirrors, {});
      assert.equal(response.ErrorCode, 144);
      assert.equal(listCalls(wire).length, 1);
    });
  });

  it('reconnects and retries when the connection is closed mid-frame', async () => {
    faults().closeMidFrame('ListClusterMirrors', { times: 1 });
    await withClient(settings(), 10_000, async (client, wire) => {
      const response = await client.send(ListClusterMirrors, {});
      assert.equal(response.ErrorCode, 0);
      assert.equal(listCalls(wire).filter((e) => e.outcome === 'error').length, 1);
    });
  });

  it('gives up a swallowed request at the deadline with exit-124 semantics', async () => {
    const rule = faults().drop('ListClusterMirrors', { times: 1 });
    try {
      await withClient(settings(), 1500, async (client) => {
        await assert.rejects(
          client.send(ListClusterMirrors, {}),
          (err: unknown) =>
            err instanceof DeadlineExceededError || (err instanceof TransportError && err.kind === 'timeout'),
        );
      });
    } finally {
      rule.remove();
    }
  });

  it('sends nothing to a broker before its requested throttle time is over', async () => {
    // A throttle longer than the whole budget: the client must give up rather than send early.
    faults().setThrottle(60_000, 'ListClusterMirrors');
    try {
      await withClient(settings(), 2000, async (client, wire) => {
        await client.send(ListClusterMirrors, {});
        await assert.rejects(
          client.send(ListClusterMirrors, {}),
          (err: unknown) => err instanceof DeadlineExceededError && /throttle/.test(err.message),
        );
        assert.equal(listCalls(wire).length, 1, 'the second request was never sent');
      });
    } finally {
      faults().setThrottle(0, 'ListClusterMirrors');
    }
  });

  const create = (name: string) => ({
    MirrorName: name,
    Config: [
      { Name: 'bootstrap.servers', Value: emulator().source.bootstrap },
      { Name: 'mirror.source.cluster.id', Value: emulator().source.clusterId },
    ],
  });
  const creates = (wire: readonly WireEvent[]) => wire.filter((e) => e.api === 'CreateClusterMirror');

  it('does not resend a state change whose answer was lost: AnswerLostError after one request', async () => {
    // The broker applies the request, then the connection closes before the answer.
    const rule = faults().mutateResponse('CreateClusterMirror', () => 'close', { times: 1 });
    await withClient(settings(), 10_000, async (client, wire) => {
      await assert.rejects(client.send(CreateClusterMirror, create('lost-once')), (err: unknown) => {
        assert.ok(err instanceof AnswerLostError, String(err));
        assert.equal(err.apiName, 'CreateClusterMirror');
        assert.ok(err.lost instanceof TransportError && err.lost.requestSent);
        return true;
      });
      assert.equal(creates(wire).length, 1, 'sent once');
    });
    assert.equal(rule.fired, 1);
    assert.ok(emulator().destination.cluster.mirrors.exists('lost-once'), 'the broker did apply it');
  });

  it('still retries a state change that provably never left (the connection failed before sending)', async () => {
    const node = emulator().destination.nodes[0];
    assert.ok(node);
    await withClient(settings(), 15_000, async (client, wire) => {
      await client.bootstrap();
      await node.faults.down({ fenced: false });
      // Let the client see its connection closed: a request written to it would count as maybe delivered.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const back = new Promise((resolve) => setTimeout(resolve, 600)).then(() => node.faults.up());
      let response;
      try {
        response = await client.send(CreateClusterMirror, create('after-reconnect'));
      } finally {
        await back;
      }
      assert.equal(response.ErrorCode, 0);
      const sent = creates(wire);
      assert.ok(sent.length >= 2, `a refused connect, then the request: ${JSON.stringify(sent)}`);
      assert.ok(sent.slice(0, -1).every((e) => e.outcome === 'error'));
    });
  });

  it('needs nothing else to talk to a mirroring cluster', async () => {
    await withClient(settings(), 10_000, async (client) => {
      const info = await client.requireMirroring([ListClusterMirrors]);
      assert.equal(client.mirroringLevel(info), 1);
    });
  });
});

describe('gating before sending', () => {
  const old = started({ oldBroker: true });
  it('refuses an API the broker does not advertise without sending it', async () => {
    await withClient({ bootstrap: [old().destination.bootstrap], clientId: 'test' }, 5000, async (client, wire) => {
      await assert.rejects(client.send(ListClusterMirrors, {}), UnsupportedByClusterError);
      assert.equal(listCalls(wire).length, 0, 'nothing with the mirror key reached the wire');
    });
  });
});

describe('gating on mirror.version', () => {
  const disabled = started({ mirroringDisabled: true });
  it('reports mirroring disabled when the feature is not finalized', async () => {
    await withClient(
      { bootstrap: [disabled().destination.bootstrap], clientId: 'test' },
      5000,
      async (client, wire) => {
        await assert.rejects(client.requireMirroring([ListClusterMirrors]), MirroringDisabledError);
        assert.equal(listCalls(wire).length, 0);
      },
    );
  });
});

describe('authentication through the kafkajs transport', () => {
  const secure = started({
    sasl: { mechanisms: ['PLAIN', 'SCRAM-SHA-256', 'SCRAM-SHA-512', 'OAUTHBEARER'] },
    tls: { requireClientCert: true },
  });
  const tlsSettings = () => {
    const tls = secure().security.tls;
    assert.ok(tls?.clientCertPath && tls.clientKeyPath);
    return {
      ca: [Buffer.from(tls.caPem)],
      cert: Buffer.from(readFileSync(tls.clientCertPath, 'utf8')),
      key: Buffer.from(readFileSync(tls.clientKeyPath, 'utf8')),
      rejectUnauthorized: true,
      checkServerIdentity: true,
    };
  };
  const user = () => Object.entries(secure().security.sasl?.users ?? {})[0] ?? ['', ''];

  it('a connection opened again after one dropped authenticates too (no retry loop inside kafkajs)', async () => {
    const [username, password] = user();
    const node = secure().destination.nodes[0];
    assert.ok(node);
    const rule = node.faults.closeMidFrame('ListClusterMirrors', { times: 1 });
    await withClient(
      {
        bootstrap: [secure().destination.bootstrap],
        clientId: 'test',
        tls: tlsSettings(),
        sasl: { mechanism: 'scram-sha-512', username, password },
      },
      10_000,
      async (client, wire) => {
        const response = await client.send(ListClusterMirrors, {});
        assert.equal(response.ErrorCode, 0);
        assert.deepEqual(
          listCalls(wire).map((e) => e.outcome),
          ['error', 'ok'],
          JSON.stringify(listCalls(wire)),
        );
      },
    );
    assert.equal(rule.fired, 1);
  });

  for (const mechanism of ['plain', 'scram-sha-256', 'scram-sha-512'] as const) {
    it(`${mechanism} over mutual TLS`, async () => {
      const [username, password] = user();
      await withClient(
        {
          bootstrap: [secure().destination.bootstrap],
          clientId: 'test',
          tls: tlsSettings(),
          sasl: { mechanism, username, password },
        },
        10_000,
        async (client) => {
          const response = await client.send(ListClusterMirrors, {});
          assert.equal(response.ErrorCode, 0);
        },
      );
    });
  }

  it('oauthbearer with an unsecured JWT', async () => {
    const token = unsecuredJwt(user()[0]);
    await withClient(
      {
        bootstrap: [secure().destination.bootstrap],
        clientId: 'test',
        tls: tlsSettings(),
        sasl: { mechanism: 'oauthbearer', oauthToken: token },
      },
      10_000,
      async (client) => {
        assert.equal((await client.send(ListClusterMirrors, {})).ErrorCode, 0);
      },
    );
  });

  it('a wrong password is an authentication failure, not retried', async () => {
    const [username] = user();
    await withClient(
      {
        bootstrap: [secure().destination.bootstrap],
        clientId: 'test',
        tls: tlsSettings(),
        sasl: { mechanism: 'scram-sha-256', username, password: 'wrong' },
      },
      10_000,
      async (client, wire) => {
        await assert.rejects(
          client.send(ListClusterMirrors, {}),
          (err: unknown) => err instanceof TransportError && err.kind === 'authentication',
        );
        assert.equal(wire.filter((e) => e.api === 'ApiVersions').length, 1, 'one attempt only');
      },
    );
  });

  it('an untrusted server certificate is a TLS failure', async () => {
    const [username, password] = user();
    await withClient(
      {
        bootstrap: [secure().destination.bootstrap],
        clientId: 'test',
        tls: { rejectUnauthorized: true, checkServerIdentity: true },
        sasl: { mechanism: 'plain', username, password },
      },
      5000,
      async (client) => {
        await assert.rejects(
          client.send(ListClusterMirrors, {}),
          (err: unknown) => err instanceof TransportError && err.kind === 'tls',
        );
      },
    );
  });
});
