// Errors the protocol layer raises. They carry facts (which API, which broker, which code); the
// CLI layer decides what an operator reads and which exit code follows.

import { isMirrorApi } from './mirror-api-keys.js';

export class UnsupportedByClusterError extends Error {
  override readonly name = 'UnsupportedByClusterError';
  constructor(
    readonly apiName: string,
    readonly apiKey: number,
    readonly broker: string,
    readonly brokerRange?: { min: number; max: number },
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

export class KafkaProtocolError extends Error {
  override readonly name = 'KafkaProtocolError';
  constructor(
    readonly code: number,
    readonly apiName: string,
    readonly serverMessage: string | null,
    readonly broker?: string,
    readonly subject?: string,
  ) {
    super(
      serverMessage ? `${apiName} failed with error ${code}: ${serverMessage}` : `${apiName} failed with error ${code}`,
    );
  }
}

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

export class NotInDialectError extends Error {
  override readonly name = 'NotInDialectError';
  constructor(
    readonly apiName: string,
    readonly dialect: string,
    readonly reason: string,
  ) {
    super(`${apiName} is not part of ${dialect}: ${reason}`);
  }
}

export class DialectSettingMissingError extends Error {
  override readonly name = 'DialectSettingMissingError';
  constructor(
    readonly dialect: string,
    readonly missing: ReadonlyMap<string, readonly string[]>,
    readonly examples: ReadonlyMap<string, string>,
  ) {
    super(
      `${dialect} needs ${[...missing].map(([setting, names]) => `${setting} for ${names.join(', ')}`).join(' and ')}`,
    );
  }
}

/**
 * A state change reached the connection and no answer came back: the broker may have applied it, so it was not
 * resent; the caller reads the state back.
 */
export class AnswerLostError extends Error {
  override readonly name = 'AnswerLostError';
  constructor(
    readonly apiName: string,
    readonly broker: string,
    readonly lost: Error,
  ) {
    super(
      `no answer from ${broker} to ${apiName} (${lost.message}); it may have been applied, so it was not sent again`,
    );
  }
}
