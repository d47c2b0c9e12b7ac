// Splits a TCP byte stream into Kafka frames (int32 size, then that many bytes), for the emulator and the client.

export const DEFAULT_MAX_FRAME_BYTES = 100 * 1024 * 1024;

export class FrameSizeError extends Error {
  override readonly name = 'FrameSizeError';
  constructor(
    readonly size: number,
    readonly min: number,
    readonly max: number,
  ) {
    super(
      size > max
        ? `frame size ${size} exceeds the limit of ${max} bytes`
        : `frame size ${size} is below the minimum of ${min} bytes`,
    );
  }
}

/**
 * Once a frame's size is known and a sixteenth of it has arrived, its bytes are copied into one buffer of that
 * size as they come, so a large frame is held once (not as chunks and then their concatenation).
 */
export class FrameReader {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private filling: Buffer | undefined;
  private filled = 0;

  constructor(
    private readonly maxFrameBytes = DEFAULT_MAX_FRAME_BYTES,
    private readonly minFrameBytes = 0,
  ) {}

  get pendingBytes(): number {
    return this.buffered;
  }

  push(chunk: Buffer): Buffer[] {
    const frames: Buffer[] = [];
    let data = chunk;
    if (this.filling) {
      const target = this.filling;
      const n = Math.min(data.length, target.length - this.filled);
      data.copy(target, this.filled, 0, n);
      this.filled += n;
      this.buffered += n;
      if (this.filled < target.length) return frames;
      frames.push(target.subarray(4));
      this.filling = undefined;
      this.filled = 0;
      this.buffered = 0;
      data = data.subarray(n);
    }
    if (data.length > 0) {
      this.chunks.push(data);
      this.buffered += data.length;
    }
    while (this.buffered >= 4) {
      const size = this.peekSize();
      if (size < this.minFrameBytes || size > this.maxFrameBytes)
        throw new FrameSizeError(size, this.minFrameBytes, this.maxFrameBytes);
      if (this.buffered < 4 + size) {
        if (this.buffered * 16 >= 4 + size) this.startFilling(4 + size);
        break;
      }
      frames.push(this.take(4 + size).subarray(4));
    }
    return frames;
  }

  pendingCorrelationId(): number | undefined {
    if (this.buffered < 8) return undefined;
    if (this.filling) return this.filling.readInt32BE(4);
    const first = this.chunks[0];
    const head = first && first.length >= 8 ? first : Buffer.concat(this.chunks);
    return head.readInt32BE(4);
  }

  private peekSize(): number {
    const first = this.chunks[0];
    if (first && first.length >= 4) return first.readInt32BE(0);
    // The size itself straddles chunks: join just enough of them.
    return Buffer.concat(this.chunks).readInt32BE(0);
  }

  private startFilling(total: number): void {
    const target = Buffer.allocUnsafe(total);
    let at = 0;
    for (const c of this.chunks) at += c.copy(target, at);
    this.chunks = [];
    this.filling = target;
    this.filled = at;
  }

  private take(bytes: number): Buffer {
    const joined = this.chunks.length === 1 ? (this.chunks[0] ?? Buffer.alloc(0)) : Buffer.concat(this.chunks);
    const out = joined.subarray(0, bytes);
    const rest = joined.subarray(bytes);
    this.chunks = rest.length > 0 ? [rest] : [];
    this.buffered = rest.length;
    return out;
  }
}
