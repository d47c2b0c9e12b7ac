// A broker that breaks the wire protocol (bad frame size, a correlation id nobody asked for, bytes
// after the answer, a body that does not decode) cannot be trusted on that connection any more:
// the connection is closed and the request fails at once, never retried.

export type ViolationKind = 'frame-size' | 'correlation-id' | 'trailing-bytes' | 'malformed-body';

export class ProtocolViolationError extends Error {
  override readonly name = 'ProtocolViolationError';
  constructor(
    readonly kind: ViolationKind,
    readonly broker: string,
    readonly apiName: string | undefined,
    readonly detail: string,
  ) {
    super(`broker ${broker} sent a malformed ${apiName === undefined ? 'response' : `${apiName} response`}: ${detail}`);
  }
}
