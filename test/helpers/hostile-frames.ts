// Response frames broken on purpose, one per way a broker can break framing, with the violation
// kmirror must report for each, and well-formed answers whose text would drive a terminal. Used by the
// client tests and the command tests.

import type { FrameMutation } from '../../src/lib/emulator/index.js';
import type { ProtocolViolationError } from '../../src/lib/kafka/protocol-violation.js';
import { decodeResponseFrame, encodeResponseFrame } from '../../src/lib/kafka/frames.js';

const sized = (body: Buffer): Buffer => {
  const out = Buffer.alloc(4 + body.length);
  out.writeInt32BE(body.length, 0);
  body.copy(out, 4);
  return out;
};

export const HOSTILE_FRAMES: Readonly<Record<string, { mutate: FrameMutation; kind: ProtocolViolationError['kind'] }>> =
  {
    'size 0': { mutate: () => Buffer.from([0, 0, 0, 0]), kind: 'frame-size' },
    'size -1': { mutate: () => Buffer.from([0xff, 0xff, 0xff, 0xff]), kind: 'frame-size' },
    'size 0x7fffffff': {
      mutate: (f) => Buffer.concat([Buffer.from([0x7f, 0xff, 0xff, 0xff]), f.subarray(4)]),
      kind: 'frame-size',
    },
    'size 2 (no room for a correlation id)': { mutate: () => Buffer.from([0, 0, 0, 2, 0, 0]), kind: 'frame-size' },
    'wrong correlation id': {
      mutate: (f) => {
        const copy = Buffer.from(f);
        copy.writeInt32BE(copy.readInt32BE(4) + 1000, 4);
        return copy;
      },
      kind: 'correlation-id',
    },
    // The same answer twice in one write: the second was dropped unseen, the command went on.
    'duplicated frame': { mutate: (f) => Buffer.concat([f, f]), kind: 'correlation-id' },
    'bytes after the frame': { mutate: (f) => Buffer.concat([f, Buffer.from([0, 0, 1])]), kind: 'trailing-bytes' },
    'bytes left over inside the frame': {
      mutate: (f) => sized(Buffer.concat([f.subarray(4), Buffer.from([7, 7])])),
      kind: 'malformed-body',
    },
    'body cut short inside the frame': {
      mutate: (f) => sized(f.subarray(4, Math.max(8, f.length - 3))),
      kind: 'malformed-body',
    },
  };

/** A broker's text that would drive a terminal if printed raw (clear screen, window title, fake line, bidi). */
export const HOSTILE_TEXT = '\x1b[2J\x1b]0;pwned\x07\x1b[8m«\n»\r\u009b31m\u202e';

/**
 * Answers as usual, with `suffix` appended to every string of the body except the fields in `keep`
 * (MirrorName, so that lookups by name still work; Host, so that connections still do).
 */
export function withHostileStrings(
  suffix: string = HOSTILE_TEXT,
  keep: ReadonlySet<string> = new Set(['MirrorName', 'Host']),
): FrameMutation {
  const walk = (value: unknown, key: string): unknown => {
    // A topic id is decoded as a string too (base64url of a uuid); it must stay one to encode.
    if (typeof value === 'string') return keep.has(key) || key === 'TopicId' ? value : `${value}${suffix}`;
    if (Array.isArray(value)) return value.map((item) => walk(item, key));
    if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return value;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k)]));
  };
  return (frame, { api, version }) => {
    const { correlationId, body } = decodeResponseFrame(api, version, frame.subarray(4));
    return encodeResponseFrame(api, version, correlationId, walk(body, ''));
  };
}
