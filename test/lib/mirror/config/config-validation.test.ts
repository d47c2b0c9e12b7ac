import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Failure, toFailure } from '../../../../src/lib/cli/failures/errors.js';
import {
  checkConfigValue,
  deleteProblem,
  isSensitiveMirrorKey,
  mirrorNameProblem,
  parseKeyValue,
  replacedDefaultWarnings,
  suggestMirrorKey,
} from '../../../../src/lib/mirror/config/config-validation.js';
import { checkPattern } from '../../../../src/lib/mirror/patterns/pattern-check.js';

const strict = { allowUnknown: false, origin: '--config' };

/** What the operator sees: bad input is exit code 2, found before anything is sent. */
function usageError(fn: () => unknown): Failure {
  try {
    fn();
  } catch (err) {
    const failure = toFailure(err);
    assert.equal(failure.exitCode, 2, `expected a usage error, got ${String(err)}`);
    return failure;
  }
  assert.fail('expected a usage error');
}

const usageMessage = (fn: () => unknown): string => usageError(fn).message;

describe('mirror names', () => {
  it('accepts topic-like names up to 249 characters', () => {
    for (const name of ['m1', 'eu-west.orders_2', 'A.b-C_d', 'x'.repeat(249), '...'])
      assert.equal(mirrorNameProblem(name), null, name);
  });

  it('refuses what topic names refuse, and the .removed suffix', () => {
    assert.match(mirrorNameProblem('') ?? '', /empty/);
    assert.match(mirrorNameProblem('.') ?? '', /cannot be '\.'/);
    assert.match(mirrorNameProblem('..') ?? '', /cannot be '\.\.'/);
    assert.match(mirrorNameProblem('x'.repeat(250)) ?? '', /250 characters/);
    assert.match(mirrorNameProblem('a/b c') ?? '', /contains "\/", " "/);
    assert.match(mirrorNameProblem('naïve') ?? '', /"ï"/);
    assert.match(mirrorNameProblem('old.removed') ?? '', /\.removed/);
    assert.equal(mirrorNameProblem('removed'), null);
  });
});

describe('config keys and values', () => {
  it('parses KEY=VALUE keeping "=" inside the value', () => {
    assert.deepEqual(parseKeyValue('sasl.jaas.config=a b="c=d";', 'x'), {
      key: 'sasl.jaas.config',
      value: 'a b="c=d";',
    });
    assert.deepEqual(parseKeyValue('mirror.topics.include=', 'x'), { key: 'mirror.topics.include', value: '' });
    assert.match(
      usageMessage(() => parseKeyValue('novalue', '--config')),
      /'novalue' is not KEY=VALUE/,
    );
    assert.match(
      usageMessage(() => parseKeyValue('=v', '--config')),
      /not KEY=VALUE/,
    );
  });

  it('refuses unknown keys with a suggestion, unless allowed', () => {
    assert.match(
      usageMessage(() => checkConfigValue('mirror.fetch.max.byte', '1', strict)),
      /did you mean 'mirror\.fetch\.max\.bytes'/,
    );
    const warnings = checkConfigValue('mirror.new.knob', '1', { allowUnknown: true, origin: '--config' });
    assert.equal(warnings.length, 1);
    assert.equal(suggestMirrorKey('completely.different.thing'), undefined);
  });

  it('offers --allow-unknown-config only where it helps: not for a typo, not for a config change', () => {
    const typo = usageError(() => checkConfigValue('mirror.fetch.max.byte', '1', { ...strict, storesUnknown: true }));
    assert.match(typo.hint ?? '', /^use mirror\.fetch\.max\.bytes; /);
    assert.doesNotMatch(typo.hint ?? '', /allow-unknown-config/);
    const create = usageError(() => checkConfigValue('mirror.future.knob', '1', { ...strict, storesUnknown: true }));
    assert.match(create.hint ?? '', /--allow-unknown-config sends it anyway \(CreateClusterMirror stores/);
    const change = usageError(() => checkConfigValue('mirror.future.knob', '1', { ...strict, origin: 'config set' }));
    assert.doesNotMatch(change.hint ?? '', /allow-unknown-config/);
    assert.match(change.hint ?? '', /a config change cannot add a key the broker does not know/);
  });

  it('a value hint names one range: from the minimum to the largest value', () => {
    const int = usageError(() => checkConfigValue('request.timeout.ms', '-1', strict));
    assert.equal(int.hint, 'request.timeout.ms takes a whole number from 0 to 2147483647 (default 30000)');
    const long = usageError(() => checkConfigValue('mirror.fetch.backoff.ms', 'x', strict));
    assert.equal(
      long.hint,
      'mirror.fetch.backoff.ms takes a whole number from 0 to 9223372036854775807 (default 1000)',
    );
  });

  it('type-checks INT and LONG values with their ranges', () => {
    assert.deepEqual(checkConfigValue('request.timeout.ms', '60000', strict), []);
    assert.deepEqual(checkConfigValue('mirror.fetch.backoff.ms', '9223372036854775807', strict), []);
    assert.match(
      usageMessage(() => checkConfigValue('request.timeout.ms', '2147483648', strict)),
      /Not a number of type INT/,
    );
    assert.match(
      usageMessage(() => checkConfigValue('mirror.fetch.min.bytes', '-1', strict)),
      /at least 0/,
    );
    assert.match(
      usageMessage(() => checkConfigValue('request.timeout.ms', '', strict)),
      /invalid value ''/,
    );
    assert.doesNotThrow(() => checkConfigValue('connections.max.idle.ms', '-1', strict));
  });

  it('checks STRING choices, bootstrap lists and the source cluster id', () => {
    assert.doesNotThrow(() => checkConfigValue('security.protocol', 'SASL_SSL', strict));
    assert.match(
      usageMessage(() => checkConfigValue('security.protocol', 'TLS', strict)),
      /one of: PLAINTEXT, SSL/,
    );
    assert.doesNotThrow(() => checkConfigValue('bootstrap.servers', 'a:9092,[::1]:9093', strict));
    assert.match(
      usageMessage(() => checkConfigValue('bootstrap.servers', 'a', strict)),
      /not host:port/,
    );
    assert.match(
      usageMessage(() => checkConfigValue('mirror.source.cluster.id', ' ', strict)),
      /empty/,
    );
  });

  it('checks every item of a pattern key', () => {
    assert.deepEqual(checkConfigValue('mirror.topics.include', 'orders-.*, payments', strict), []);
    assert.match(
      usageMessage(() => checkConfigValue('mirror.groups.exclude', 'ok,(bad', strict)),
      /pattern '\(bad'/,
    );
  });

  it('knows which deletes the broker would refuse', () => {
    assert.match(deleteProblem('request.timeout.ms')?.hint ?? '', /request\.timeout\.ms=30000/);
    assert.match(deleteProblem('mirror.fetch.backoff.ms')?.message ?? '', /cannot parse as LONG/);
    assert.match(deleteProblem('bootstrap.servers')?.message ?? '', /every mirror needs it/);
    assert.equal(deleteProblem('mirror.groups.exclude'), null);
    assert.equal(deleteProblem('sasl.jaas.config'), null);
  });

  it('treats PASSWORD keys and secret-looking names as sensitive', () => {
    for (const key of [
      'sasl.jaas.config',
      'ssl.keystore.password',
      'ssl.keystore.key',
      'ssl.truststore.certificates',
      'ssl.keystore.certificate.chain',
    ]) {
      assert.equal(isSensitiveMirrorKey(key), true, key);
    }
    for (const key of ['bootstrap.servers', 'ssl.keystore.location', 'sasl.mechanism', 'mirror.topics.include'])
      assert.equal(isSensitiveMirrorKey(key), false, key);
  });
});

describe('patterns (Java regexes checked in JavaScript)', () => {
  it('accepts plain regexes without warnings', () => {
    for (const p of [
      'orders-.*',
      '(orders|payments)',
      '[a-z]+\\.v[0-9]{2}',
      '(?<region>eu|us)-.*',
      'a\\{b\\}',
      '[]a]',
      'x+?',
    ])
      assert.deepEqual(checkPattern(p, 'p'), [], p);
  });

  it('refuses what cannot be stored, what Java refuses, and what cannot be matched exactly', () => {
    assert.match(
      usageMessage(() => checkPattern('a{1,2}', '--include')),
      /contains ','/,
    );
    assert.match(
      usageMessage(() => checkPattern(' a', '--include')),
      /whitespace/,
    );
    assert.match(
      usageMessage(() => checkPattern('(a', '--include')),
      /not a valid Java regular expression: Unclosed group/,
    );
    assert.match(usageError(() => checkPattern('*', '--include')).hint ?? '', /to match everything write \.\*/);
    assert.match(usageError(() => checkPattern('a{x}', '--include')).hint ?? '', /a literal \{ is written \\\{/);
    assert.match(
      usageMessage(() => checkPattern('(?<my_group>a)', '--include')),
      /named capturing group is missing trailing '>'/,
    );
    assert.match(
      usageMessage(() => checkPattern('a\\', '--include')),
      /not a valid Java regular expression/,
    );
    for (const [pattern, reason] of [
      ['(a)\\1', /backreferences/],
      ['\\p{InGreek}', /Unicode blocks/],
      ['(?iu)k', /Unicode case folding/],
      ['\\X', /grapheme/],
    ] as const) {
      const error = usageError(() => checkPattern(pattern, '--include'));
      assert.equal(error.exitCode, 2, pattern);
      assert.match(error.message, /cannot be matched by kmirror exactly as the broker \(Java\) does/, pattern);
      assert.match(error.message, reason, pattern);
    }
  });

  it('takes Java-only syntax without a word: it is translated, not approximated', () => {
    for (const pattern of [
      'orders.*+',
      'a++',
      '(?i)orders',
      '(?i:orders)-x',
      '(?>ab|a)c',
      '\\p{Alpha}+',
      '\\Qa.b\\E',
      '\\Aorders\\z',
      '[a-z&&[^e]]',
    ])
      assert.deepEqual(checkPattern(pattern, 'p'), [], pattern);
    // An escaped plus after a quantifier is a literal, not a possessive marker.
    assert.deepEqual(checkPattern('a*\\+', 'p'), []);
  });

  it('warns when a pattern looks like a shell glob', () => {
    assert.ok(checkPattern('orders-*', 'p').some((w) => w.includes("write 'orders-.*'")));
    assert.deepEqual(checkPattern('orders-.*', 'p'), []);
  });
});

describe('broker-level keys and replaced default lists', () => {
  it('refuses the broker-level mirror keys even with --allow-unknown-config, naming the broker command', () => {
    for (const key of ['mirror.metadata.refresh.interval.ms', 'mirror.failed.retry.max.attempts']) {
      const failure = usageError(() => checkConfigValue(key, '5', { allowUnknown: true, origin: '--config' }));
      assert.match(failure.message, /is a broker config of the destination cluster, not a mirror config/);
      assert.match(failure.hint ?? '', new RegExp(`--entity-type brokers --entity-default --add-config ${key}=5`));
    }
    assert.match(
      usageMessage(() => checkConfigValue('mirror.metadata.refresh.interval.ms', '1', strict)),
      /source sync keeps running at the broker-level period, 60 s by default/,
    );
  });

  it('warns only when a replacing list drops default entries', () => {
    const [exclude] = replacedDefaultWarnings('mirror.topic.properties.exclude', 'a, min.insync.replicas', 'x');
    const copied = /now copied from the source: (.*?)\. To keep/.exec(exclude ?? '')?.[1]?.split(', ');
    assert.equal(copied?.length, 7);
    assert.equal(copied?.[0], 'follower.replication.throttled.replicas');
    assert.equal(copied?.includes('min.insync.replicas'), false, 'kept in the new list');
    assert.match(
      replacedDefaultWarnings('mirror.topics.exclude', 'tmp-.*', 'x')[0] ?? '',
      /no longer excluded: __\.\*/,
    );
    assert.match(replacedDefaultWarnings('mirror.groups.include', 'app', 'x')[0] ?? '', /the default \.\* is gone/);
    assert.deepEqual(replacedDefaultWarnings('mirror.groups.include', 'app,.*', 'x'), []);
    assert.deepEqual(replacedDefaultWarnings('mirror.groups.exclude', 'x', 'x'), []);
    assert.deepEqual(replacedDefaultWarnings('mirror.fetch.max.bytes', '1', 'x'), []);
  });
});
