// The one confirmation before sending a plan, with injected terminal streams: where the preview goes,
// what a yes, a no and Enter do, and the refusal without a terminal.

import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { describe, it } from 'node:test';
import { ConfirmationRequiredError, KmirrorError } from '../../../src/lib/cli/failures/errors.js';
import { ExitCode } from '../../../src/lib/cli/failures/exit-codes.js';
import { confirmPlan, type PlanConfirmOptions } from '../../../src/lib/prompt/confirm-plan.js';

const confirmation = { preview: 'PREVIEW', question: 'Stop 1 topic(s)?', action: 'stop 1 topic(s)' };

function sinks(): {
  out: string[];
  err: string[];
  stdout: PlanConfirmOptions['stdout'];
  stderr: PlanConfirmOptions['stderr'];
} {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, stdout: { write: (t: string) => out.push(t) }, stderr: { write: (t: string) => err.push(t) } };
}

async function answer(keys: string): Promise<{ shown: boolean | Error; out: string[] }> {
  const input = new PassThrough();
  const output = new PassThrough();
  output.resume();
  const s = sinks();
  const pending = confirmPlan(confirmation, {
    canPrompt: true,
    yes: false,
    textOutput: true,
    ...s,
    context: { input, output },
  });
  setTimeout(() => input.write(keys), 50);
  const shown = await pending.then(
    (r) => r.previewShown,
    (e: Error) => e,
  );
  return { shown, out: s.out };
}

describe('confirmPlan', () => {
  it('names the cluster the change acts on in the question', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    let asked = '';
    output.on('data', (d: Buffer) => (asked += d.toString()));
    const pending = confirmPlan(confirmation, {
      canPrompt: true,
      yes: false,
      textOutput: true,
      ...sinks(),
      cluster: 'profile prod (h1:9092)',
      context: { input, output },
    });
    setTimeout(() => input.write('n\n'), 50);
    await assert.rejects(pending, /Nothing was changed/);
    assert.match(asked, /On profile prod \(h1:9092\): Stop 1 topic\(s\)\?/);
  });

  it('on a terminal shows the preview on stdout; a yes goes ahead, a no or Enter sends nothing', async () => {
    const yes = await answer('y\n');
    assert.equal(yes.shown, true);
    assert.deepEqual(yes.out, ['PREVIEW\n']);
    for (const keys of ['n\n', '\n']) {
      const no = await answer(keys);
      assert.ok(no.shown instanceof KmirrorError, `${JSON.stringify(keys)} went ahead`);
      assert.equal(no.shown.message, 'Nothing was changed.');
      assert.equal(no.shown.name, 'DeclinedError');
      assert.equal(no.shown.exitCode, ExitCode.Error);
    }
  });

  it('--yes goes ahead without a preview; no terminal and no --yes shows it on stderr and exits 2', async () => {
    const a = sinks();
    const ahead = await confirmPlan(confirmation, { canPrompt: false, yes: true, textOutput: true, ...a });
    assert.equal(ahead.previewShown, false);
    assert.deepEqual([...a.out, ...a.err], []);

    const b = sinks();
    await assert.rejects(
      confirmPlan(confirmation, { canPrompt: false, yes: false, textOutput: true, ...b }),
      (err: unknown) => err instanceof ConfirmationRequiredError && err.exitCode === ExitCode.Usage,
    );
    assert.deepEqual(b.err, ['PREVIEW\n']);

    const c = sinks();
    await assert.rejects(confirmPlan(confirmation, { canPrompt: false, yes: false, textOutput: false, ...c }));
    assert.deepEqual([...c.out, ...c.err], [], 'a JSON document never gets the preview');
  });
});
