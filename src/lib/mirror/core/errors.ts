// mirror/core/: what every part of the domain shares. What the domain throws: exit code and JSON error
// document are decided in one place, src/lib/cli/failures/errors.ts, from `kind` and the error table.

import {
  type KafkaErrorClass,
  type KafkaErrorContext,
  type KafkaErrorRef,
  describeKafkaError,
  kafkaError,
  kafkaErrorHint,
  kafkaErrorRef,
} from '../../kafka/error-codes.js';

export type FailureKind = KafkaErrorClass | 'invalid-input' | 'partial' | 'condition-holds';

export interface MirrorErrorOptions {
  readonly hint?: string | null;
  readonly kafkaError?: KafkaErrorRef | null;
  readonly cause?: unknown;
}

export abstract class ExplainedError extends Error {
  override readonly name: string = 'ExplainedError';
  readonly hint: string | null;
  readonly kafkaError: KafkaErrorRef | null;

  constructor(message: string, options: MirrorErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.hint = options.hint ?? null;
    this.kafkaError = options.kafkaError ?? null;
  }
}

export class MirrorError extends ExplainedError {
  override readonly name: string = 'MirrorError';
  readonly kind: FailureKind;

  constructor(message: string, kind: FailureKind = 'failed', options: MirrorErrorOptions = {}) {
    super(message, options);
    this.kind = kind;
  }
}

export class InvalidInputError extends MirrorError {
  override readonly name: string = 'InvalidInputError';
  constructor(message: string, options: Omit<MirrorErrorOptions, 'kafkaError'> = {}) {
    super(message, 'invalid-input', options);
  }
}

export class NotFoundError extends MirrorError {
  override readonly name: string = 'NotFoundError';
  readonly what: 'mirror' | 'topic';
  readonly subject: string;

  constructor(what: 'mirror' | 'topic', name: string, options: MirrorErrorOptions = {}) {
    super(`${what} '${name}' not found`, 'not-found', {
      hint:
        what === 'mirror'
          ? 'kmirror list shows the mirrors this principal may describe; names are case-sensitive'
          : 'check the topic name on the cluster the command talks to (mirror topics live on the destination)',
      ...options,
    });
    this.what = what;
    this.subject = name;
  }
}

export class PartialFailureError extends MirrorError {
  override readonly name: string = 'PartialFailureError';
  readonly succeeded: number;
  readonly failed: number;

  constructor(message: string, counts: { succeeded: number; failed: number }, options: MirrorErrorOptions = {}) {
    super(message, 'partial', { hint: 'the output lists each failed item with its error', ...options });
    this.succeeded = counts.succeeded;
    this.failed = counts.failed;
  }
}

export class KafkaResponseError extends MirrorError {
  override readonly name: string = 'KafkaResponseError';
  readonly code: number;
  readonly serverMessage: string | null;
  readonly context: KafkaErrorContext;
  readonly retriable: boolean;

  constructor(code: number, serverMessage?: string | null, context: KafkaErrorContext = {}) {
    const info = kafkaError(code);
    super(describeKafkaError(code, serverMessage, context), info.exit, {
      hint: kafkaErrorHint(code, context),
      kafkaError: kafkaErrorRef(code),
    });
    this.code = code;
    this.serverMessage = serverMessage ?? null;
    this.context = context;
    this.retriable = info.retriable;
  }
}

/** The broker refused a whole Start/Stop/Pause/Resume request because one listed topic was off (PROTOCOL.md §3). */
export class WholeRequestRefusedError extends MirrorError {
  override readonly name: string = 'WholeRequestRefusedError';
}

/** The cause keeps its meaning (exit code, Kafka code); the message says which step. */
export class StepFailedError extends MirrorError {
  override readonly name: string = 'StepFailedError';
  constructor(doing: string, hint: string, cause: unknown) {
    super(doing, 'failed', { hint, cause });
  }
}

export class SourceClusterError extends StepFailedError {
  override readonly name: string = 'SourceClusterError';
}
