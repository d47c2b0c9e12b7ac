// kafkajs's own frame reader trusts the broker: a size prefix ≤ 0 throws out of its socket handler, an unknown
// correlation id is dropped (the request waits out the timeout). Our reader on each connection checks the size,
// matches every answer to a request in flight, and checks the first answer for another protocol.

import { FOREIGN_SIGNATURE_BYTES, ForeignProtocolError, recognizeForeignAnswer } from './foreign-protocol.js';
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

const MIN_RESPONSE_FRAME = 4;

export interface FrameGuardState {
  readonly bytesReceived: number;
}

/** `onViolation` must close the connection; the requests in flight have already been failed. */
export function guardFrames(
  connection: GuardableConnection,
  broker: string,
  maxResponseBytes: number,
  onViolation: (error: ProtocolViolationError | ForeignProtocolError) => void,
): FrameGuardState {
  const reader = new FrameReader(maxResponseBytes, MIN_RESPONSE_FRAME);
  let broken = false;
  let received = 0;
  let opening: Buffer | undefined = Buffer.alloc(0);

  const fail = (error: ProtocolViolationError | ForeignProtocolError): void => {
    broken = true;
    connection.rejectRequests(error);
    onViolation(error);
  };
  const violate = (kind: ProtocolViolationError['kind'], detail: string): void =>
    fail(new ProtocolViolationError(kind, broker, undefined, detail));

  connection.processData = (data: Buffer): void => {
    if (broken) return;
    received += data.length;
    if (opening !== undefined) {
      opening = Buffer.concat([opening, data]);
      const foreign = recognizeForeignAnswer(opening);
      if (foreign) return fail(new ForeignProtocolError(broker, foreign));
      if (opening.length >= FOREIGN_SIGNATURE_BYTES) opening = undefined;
    }
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
    // Every answer of the batch is checked before any is handed over: a frame sent twice would otherwise go unseen.
    const repeated = connection.authHandlers ? undefined : repeatedCorrelationId(frames);
    if (repeated !== undefined) return violate('correlation-id', `correlation id ${repeated} was answered twice`);
    for (const [i, frame] of frames.entries()) {
      if (connection.authHandlers) {
        const sized = Buffer.alloc(4 + frame.length);
        sized.writeInt32BE(frame.length, 0);
        frame.copy(sized, 4);
        connection.authHandlers.onSuccess(sized);
        continue;
      }
      const correlationId = frame.readInt32BE(0);
      if (!inflight.has(correlationId)) return violate('correlation-id', unexpectedId(correlationId, inflight));
      const last = i === frames.length - 1;
      if (last && inflight.size === 1 && reader.pendingBytes > 0) {
        return violate('trailing-bytes', `${reader.pendingBytes} bytes follow the end of the response`);
      }
      connection.requestQueue.fulfillRequest({ size: frame.length, correlationId, payload: frame.subarray(4) });
    }
    if (inflight.size === 0 && reader.pendingBytes > 0 && !connection.authHandlers) {
      return violate('trailing-bytes', `${reader.pendingBytes} bytes arrived with no request in flight`);
    }
    // The next frame is still incomplete: its correlation id is already known to be right or wrong.
    const pendingId = connection.authHandlers ? undefined : reader.pendingCorrelationId();
    if (pendingId !== undefined && !inflight.has(pendingId))
      violate('correlation-id', unexpectedId(pendingId, inflight));
  };
  return {
    get bytesReceived() {
      return received;
    },
  };
}

function repeatedCorrelationId(frames: readonly Buffer[]): number | undefined {
  const seen = new Set<number>();
  for (const frame of frames) {
    const id = frame.readInt32BE(0);
    if (seen.has(id)) return id;
    seen.add(id);
  }
  return undefined;
}

function unexpectedId(correlationId: number, inflight: ReadonlyMap<number, unknown>): string {
  const expected = [...inflight.keys()];
  return (
    `correlation id ${correlationId} answers no request in ` +
    `flight${expected.length > 0 ? ` (expected ${expected.join(' or ')})` : ''}`
  );
}
