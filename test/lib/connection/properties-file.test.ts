import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { SettingsError } from '../../../src/lib/connection/errors.js';
import {
  PropertiesSyntaxError,
  parseProperties,
  readPropertiesFile,
} from '../../../src/lib/connection/properties-file.js';

function values(text: string): Record<string, string> {
  return Object.fromEntries([...parseProperties(text)].map(([k, v]) => [k, v.value]));
}

describe('parseProperties (java.util.Properties grammar)', () => {
  it('accepts =, : and whitespace separators with optional blanks around them', () => {
    assert.deepEqual(values('a=1\nb:2\nc 3\nd = 4\ne : 5\nf\t6\ng   =   7\n'), {
      a: '1',
      b: '2',
      c: '3',
      d: '4',
      e: '5',
      f: '6',
      g: '7',
    });
  });

  it('skips # and ! comments and blank lines, also indented', () => {
    assert.deepEqual(values('# comment\n! other\n   # indented\n\n  \nk=v\n'), { k: 'v' });
  });

  it('keeps # inside values and trailing blanks of values', () => {
    assert.deepEqual(values('k=a#b \nx=!y'), { k: 'a#b ', x: '!y' });
  });

  it('treats a key without value as empty', () => {
    assert.deepEqual(values('lonely\nempty=\n'), { lonely: '', empty: '' });
  });

  it('joins continuation lines and drops their leading whitespace', () => {
    assert.deepEqual(values('k=one \\\n    two \\\n\tthree\nnext=1'), { k: 'one two three', next: '1' });
  });

  it('does not continue on an even number of backslashes', () => {
    assert.deepEqual(values('k=a\\\\\nnext=1'), { k: 'a\\', next: '1' });
  });

  it('does not treat a comment as continued', () => {
    assert.deepEqual(values('# comment \\\nk=v'), { k: 'v' });
  });

  it('continues a value onto a line starting with #', () => {
    assert.deepEqual(values('k=a\\\n#b'), { k: 'a#b' });
  });

  it('handles CRLF and CR line ends', () => {
    assert.deepEqual(values('a=1\r\nb=2\rc=3'), { a: '1', b: '2', c: '3' });
  });

  it('decodes escapes', () => {
    assert.deepEqual(values('k=tab\\there\\nnl\\u00e9\\u0041\\q'), { k: 'tab\there\nnlé' + 'Aq' });
    assert.deepEqual(values('key\\ with\\=odd\\:chars = v'), { 'key with=odd:chars': 'v' });
  });

  it('rejects malformed \\u escapes with the line number', () => {
    assert.throws(
      () => parseProperties('ok=1\nbad=\\u12G4'),
      (err: unknown) => err instanceof PropertiesSyntaxError && err.line === 2,
    );
  });

  it('lets the last duplicate win and strips a BOM', () => {
    const parsed = parseProperties('\uFEFFk=1\nk=2');
    assert.equal(parsed.get('k')?.value, '2');
    assert.equal(parsed.get('k')?.line, 2);
  });

  it('records the first line of a continued entry', () => {
    const parsed = parseProperties('\n\na=1\\\n2\nb=3');
    assert.equal(parsed.get('a')?.line, 3);
    assert.equal(parsed.get('b')?.line, 5);
  });

  it('reads the inline PEM form Kafka documents', () => {
    const text =
      'ssl.truststore.certificates=-----BEGIN CERTIFICATE----- \\\n  MIIBszCCAVmgAwIBAgIU \\\n  -----END ' +
      'CERTIFICATE-----\n';
    assert.equal(
      values(text)['ssl.truststore.certificates'],
      '-----BEGIN CERTIFICATE----- MIIBszCCAVmgAwIBAgIU -----END CERTIFICATE-----',
    );
  });

  it('reads a whole client file', () => {
    const text = [
      'bootstrap.servers=b1:9092,b2:9092',
      'security.protocol=SASL_SSL',
      'sasl.mechanism=SCRAM-SHA-512',
      'sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required \\',
      '    username="alice" \\',
      '    password="s3cr=t";',
    ].join('\n');
    assert.equal(
      values(text)['sasl.jaas.config'],
      'org.apache.kafka.common.security.scram.ScramLoginModule required username="alice" password="s3cr=t";',
    );
  });
});

describe('readPropertiesFile', () => {
  it('names the file when it cannot be read', () => {
    assert.throws(
      () => readPropertiesFile('/nonexistent/client.properties'),
      (err: unknown) => err instanceof SettingsError && /client\.properties.*no such file/.test(err.message),
    );
  });

  it('names the file and line on a syntax error', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kmirror-props-'));
    const path = join(dir, 'bad.properties');
    writeFileSync(path, 'a=1\nb=\\uZZZZ\n');
    assert.throws(
      () => readPropertiesFile(path),
      (err: unknown) =>
        err instanceof SettingsError && err.message.includes('bad.properties') && /line 2/.test(err.message),
    );
  });
});
