// Ways to damage a response frame, as a broker or a network might: for the decoder fuzz and the real binary's.

import type { ApiDefinition } from '../../src/lib/kafka/definition.js';
import { withLongStrings } from './long-strings.js';
import type { Random } from './random.js';

export type MutationName =
  | 'flip'
  | 'truncate'
  | 'huge-length'
  | 'size-0'
  | 'size-minus-1'
  | 'size-huge'
  | 'trailing-bytes'
  | 'wrong-correlation-id'
  | 'insert'
  | 'close'
  | 'long-strings';

export const MUTATIONS: readonly MutationName[] = [
  'flip',
  'truncate',
  'huge-length',
  'size-0',
  'size-minus-1',
  'size-huge',
  'trailing-bytes',
  'wrong-correlation-id',
  'insert',
  'close',
  'long-strings',
];

export const BODY_MUTATIONS: readonly MutationName[] = ['flip', 'truncate', 'huge-length', 'insert', 'trailing-bytes'];

const HUGE = [0x7fffffff, 0xffffffff, 0x80000000, 0x7ffffff0];

function withSize(body: Buffer): Buffer {
  const out = Buffer.alloc(4 + body.length);
  out.writeInt32BE(body.length, 0);
  body.copy(out, 4);
  return out;
}

export function mutateBody(body: Buffer, name: MutationName, rnd: Random, protect = 0): Buffer {
  const from = Math.min(protect, body.length);
  const at = from + rnd.int(Math.max(1, body.length - from));
  switch (name) {
    case 'flip': {
      const copy = Buffer.from(body);
      const flips = 1 + rnd.int(4);
      for (let i = 0; i < flips && copy.length > from; i++) {
        const j = from + rnd.int(copy.length - from);
        copy[j] = (copy[j] ?? 0) ^ (1 << rnd.int(8));
      }
      return copy;
    }
    case 'truncate':
      return body.subarray(0, at);
    case 'huge-length': {
      const copy = Buffer.from(body);
      const kind = rnd.int(3);
      if (kind === 0 && at + 4 <= copy.length) copy.writeUInt32BE(rnd.pick(HUGE), at);
      else if (kind === 1 && at + 2 <= copy.length) copy.writeUInt16BE(0x7fff, at);
      else if (at + 5 <= copy.length) copy.set([0xff, 0xff, 0xff, 0xff, 0x0f], at);
      return copy;
    }
    case 'insert': {
      const extra = Buffer.alloc(1 + rnd.int(8));
      for (let i = 0; i < extra.length; i++) extra[i] = rnd.int(256);
      return Buffer.concat([body.subarray(0, at), extra, body.subarray(at)]);
    }
    case 'trailing-bytes':
      return Buffer.concat([body, Buffer.alloc(1 + rnd.int(6), 0x01)]);
    default:
      return body;
  }
}

export function mutateFrame(
  frame: Buffer,
  name: MutationName,
  rnd: Random,
  response?: { api: ApiDefinition; version: number },
): Buffer | 'close' {
  const body = frame.subarray(4);
  switch (name) {
    case 'long-strings':
      return response ? withLongStrings(frame, response, rnd) : frame;
    case 'size-0':
      return Buffer.concat([Buffer.from([0, 0, 0, 0]), body]);
    case 'size-minus-1':
      return Buffer.concat([Buffer.from([0xff, 0xff, 0xff, 0xff]), body]);
    case 'size-huge': {
      const size = Buffer.alloc(4);
      size.writeUInt32BE(rnd.pick([0x7fffffff, 0x10000000, 0x06400001]), 0);
      return Buffer.concat([size, body]);
    }
    case 'trailing-bytes':
      return Buffer.concat([frame, Buffer.alloc(1 + rnd.int(6), 0x01)]);
    case 'wrong-correlation-id': {
      const copy = Buffer.from(frame);
      if (copy.length >= 8) copy.writeInt32BE(copy.readInt32BE(4) ^ (1 + rnd.int(0xffff)), 4);
      return copy;
    }
    case 'close':
      return 'close';
    case 'truncate':
      return frame.subarray(0, 4 + rnd.int(Math.max(1, body.length)));
    default:
      return withSize(mutateBody(body, name, rnd, 4));
  }
}
