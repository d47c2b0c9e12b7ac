// A write error on stdout other than EPIPE ends the command with one line on stderr and exit 1, not a stack
// trace or exit 0; EPIPE (a reader that went away, `| head`) is an ordinary end.
'use strict';

function why(error) {
  const code = error && typeof error.code === 'string' ? error.code : undefined;
  const text = error && typeof error.message === 'string' ? error.message.replace(/^[A-Z]+: /, '') : String(error);
  return code === undefined ? text : `${text.replace(/, write$/, '')} (${code})`;
}

function guardStdout(stdout = process.stdout, stderr = process.stderr) {
  let reported = false;
  const report = (error) => {
    if (reported || (error && error.code === 'EPIPE')) return false;
    reported = true;
    try {
      stderr.write(`kmirror: cannot write the output to stdout: ${why(error)}\n`);
    } catch {
      // stderr is gone too: the exit code is all that is left to say it.
    }
    return true;
  };
  stdout.on('error', (error) => {
    if (report(error)) process.exit(1);
  });
  // A failed write's 'error' event comes on a later tick: a run that exits first would otherwise end 0.
  process.on('exit', () => {
    if (stdout.errored && report(stdout.errored)) process.exitCode = 1;
  });
}

module.exports = { guardStdout };
