// Errors the protocol layer raises. They carry facts (which API, which broker, which code); the
// CLI layer decides what an operator reads and which exit code follows.

import { isMirrorApi } from './mirror-api-keys.js';

/** The cluster does not advertise an API kmirror needs; raised before anything is sent. */
export class UnsupportedByClusterError extends Error {
  override readonly name = 'UnsupportedByClusterError';
  constructor(
    readonly apiName: string,
    readonly apiKey: number,
    readonly broker: string,
    /** Set when the key is advertised but no version overlaps ours. */
    readonly brokerRange?: { min: number; max: number },
    /** The versions kmirror speaks of it, when they are narrower than its definition's (a dialect asked). */
    readonly ours?: { min: number; max: number },
  ) {
    super(
      brokerRange
        ? `broker ${broker} supports ${apiName} (key ${apiKey}) only at versions ` +
            `${brokerRange.min}-${brokerRange.max}, none of which kmirror ` +
            `speaks${ours ? ` here (${ours.min === ours.max ? ours.min : `${ours.min}-${ours.max}`})` : ''}`
        : `broker ${broker} does not support ${apiName} (API key ` +
            `${apiKey})${isMirrorApi(apiName) ? ': this cluster does not support cluster mirroring' : ''}`,
    );
  }
}

/** The mirror APIs exist but the `mirror.version` feature is not finalized at 1 or more. */
export class MirroringDisabledError extends Error {
  override readonly name = 'MirroringDisabledError';
  constructor(
    readonly broker: string,
    readonly finalizedLevel: number,
  ) {
    super(
      `cluster mirroring is disabled on this cluster (feature mirror.version is at level ${finalizedLevel}, needs 1)`,
    );
  }
}

/** A non-zero error code in a response, with where it came from. */
export class KafkaProtocolError extends Error {
  override readonly name = 'KafkaProtocolError';
  constructor(
    readonly code: number,
    readonly apiName: string,
    /** The broker's own message when it sent one. */
    readonly serverMessage: string | null,
    readonly broker?: string,
    /** What the code refers to: a mirror, topic or resource name. */
    readonly subject?: string,
  ) {
    super(
      serverMessage ? `${apiName} failed with error ${code}: ${serverMessage}` : `${apiName} failed with error ${code}`,
    );
  }
}

/** The command's whole time budget (`--timeout`) ran out. */
export class DeadlineExceededError extends Error {
  override readonly name = 'DeadlineExceededError';
  constructor(
    readonly budgetMs: number,
    readonly doing: string,
    readonly lastError?: Error,
  ) {
    super(
      `timed out after ${formatMs(budgetMs)} while ${doing}${lastError ? ` (last error: ${lastError.message})` : ''}`,
    );
  }
}

/** Some brokers of a fan-out failed; the successful answers are kept by the caller. */
export class BrokerFailure {
  constructor(
    readonly broker: string,
    readonly nodeId: number | undefined,
    readonly error: Error,
  ) {}
}

function formatMs(ms: number): string {
  if (ms % 60_000 === 0 && ms >= 60_000) return `${ms / 60_000}m`;
  if (ms % 1000 === 0) return `${ms / 1000}s`;
  return `${ms}ms`;
}

/** The chosen dialect (--protocol) has no such RPC or field; raised before anything is sent. */
export class NotInDialectError extends Error {
  override readonly name = 'NotInDialectError';
  constructor(
    /** The RPC (or RPC part) the domain asked for, in the prototype's words. */
    readonly apiName: string,
    /** The dialect's words: `the prototype`, `the KIP draft (revision 57)`. */
    readonly dialect: string,
    readonly reason: string,
  ) {
    super(`${apiName} is not part of ${dialect}: ${reason}`);
  }
}

/** Settings a dialect needs and was not given (--api-keys, --api-versions), by setting; raised before sending. */
export class DialectSettingMissingError extends Error {
  override readonly name = 'DialectSettingMissingError';
  constructor(
    readonly dialect: string,
    /** Setting (`--api-keys`, `--api-versions`) → the names still missing. */
    readonly missing: ReadonlyMap<string, readonly string[]>,
    /** A complete value for each setting, for the hint. */
    readonly examples: ReadonlyMap<string, string>,
  ) {
    super(
      `${dialect} needs ${[...missing].map(([setting, names]) => `${setting} for ${names.join(', ')}`).join(' and ')}`,
    );
  }
}

/**
 * A request that changes state (its definition says `idempotent: false`) reached the connection, and no answer
 * came back (the connection dropped, or the wait timed out). The broker may have applied it, so the client did
 * not send it again: the caller reads the state back to learn what happened.
 */
export class AnswerLostError extends Error {
  override readonly name = 'AnswerLostError';
  constructor(
    readonly apiName: string,
    readonly broker: string,
    /** What became of the answer (connection closed, timed out). */
    readonly lost: Error,
  ) {
    super(
      `no answer from ${broker} to ${apiName} (${lost.message}); it may have been applied, so it was not sent again`,
    );
  }
}
