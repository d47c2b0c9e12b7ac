// A mistyped command: say what was meant and stop, exit 2. oclif's not-found plugin would ask "Did you mean
// delete? (Y/n)" and run the guess with every flag typed, --yes included. Wired in package.json "oclif.hooks".

import type { Hook } from '@oclif/core';
import { closestKey, editDistance } from '../../kafka/closest-key.js';
import { errorDocument, failureJson } from '../output/json-document.js';
import { ExitCode } from '../failures/exit-codes.js';
import { formatJson } from '../output/output-format.js';
import { outputFromArgv } from '../output/output-from-argv.js';
import { operatorWordHint } from './operator-words.js';

const hook: Hook<'command_not_found'> = async function (options) {
  const shown = (id: string): string => id.replaceAll(':', ' ');
  const visible = options.config.commands.filter((c) => !c.hidden).map((c) => c.id);
  // oclif joins the arguments into the id too (`delet m1` → delet:m1).
  const words = options.id.split(':');
  let guess: string | undefined;
  let best = Infinity;
  for (const id of visible) {
    const typedName = words.slice(0, id.split(':').length).join(':');
    if (closestKey(typedName, [id], Math.max(2, Math.floor(typedName.length / 3))) === undefined) continue;
    const distance = editDistance(typedName, id);
    if (distance < best) [guess, best] = [id, distance];
  }
  const pointer = operatorWordHint(words[0] ?? '');
  if (pointer !== undefined) guess = undefined;
  const typed = guess ? words.slice(0, guess.split(':').length).join(':') : (words[0] ?? options.id);
  const bin = options.config.bin;
  const failure = {
    exitCode: ExitCode.Usage,
    message: `'${shown(typed)}' is not a ${bin} command`,
    hint: pointer ?? `${guess ? `did you mean '${bin} ${shown(guess)}'? ` : ''}'${bin} help' lists every command`,
    kafkaError: null,
  };
  const argv = options.argv ?? [];
  if (argv.includes('--json') || outputFromArgv(argv) === 'json')
    process.stdout.write(formatJson(errorDocument(failureJson(failure))));
  else process.stderr.write(`Error: ${failure.message}\nHint: ${failure.hint}\n`);
  this.exit(ExitCode.Usage);
};

export default hook;
