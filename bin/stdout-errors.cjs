// A write error on stdout other than EPIPE (a full disk: ENOSPC, EIO, a descriptor not open for
// writing: EBADF) ends the command with one line on stderr and exit 1, instead of an uncaught 'error'
// event with a stack trace, or exit 0 when the process ended before the event came. EPIPE stays quiet:
// a reader that went away (`| head`) is an ordinary end. Installed first, before anything is written.
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
  // A failed write marks the stream at once, but its 'error' event comes on a later tick: a run that
  // exits first (help, --version) would otherwise end 0 with its output lost.
  process.on('exit', () => {
    if (stdout.errored && report(stdout.errored)) process.exitCode = 1;
  });
}

module.exports = { guardStdout };
