// Everything a command prints goes through one OutputStream per process stream: an iterable is pulled only as
// fast as the reader takes it, and flushed() resolves once every byte has left the process (no drain timeout).

export type Printable = string | Iterable<string>;

export interface WritableTarget {
  write(chunk: string, callback: (error?: Error | null) => void): boolean;
  once(event: 'drain' | 'close' | 'error', listener: (...args: unknown[]) => void): unknown;
  removeListener(event: 'drain' | 'close' | 'error', listener: (...args: unknown[]) => void): unknown;
  on?(event: 'error', listener: (error: Error & { code?: string }) => void): unknown;
  readonly destroyed?: boolean;
  readonly writableEnded?: boolean;
}

const CHUNK_BYTES = 64 * 1024;

// A closed pipe (`| head`) makes the stream emit EPIPE; without a listener that would crash the process.
const guarded = new WeakSet<object>();
function swallowEpipe(stream: WritableTarget): void {
  if (guarded.has(stream) || !stream.on) return;
  guarded.add(stream);
  stream.on('error', (error) => {
    if (error.code !== 'EPIPE') throw error;
  });
}

export class OutputStream {
  private queue: Promise<void> = Promise.resolve();
  private pumping = 0;
  private lastWrite: Promise<void> = Promise.resolve();
  private gone = false;
  private failure: unknown;

  constructor(private readonly stream: WritableTarget) {
    swallowEpipe(stream);
  }

  get closed(): boolean {
    return this.gone || this.stream.destroyed === true || this.stream.writableEnded === true;
  }

  write(text: Printable): void {
    if (typeof text === 'string' && this.pumping === 0) {
      this.send(text);
      return;
    }
    this.pumping++;
    this.queue = this.queue
      .then(() => this.pump(typeof text === 'string' ? [text] : text))
      .catch((error: unknown) => {
        // A renderer failed while its text was being made: reported by flushed(), once.
        this.failure ??= error;
      })
      .finally(() => this.pumping--);
  }

  async flushed(): Promise<void> {
    for (;;) {
      const queue = this.queue;
      await queue;
      await this.lastWrite;
      if (queue !== this.queue) continue;
      const failure = this.failure;
      this.failure = undefined;
      if (failure !== undefined) throw failure;
      return;
    }
  }

  private send(chunk: string): boolean {
    if (this.closed || chunk === '') return !this.closed;
    let ok = true;
    this.lastWrite = new Promise<void>((resolve) => {
      ok = this.stream.write(chunk, (error) => {
        if (error) this.gone = true;
        resolve();
      });
    });
    return ok;
  }

  private async pump(pieces: Iterable<string>): Promise<void> {
    const iterator = pieces[Symbol.iterator]();
    let buffer = '';
    try {
      for (let step = iterator.next(); !step.done; step = iterator.next()) {
        buffer += step.value;
        if (buffer.length < CHUNK_BYTES) continue;
        const ok = this.send(buffer);
        buffer = '';
        if (!ok && !(await this.drain())) return;
      }
    } finally {
      // The last piece, or what was made before a failure (the reader sees where it broke).
      this.send(buffer);
      // Stops a generator early (reader gone) so it can release what it holds.
      iterator.return?.();
    }
  }

  private drain(): Promise<boolean> {
    if (this.closed) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      const finish = (drained: boolean) => () => {
        this.stream.removeListener('drain', onDrain);
        this.stream.removeListener('close', onClose);
        this.stream.removeListener('error', onClose);
        if (!drained) this.gone = true;
        resolve(drained);
      };
      const onDrain = finish(true);
      const onClose = finish(false);
      this.stream.once('drain', onDrain);
      this.stream.once('close', onClose);
      this.stream.once('error', onClose);
    });
  }
}

export function* linesAsText(lines: Iterable<string>): Generator<string> {
  let first = true;
  // The last piece with text: only its end matters, and is looked at once (looking flattens a string).
  let lastText: string | undefined;
  for (const line of lines) {
    const piece = first ? line : `\n${line}`;
    first = false;
    if (piece !== '') lastText = piece;
    yield piece;
  }
  if (lastText !== undefined && !lastText.endsWith('\n')) yield '\n';
}
