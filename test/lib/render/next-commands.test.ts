import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { removeTopicsCommand } from '../../../src/lib/render/next-commands.js';
import { shellQuote } from '../../../src/lib/text/shell-words.js';

describe('suggested commands', () => {
  it('quotes only words a shell would split or expand', () => {
    assert.equal(shellQuote('orders,payments'), 'orders,payments');
    assert.equal(shellQuote('127.0.0.1:9092'), '127.0.0.1:9092');
    assert.equal(shellQuote('my config.properties'), "'my config.properties'");
    assert.equal(shellQuote("it's"), "'it'\\''s'");
  });

  it('writes the remove-topics command that stops the topics, with the connection flags', () => {
    assert.equal(
      removeTopicsCommand('m1', ['a', 'b'], ['-b', 'h:1']),
      'kmirror remove-topics m1 --topic a,b --yes -b h:1',
    );
    assert.equal(
      removeTopicsCommand('m 1', ['a'], ['--command-config', 'my file']),
      "kmirror remove-topics 'm 1' --topic a --yes --command-config 'my file'",
    );
  });
});
