// Errors the protocol layer raises. They carry facts (which API, which broker, which code); the
// CLI layer decides what an operator reads and which exit code follows.

/** The cluster does not advertise an API kmirror needs; raised before anything is sent. */
export class UnsupportedByClusterError extends Error {
  override readonly name = 'UnsupportedByClusterError';
  constructor(
    readonly apiName: string,
    readonly apiKey: number,
    readonly broker: string,
    /** Set when the key is advertised but no version overlaps ours. */
    readonly brokerRange?: { min: number; max: number },
  ) {
    super(
      brokerRange
        ? `broker ${broker} supports ${apiName} (key ${apiKey}) only at versions ${brokerRange.min}-${brokerRange.max}, none of which kmirror speaks`
        : `broker ${broker} does not support ${apiName} (API key ${apiKey}): this cluster does not support cluster mirroring`,
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
