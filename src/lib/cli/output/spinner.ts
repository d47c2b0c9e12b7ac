// A one-line progress indicator for --wait. It writes only to a terminal (stderr): on a pipe or in
// CI it does nothing, so logs and captured output stay clean.

const FRAMES = ['|', '/', '-', '\\'];
const INTERVAL_MS = 120;

export interface SpinnerStream {
  write(text: string): unknown;
  readonly isTTY?: boolean;
}

export class Spinner {
  private timer: NodeJS.Timeout | undefined;
  private frame = 0;
  private text = '';

  constructor(
    private readonly stream: SpinnerStream,
    private readonly enabled: boolean,
  ) {}

  update(text: string): void {
    if (!this.enabled) return;
    this.text = text;
    if (!this.timer) {
      this.timer = setInterval(() => this.draw(), INTERVAL_MS);
      this.timer.unref();
    }
    this.draw();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    if (this.timer && this.enabled) this.stream.write('\r\u001b[2K');
    this.timer = undefined;
  }

  private draw(): void {
    this.frame = (this.frame + 1) % FRAMES.length;
    this.stream.write(`\r\u001b[2K${FRAMES[this.frame] ?? ''} ${this.text}`);
  }
}
