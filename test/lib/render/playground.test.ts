import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useColours } from '../../../src/lib/text/paint.js';
import { parseJaasConfig } from '../../../src/lib/connection/jaas.js';
import { parseProperties } from '../../../src/lib/connection/properties-file.js';
import {
  clientProperties,
  nextCommands,
  shellQuote,
  type PlaygroundInfo,
} from '../../../src/lib/emulator/playground.js';
import { renderPlayground } from '../../../src/lib/render/playground.js';
import { joinedRegex } from '../../helpers/joined-regex.js';

useColours(undefined);

const info: PlaygroundInfo = {
  source: {
    name: 'source',
    bootstrap: '127.0.0.1:9092',
    clusterId: 'src-id',
    nodes: [{ nodeId: 1, host: '127.0.0.1', port: 9092 }],
  },
  destination: {
    name: 'destination',
    bootstrap: '127.0.0.1:9093,127.0.0.1:9094',
    clusterId: 'dst-id',
    nodes: [
      { nodeId: 1, host: '127.0.0.1', port: 9093 },
      { nodeId: 2, host: '127.0.0.1', port: 9094 },
    ],
  },
  others: [],
  mirroringEnabled: true,
  protocol: 'prototype',
  dialectArgs: [],
  topics: ['orders-us', 'orders-eu', 'payments', '__internal'],
  refreshIntervalMs: 2000,
  traffic: true,
  consumerGroups: [],
  destinationConsumerGroup: null,
};

describe('renderPlayground', () => {
  it('labels both clusters and lists the next commands', () => {
    assert.equal(
      renderPlayground(info, nextCommands(info)),
      [
        'Emulated Kafka clusters with cluster mirroring (KIP-1279) are running.',
        '',
        'source:      127.0.0.1:9092',
        '             cluster id src-id, 1 node',
        'destination: 127.0.0.1:9093,127.0.0.1:9094',
        '             cluster id dst-id, 2 nodes',
        '',
        'Source topics: orders-us, orders-eu, payments, __internal (records keep arriving)',
        'Mirror sync (auto-discovery, exclude list, cluster-id check) every 2 s here; a real broker waits ' +
          'mirror.metadata.refresh.interval.ms, 60 s by default.',
        'As on the prototype broker, a newly started topic is FAILED for about 2 s before it mirrors.',
        '',
        'Try, in another terminal:',
        '  kmirror check -b 127.0.0.1:9093,127.0.0.1:9094',
        '  kmirror create demo -b 127.0.0.1:9093,127.0.0.1:9094 --source-bootstrap 127.0.0.1:9092',
        "  kmirror add-topics demo -b 127.0.0.1:9093,127.0.0.1:9094 --pattern 'orders-.*' --yes",
        '  kmirror describe demo -b 127.0.0.1:9093,127.0.0.1:9094',
        '  kmirror list -b 127.0.0.1:9093,127.0.0.1:9094',
        '',
        'Press Ctrl-C to stop.',
      ].join('\n'),
    );
  });

  it('names the consumer groups, the one on the destination, and the signal that stops the producers', () => {
    const text = renderPlayground(
      {
        ...info,
        consumerGroups: ['billing', 'analytics'],
        destinationConsumerGroup: 'billing',
        producerSignal: { signal: 'SIGUSR1', pid: 4242 },
      },
      [],
    );
    assert.match(text, /^Consumer groups on the source: billing, analytics \(they commit offsets every second\)\.$/m);
    assert.match(text, /^Group billing also has a consumer on the destination: the offset sync skips it /m);
    assert.match(text, /^Stop the producers with kill -USR1 4242 \(a plain promote needs them stopped\); the same /m);
  });

  it('says when producers are held still (--no-traffic)', () => {
    assert.match(
      renderPlayground({ ...info, traffic: false }, []),
      joinedRegex(
        [
          /^Source topics: orders-us, orders-eu, payments, __internal \(no traffic: their end offsets stand still, as /,
          /after producers stopped\)$/,
        ],
        'm',
      ),
    );
  });

  it('with --protocol kip-draft every next command carries the dialect flags, and the banner names them', () => {
    const args = [
      '--protocol',
      'kip-draft',
      '--api-keys',
      'CreateMirror=200,ListMirrors=203',
      '--api-versions',
      'DescribeConfigs=5',
    ];
    const draft: PlaygroundInfo = { ...info, protocol: 'kip-draft', dialectArgs: args };
    const commands = nextCommands(draft);
    for (const command of commands)
      assert.ok(command.includes(`-b ${info.destination.bootstrap} ${args.join(' ')}`), command);
    const banner = renderPlayground(draft, commands);
    assert.match(banner, /speaks the messages of KIP-1279 revision 57/);
    assert.doesNotMatch(banner, /the seed/);
    assert.match(banner, /remove-topics, pause, resume and delete exit 4/);
  });

  it('says when mirroring is disabled', () => {
    assert.match(renderPlayground({ ...info, mirroringEnabled: false }, []), /Mirroring is disabled on both clusters/);
  });

  it('with --secure shows the credentials and passes the properties file to every command', () => {
    const secure: PlaygroundInfo = {
      ...info,
      security: {
        securityProtocol: 'SASL_SSL',
        saslMechanisms: ['PLAIN', 'SCRAM-SHA-512'],
        username: 'kmirror',
        password: 'kmirror-secret',
        caPath: '/tmp/ca.pem',
        clientPropertiesPath: '/tmp/my dir/client.properties',
      },
    };
    const text = renderPlayground(secure, nextCommands(secure));
    assert.match(text, /^ {2}password {2}kmirror-secret /m);
    const commands = nextCommands(secure);
    assert.equal(commands.length, 5);
    for (const command of commands)
      assert.ok(command.includes(" --command-config '/tmp/my dir/client.properties'"), command);
    assert.ok(commands[1]?.includes(" --source-config '/tmp/my dir/client.properties'"));
  });
});

describe('clientProperties', () => {
  it('writes a SASL_SSL file whose JAAS line parses back to the same credentials', () => {
    const text = clientProperties({
      username: 'us"er',
      password: 'pa\\ss',
      caPath: '/tmp/ca.pem',
      mechanism: 'SCRAM-SHA-512',
    });
    const properties = parseProperties(text);
    assert.equal(properties.get('security.protocol')?.value, 'SASL_SSL');
    assert.equal(properties.get('sasl.mechanism')?.value, 'SCRAM-SHA-512');
    assert.equal(properties.get('ssl.truststore.type')?.value, 'PEM');
    assert.equal(properties.get('ssl.truststore.location')?.value, '/tmp/ca.pem');
    const [entry] = parseJaasConfig(properties.get('sasl.jaas.config')?.value ?? '');
    assert.equal(entry?.loginModule, 'org.apache.kafka.common.security.scram.ScramLoginModule');
    assert.equal(entry?.options.get('username'), 'us"er');
    assert.equal(entry?.options.get('password'), 'pa\\ss');
  });
});

describe('shellQuote', () => {
  it('leaves plain words alone and single-quotes the rest', () => {
    assert.equal(shellQuote('127.0.0.1:9092,127.0.0.1:9093'), '127.0.0.1:9092,127.0.0.1:9093');
    assert.equal(shellQuote('orders-.*'), "'orders-.*'");
    assert.equal(shellQuote("it's"), "'it'\\''s'");
  });
});
