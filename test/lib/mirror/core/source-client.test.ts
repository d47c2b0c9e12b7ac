import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SettingsError } from '../../../../src/lib/connection/errors.js';
import type { PropertyEntry } from '../../../../src/lib/connection/properties-file.js';
import { sourceConnection, sourceProperties } from '../../../../src/lib/mirror/core/source-client.js';

function entries(values: Record<string, string>): Map<string, PropertyEntry> {
  return new Map(Object.entries(values).map(([key, value], i) => [key, { key, value, line: i + 1 }]));
}

describe('source cluster settings', () => {
  const stored = new Map([
    ['bootstrap.servers', 'src:9093'],
    ['mirror.source.cluster.id', 'abc'],
    ['mirror.topics.include', 'orders.*'],
    ['security.protocol', 'SASL_SSL'],
    ['sasl.jaas.config', 'org.apache.kafka.common.security.plain.PlainLoginModule required username="u" password="p";'],
    ['ssl.truststore.location', '/etc/kafka/truststore.jks'],
    ['ssl.truststore.password', 'changeit'],
  ]);

  it("never takes the destination's KMIRROR_* secrets for the source", async () => {
    const saved = { ...process.env };
    process.env.KMIRROR_SASL_PASSWORD = 'destination-password';
    process.env.KMIRROR_SASL_USERNAME = 'destination-user';
    try {
      const settings = await sourceConnection(
        { mirror: 'm1', stored: new Map([...stored].filter(([k]) => !k.startsWith('ssl.'))) },
        () => undefined,
      );
      assert.equal(settings.sasl?.username, 'u');
      assert.equal(settings.sasl?.password, 'p');
    } finally {
      process.env = saved;
    }
  });

  it('keeps only connection keys and defaults sasl.mechanism to PLAIN as the mirror does', () => {
    const merged = sourceProperties({ mirror: 'm1', stored });
    assert.deepEqual([...merged.keys()].sort(), [
      'bootstrap.servers',
      'sasl.jaas.config',
      'sasl.mechanism',
      'security.protocol',
      'ssl.truststore.location',
      'ssl.truststore.password',
    ]);
    assert.equal(merged.get('sasl.mechanism')?.value, 'PLAIN');
    assert.equal(merged.get('bootstrap.servers')?.origin, "mirror 'm1' stored config");
  });

  it('replaces a whole stored group when --source-config sets one of its keys', () => {
    const merged = sourceProperties({
      mirror: 'm1',
      stored,
      override: entries({ 'ssl.truststore.certificates': 'PEM', 'bootstrap.servers': 'public:9093' }),
      overrideName: "--source-config 'f'",
    });
    assert.equal(merged.has('ssl.truststore.location'), false);
    assert.equal(merged.has('ssl.truststore.password'), false);
    assert.equal(merged.get('bootstrap.servers')?.value, 'public:9093');
    assert.equal(merged.get('bootstrap.servers')?.origin, "--source-config 'f' line 2");
    assert.ok(merged.has('sasl.jaas.config'), 'other groups stay');
  });

  it('names --source-config when the stored settings cannot be used here', async () => {
    await assert.rejects(
      sourceConnection({ mirror: 'm1', stored }, () => {}),
      (err: unknown) =>
        err instanceof SettingsError && /truststore/.test(err.message) && /--source-config/.test(err.hint ?? ''),
    );
    await assert.rejects(
      sourceConnection({ mirror: 'm1', stored: new Map([['mirror.source.cluster.id', 'x']]) }, () => {}),
      /no bootstrap\.servers/,
    );
    const plain = await sourceConnection(
      { mirror: 'm1', stored: new Map([['bootstrap.servers', 'src:9092']]) },
      () => {},
    );
    assert.deepEqual(plain.bootstrap, ['src:9092']);
    assert.equal(plain.sasl, undefined);
  });
});
