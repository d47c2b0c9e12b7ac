// Splits a TCP byte stream into Kafka frames (int32 size, then that many bytes). TCP delivers
// frames cut at arbitrary points and several at once, so bytes are buffered until a whole frame
// is present; the buffered chunks are joined only when a frame is complete. Used on both sides:
// the emulator reads requests with it, the client reads responses with it.

/** Kafka's `socket.request.max.bytes` default; a larger announced size closes the connection. */
export const DEFAULT_MAX_FRAME_BYTES = 100 * 1024 * 1024;

/** An announced frame size outside [min, max]: the stream cannot be trusted past this point. */
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

  /** `minFrameBytes`: a response must at least hold its correlation id (4); a request frame may be anything ≥ 0. */
  constructor(
    private readonly maxFrameBytes = DEFAULT_MAX_FRAME_BYTES,
    private readonly minFrameBytes = 0,
  ) {}

  /** Bytes received but not yet part of a returned frame. */
  get pendingBytes(): number {
    return this.buffered;
  }

  /** Adds received bytes and returns every frame (without its size prefix) now complete. */
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

  /**
   * The correlation id of the next, still incomplete frame of a response stream (the int32 after
   * its size), once those 8 bytes are here; undefined before.
   */
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
