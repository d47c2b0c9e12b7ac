import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { describe, it } from 'node:test';
import { UsageError } from '../../../src/lib/cli/failures/errors.js';
import { askFor } from '../../../src/lib/prompt/ask.js';

/** Fake terminal streams: what the prompt printed, and a way to type. */
function fakeTerminal(): {
  streams: { input: PassThrough; output: PassThrough };
  printed: () => string;
  type: (text: string) => void;
} {
  const input = new PassThrough();
  const output = new PassThrough();
  let printed = '';
  output.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  return { streams: { input, output }, printed: () => printed, type: (text) => input.write(text) };
}

/** Types once the prompt has drawn itself (bounded wait, no timing assertion). */
async function typeWhenShown(terminal: ReturnType<typeof fakeTerminal>, text: string, shown: RegExp): Promise<void> {
  for (let i = 0; i < 200 && !shown.test(terminal.printed()); i++)
    await new Promise((resolve) => setTimeout(resolve, 10));
  terminal.type(text);
}

const hostPort = (v: string): true | string => (/^[^:]+:\d+$/.test(v) ? true : 'expected host:port');

describe('askFor', () => {
  it('returns the flag value without prompting, after checking it', async () => {
    const terminal = fakeTerminal();
    assert.equal(
      await askFor('source-bootstrap', 'Source?', {
        value: 'a:1',
        canPrompt: true,
        validate: hostPort,
        streams: terminal.streams,
      }),
      'a:1',
    );
    assert.equal(terminal.printed(), '');
    await assert.rejects(
      askFor('source-bootstrap', 'Source?', { value: 'nope', canPrompt: true, validate: hostPort }),
      (err) => {
        assert.ok(err instanceof UsageError);
        assert.equal(err.message, '--source-bootstrap: expected host:port');
        return true;
      },
    );
  });

  it('names the flag when it is missing and no prompt is allowed', async () => {
    await assert.rejects(
      askFor('source-bootstrap', 'Source?', { canPrompt: false, hint: 'the source cluster' }),
      (err) => {
        assert.ok(err instanceof UsageError);
        assert.equal(err.exitCode, 2);
        assert.equal(err.message, 'missing --source-bootstrap');
        assert.match(err.hint ?? '', /pass --source-bootstrap .*; the source cluster/);
        return true;
      },
    );
  });

  it('prompts when allowed, re-asking until the answer is valid', async () => {
    const terminal = fakeTerminal();
    const answer = askFor('source-bootstrap', 'Source bootstrap?', {
      canPrompt: true,
      validate: hostPort,
      streams: terminal.streams,
    });
    await typeWhenShown(terminal, 'bad\n', /Source bootstrap\?/);
    await typeWhenShown(terminal, '\u0015src:9092\n', /expected host:port/);
    assert.equal(await answer, 'src:9092');
    assert.match(terminal.printed(), /expected host:port/);
  });

  it('does not accept an empty answer', async () => {
    const terminal = fakeTerminal();
    const answer = askFor('name', 'Name?', { canPrompt: true, streams: terminal.streams });
    await typeWhenShown(terminal, '\n', /Name\?/);
    await typeWhenShown(terminal, 'x\n', /name is required/);
    assert.equal(await answer, 'x');
  });
});
