import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { describe, it } from 'node:test';
import { ConfirmationRequiredError } from '../../../src/lib/cli/failures/errors.js';
import { confirmByName } from '../../../src/lib/prompt/confirm-by-name.js';

/** Runs the real @inquirer prompt on injected streams, typing `typed` once the question is shown. */
async function typeAnswer(typed: string, name = 'm1'): Promise<{ confirmed: boolean; screen: string }> {
  const input = new PassThrough();
  const output = new PassThrough();
  let screen = '';
  output.on('data', (chunk: Buffer) => {
    screen += chunk.toString();
  });
  const answer = confirmByName(`Type the mirror name (${name}) to delete it:`, {
    name,
    canPrompt: true,
    action: `delete mirror '${name}'`,
    context: { input, output },
  });
  input.write(`${typed}\n`);
  const confirmed = await answer;
  return { confirmed, screen };
}

describe('confirmByName', () => {
  it('goes ahead when the exact name is typed (surrounding spaces ignored)', async () => {
    const { confirmed, screen } = await typeAnswer('  m1 ');
    assert.equal(confirmed, true);
    assert.match(screen, /Type the mirror name \(m1\) to delete it:/);
  });

  it('does not go ahead for another name, a different case, or an empty answer', async () => {
    assert.equal((await typeAnswer('m2')).confirmed, false);
    assert.equal((await typeAnswer('M1')).confirmed, false);
    assert.equal((await typeAnswer('')).confirmed, false);
  });

  it('--yes confirms without asking', async () => {
    const ask = (): Promise<string> => Promise.reject(new Error('must not ask'));
    assert.equal(await confirmByName('?', { name: 'm1', canPrompt: true, yes: true, action: 'delete', ask }), true);
  });

  it('without a terminal and without --yes: ConfirmationRequiredError (exit 2) naming the flag', async () => {
    await assert.rejects(
      confirmByName('?', { name: 'm1', canPrompt: false, action: "delete mirror 'm1'" }),
      (err: unknown) => {
        assert.ok(err instanceof ConfirmationRequiredError);
        assert.equal(err.exitCode, 2);
        assert.match(err.message, /refusing to delete mirror 'm1' without confirmation/);
        assert.match(err.hint ?? '', /--yes/);
        return true;
      },
    );
  });

  it('Ctrl-C at the prompt is a cancellation, not a crash', async () => {
    const ask = (): Promise<string> =>
      Promise.reject(Object.assign(new Error('User force closed the prompt'), { name: 'ExitPromptError' }));
    await assert.rejects(
      confirmByName('?', { name: 'm1', canPrompt: true, action: 'delete', ask }),
      /cancelled at the question; nothing was changed/,
    );
  });
});
