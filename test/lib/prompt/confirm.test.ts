import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PassThrough } from 'node:stream';
import { ConfirmationRequiredError } from '../../../src/lib/cli/failures/errors.js';
import { PromptCancelledError, confirmAction } from '../../../src/lib/prompt/confirm.js';

describe('confirmAction', () => {
  it('answers yes for --yes without asking', async () => {
    assert.equal(
      await confirmAction('Go?', { canPrompt: true, yes: true, action: 'go', ask: () => assert.fail('asked') }),
      true,
    );
  });

  it('refuses with exit 2 naming the flag when nobody can be asked', async () => {
    await assert.rejects(
      confirmAction('Go?', { canPrompt: false, action: 'delete mirror m1', flag: '--force' }),
      (err: unknown) => {
        assert.ok(err instanceof ConfirmationRequiredError);
        assert.equal(err.exitCode, 2);
        assert.match(err.message, /refusing to delete mirror m1/);
        assert.match(err.hint ?? '', /--force/);
        return true;
      },
    );
  });

  it('asks through @inquirer with injected streams', async () => {
    for (const [keys, expected] of [
      ['y\r', true],
      ['n\r', false],
      ['\r', false],
    ] as const) {
      const input = new PassThrough();
      const output = new PassThrough();
      output.resume();
      const answer = confirmAction('Add 3 topics?', { canPrompt: true, action: 'add', context: { input, output } });
      setImmediate(() => input.write(keys));
      assert.equal(await answer, expected, `keys ${JSON.stringify(keys)}`);
    }
  });

  it('turns Ctrl-C into a cancellation that exits 130, like any interrupt', async () => {
    const exit = Object.assign(new Error('User force closed the prompt'), { name: 'ExitPromptError' });
    await assert.rejects(
      confirmAction('Go?', { canPrompt: true, action: 'go', ask: () => Promise.reject(exit) }),
      (err: unknown) => err instanceof PromptCancelledError && err.exitCode === 130,
    );
  });
});
