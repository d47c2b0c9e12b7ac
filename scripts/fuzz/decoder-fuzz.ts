// In-process: mutated response bytes of every mirror RPC and version through the client's decoder; each must
// decode or fail with a DecodeError.

import { DecodeError } from '../../src/lib/kafka/codec.js';
import { parseVersions } from '../../src/lib/kafka/definition.js';
import type { ApiDefinition } from '../../src/lib/kafka/definition.js';
import { decodeResponseAfterCorrelationId, encodeResponseFrame } from '../../src/lib/kafka/frames.js';
import { BODY_MUTATIONS, mutateBody } from './mutations.js';
import type { Random } from './random.js';
import { sampleBody } from './sample-bodies.js';

export interface DecoderFigures {
  readonly api: string;
  readonly frames: number;
  readonly decoded: number;
  readonly rejected: number;
  readonly crashes: number;
  readonly slowestMs: number;
  readonly firstCrash: string | null;
}

export const DECODE_HANG_MS = 1000;

export function fuzzDecoder(api: ApiDefinition, frames: number, rnd: Random): DecoderFigures {
  const { min, max } = parseVersions(api.response.validVersions);
  const samples: { version: number; rest: Buffer }[] = [];
  for (let v = min; v <= max; v++) {
    const frame = encodeResponseFrame(api, v, 0, sampleBody(api.response, v));
    const rest = frame.subarray(8);
    decodeResponseAfterCorrelationId(api, v, rest); // the unmutated sample must decode
    samples.push({ version: v, rest });
  }
  // Capturing a stack for each of the million DecodeErrors is most of the cost; the figures need none.
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  let decoded = 0;
  let rejected = 0;
  let crashes = 0;
  let slowestMs = 0;
  let firstCrash: string | null = null;
  for (let i = 0; i < frames; i++) {
    const sample = rnd.pick(samples);
    const bytes = mutateBody(sample.rest, rnd.pick(BODY_MUTATIONS), rnd);
    const started = performance.now();
    try {
      decodeResponseAfterCorrelationId(api, sample.version, bytes);
      decoded++;
    } catch (err) {
      if (err instanceof DecodeError) rejected++;
      else {
        crashes++;
        firstCrash ??=
          `${api.name} v${sample.version} ${bytes.toString('hex')}: ` +
          `${err instanceof Error ? (err.stack ?? err.message) : String(err)}`;
      }
    }
    const ms = performance.now() - started;
    if (ms > slowestMs) slowestMs = ms;
  }
  Error.stackTraceLimit = stackTraceLimit;
  return { api: api.name, frames, decoded, rejected, crashes, slowestMs, firstCrash };
}
