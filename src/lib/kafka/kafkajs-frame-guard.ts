// kafkajs's own frame reader trusts the broker: a size prefix of 0 or below throws out of its socket
// handler (a crash with a stack trace), and an answer with an unknown correlation id is dropped, so
// the request waits out the whole timeout. We replace that one method on each connection with our
// frame reader, which checks the size, matches every answer to a request in flight, and refuses
// bytes that follow the last answer. A violation fails the requests in flight at once and closes
// the connection.

import { FrameReader, FrameSizeError } from './frame-reader.js';
import { ProtocolViolationError } from './protocol-violation.js';

/** The parts of kafkajs's Connection (2.2.4) the guard reads and replaces. */
export interface GuardableConnection {
  processData(data: Buffer): void;
  authHandlers: { onSuccess(data: Buffer): void } | null;
  authExpectResponse: boolean;
  requestQueue: {
    inflight: Map<number, unknown>;
    fulfillRequest(response: { size: number; correlationId: number; payload: Buffer }): void;
  };
  rejectRequests(error: Error): void;
}

/** A response holds at least its correlation id. */
const MIN_RESPONSE_FRAME = 4;

/**
 * Installs the guard. `onViolation` must close the connection; the requests in flight have been
 * failed with a {@link ProtocolViolationError} (without the API name: the sender adds it).
 */
export function guardFrames(
  connection: GuardableConnection,
  broker: string,
  maxResponseBytes: number,
  onViolation: (error: ProtocolViolationError) => void,
): void {
  const reader = new FrameReader(maxResponseBytes, MIN_RESPONSE_FRAME);
  let broken = false;

  const violate = (kind: ProtocolViolationError['kind'], detail: string): void => {
    broken = true;
    const error = new ProtocolViolationError(kind, broker, undefined, detail);
    connection.rejectRequests(error);
    onViolation(error);
  };

  connection.processData = (data: Buffer): void => {
    if (broken) return;
    // SASL v0 (no SaslAuthenticate): tokens travel raw, kafkajs's authenticator reads them itself.
    if (connection.authHandlers && !connection.authExpectResponse) return connection.authHandlers.onSuccess(data);
    let frames: Buffer[];
    try {
      frames = reader.push(data);
    } catch (err) {
      if (err instanceof FrameSizeError) return violate('frame-size', err.message);
      throw err;
    }
    const inflight = connection.requestQueue.inflight;
    for (const [i, frame] of frames.entries()) {
      if (connection.authHandlers) {
        const sized = Buffer.alloc(4 + frame.length);
        sized.writeInt32BE(frame.length, 0);
        frame.copy(sized, 4);
        connection.authHandlers.onSuccess(sized);
        continue;
      }
      const correlationId = frame.readInt32BE(0);
      if (!inflight.has(correlationId)) {
        const expected = [...inflight.keys()];
        return violate(
          'correlation-id',
          `correlation id ${correlationId} answers no request in flight${expected.length > 0 ? ` (expected ${expected.join(' or ')})` : ''}`,
        );
      }
      const last = i === frames.length - 1;
      if (last && inflight.size === 1 && reader.pendingBytes > 0) {
        return violate('trailing-bytes', `${reader.pendingBytes} bytes follow the end of the response`);
      }
      connection.requestQueue.fulfillRequest({ size: frame.length, correlationId, payload: frame.subarray(4) });
    }
    if (inflight.size === 0 && reader.pendingBytes > 0 && !connection.authHandlers) {
      violate('trailing-bytes', `${reader.pendingBytes} bytes arrived with no request in flight`);
    }
  };
}
