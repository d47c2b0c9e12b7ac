/** Raised by the byte readers; the codec adds the message name and field path. */
export class WireError extends Error {
  override readonly name = 'WireError';
}
