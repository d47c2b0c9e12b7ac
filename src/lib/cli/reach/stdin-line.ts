// --sasl-password-stdin: the first line of a piped stdin, bounded so a file piped by mistake is not read whole.

import { UsageError } from '../failures/errors.js';

const MAX_PASSWORD_LINE = 64 * 1024;

export async function readFirstLine(
  stream: NodeJS.ReadStream | (NodeJS.ReadableStream & { isTTY?: boolean }),
): Promise<string> {
  if ((stream as { isTTY?: boolean }).isTTY) {
    throw new UsageError('--sasl-password-stdin reads the password from a pipe, but stdin is a terminal', {
      hint: 'pipe it in: printf %s "$PASSWORD" | kmirror … --sasl-password-stdin (or set KMIRROR_SASL_PASSWORD)',
    });
  }
  return new Promise<string>((resolve, reject) => {
    let data = '';
    const finish = (line: string | Error): void => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      stream.pause();
      if (line instanceof Error) reject(line);
      else resolve(line.replace(/\r$/, ''));
    };
    const onData = (chunk: string | Buffer): void => {
      data += chunk.toString();
      const newline = data.indexOf('\n');
      if (newline !== -1) finish(data.slice(0, newline));
      else if (data.length > MAX_PASSWORD_LINE)
        finish(new UsageError('--sasl-password-stdin: the first line of stdin is too long to be a password'));
    };
    const onEnd = (): void => finish(data);
    const onError = (err: Error): void => finish(err);
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
    stream.resume();
  });
}
