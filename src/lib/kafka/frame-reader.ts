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

export class FrameReader {
  private chunks: Buffer[] = [];
  private buffered = 0;

  constructor(
    private readonly maxFrameBytes = DEFAULT_MAX_FRAME_BYTES,
    private readonly minFrameBytes = 0,
  ) {}

  get pendingBytes(): number {
    return this.buffered;
  }

  push(chunk: Buffer): Buffer[] {
    if (chunk.length > 0) {
      this.chunks.push(chunk);
      this.buffered += chunk.length;
    }
    const frames: Buffer[] = [];
    while (this.buffered >= 4) {
      const size = this.peekSize();
      if (size < this.minFrameBytes || size > this.maxFrameBytes)
        throw new FrameSizeError(size, this.minFrameBytes, this.maxFrameBytes);
      if (this.buffered < 4 + size) break;
      const all = this.take(4 + size);
      frames.push(all.subarray(4));
    }
    return frames;
  }

  pendingCorrelationId(): number | undefined {
    if (this.buffered < 8) return undefined;
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

  private take(bytes: number): Buffer {
    const joined = this.chunks.length === 1 ? (this.chunks[0] ?? Buffer.alloc(0)) : Buffer.concat(this.chunks);
    const out = joined.subarray(0, bytes);
    const rest = joined.subarray(bytes);
    this.chunks = rest.length > 0 ? [rest] : [];
    this.buffered = rest.length;
    return out;
  }
}
