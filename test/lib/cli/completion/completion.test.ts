import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { connectionWords, planCompletion, splitCommandLine } from '../../../../src/lib/cli/completion/completion.js';
import type { CompletionCommand } from '../../../../src/lib/cli/completion/completion.js';

const COMMANDS: CompletionCommand[] = [
  {
    id: 'pause',
    args: { mirror: { name: 'mirror' } },
    flags: {
      topic: { name: 'topic', char: 't', type: 'option', multiple: true },
      'dry-run': { name: 'dry-run', type: 'boolean' },
      'bootstrap-server': { name: 'bootstrap-server', char: 'b', type: 'option' },
    },
  },
  { id: 'config:get', args: { mirror: { name: 'mirror' } }, flags: {} },
  { id: 'secret', hidden: true, args: {}, flags: {} },
];

describe('planCompletion', () => {
  it('flag values are found after the flag, wherever the flag is; the mirror argument names the topics', () => {
    const plan = planCompletion(['pause', '-b', 'h:1', 'm1', '-t', 'a', '--topic', ''], COMMANDS);
    assert.deepEqual(plan.source, { kind: 'topics', command: 'pause', mirror: 'm1' });
    assert.deepEqual(planCompletion(['pause', '-b', 'h:1', ''], COMMANDS).source, { kind: 'mirrors' });
    // A value already given is not the mirror argument.
    assert.deepEqual(planCompletion(['pause', '--dry-run', ''], COMMANDS).source, { kind: 'mirrors' });
  });

  it('hidden commands are never offered; a repeatable flag is offered again, others not', () => {
    assert.deepEqual(
      planCompletion([''], COMMANDS).candidates.map((c) => c.value),
      ['config', 'pause'],
    );
    const flags = planCompletion(['pause', '--dry-run', '--topic', 'a', '--'], COMMANDS).candidates.map((c) => c.value);
    assert.deepEqual(flags, ['--bootstrap-server', '--topic', '--help']);
  });
});

describe('splitCommandLine and connectionWords', () => {
  it('splits like a POSIX shell; a trailing blank starts an empty word', () => {
    assert.deepEqual(splitCommandLine(`kmirror pause 'my mirror' --topic a\\ b "c d" `), [
      'kmirror',
      'pause',
      'my mirror',
      '--topic',
      'a b',
      'c d',
      '',
    ]);
    assert.deepEqual(splitCommandLine('kmirror des'), ['kmirror', 'des']);
  });

  it('keeps the connection flags and their values, never --sasl-password-stdin, never the word being typed', () => {
    assert.deepEqual(
      connectionWords([
        'pause',
        'm1',
        '-b',
        'h:1',
        '--sasl-password-stdin',
        '--tls',
        '--profile=p',
        '--timeout',
        '5s',
        '--topic',
        'x',
        '--tls-ca',
      ]),
      ['-b', 'h:1', '--tls', '--profile=p', '--timeout', '5s'],
    );
  });
});
