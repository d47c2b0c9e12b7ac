// The one JSON/YAML rule (README "Output"): every document opens with `schemaVersion`, carries `warnings`, and
// adds `error` on failure; a command that failed outright prints only `{schemaVersion, error, warnings}`.

import type { KafkaErrorRef } from '../../kafka/error-codes.js';

/** The version of every --json document's shape; raised when a shape changes incompatibly. */
export const SCHEMA_VERSION = 1;

/** Why a command failed: the same fields as the `Error:` and `Hint:` lines of text mode. */
export interface FailureJson {
  /** The process exit code (README "Exit codes"). */
  readonly exitCode: number;
  /** The Kafka error behind the failure, when a broker answered with one. */
  readonly kafkaError: { readonly code: number; readonly name: string } | null;
  readonly message: string;
  /** What to do about it, when kmirror knows. */
  readonly hint: string | null;
}

export interface FailureLike {
  readonly exitCode: number;
  readonly message: string;
  readonly hint: string | null;
  readonly kafkaError: KafkaErrorRef | null;
}

export function failureJson(f: FailureLike): FailureJson {
  return {
    exitCode: f.exitCode,
    kafkaError: f.kafkaError === null ? null : { code: f.kafkaError.code, name: f.kafkaError.name },
    message: f.message,
    hint: f.hint,
  };
}

export interface DocumentExtras {
  /** Warnings given while the command ran, after any the result already holds (duplicates once). */
  readonly warnings?: readonly string[];
  /** The failure that ended a command after it made its result. */
  readonly error?: FailureJson;
  /** With --watch: when this refresh was taken (ISO 8601). */
  readonly timestamp?: string;
}

export function resultDocument(result: unknown, extras: DocumentExtras = {}): Record<string, unknown> {
  if (result === null || typeof result !== 'object' || Array.isArray(result))
    throw new TypeError('a command result printed as a JSON document must be an object');
  const own = result as Record<string, unknown>;
  const held = Array.isArray(own.warnings) ? (own.warnings as unknown[]).map(String) : [];
  const warnings = [...new Set([...held, ...(extras.warnings ?? [])])];
  return {
    schemaVersion: SCHEMA_VERSION,
    ...(extras.timestamp === undefined ? {} : { timestamp: extras.timestamp }),
    ...own,
    warnings,
    ...(extras.error === undefined ? {} : { error: extras.error }),
  };
}

/** The document of a command that failed before it had a result. */
export function errorDocument(
  error: FailureJson,
  extras: { readonly warnings?: readonly string[]; readonly timestamp?: string } = {},
): Record<string, unknown> {
  return {
    schemaVersion: SCHEMA_VERSION,
    ...(extras.timestamp === undefined ? {} : { timestamp: extras.timestamp }),
    error,
    warnings: [...(extras.warnings ?? [])],
  };
}

/** A result as printed: what `resultDocument` adds to it. */
export type JsonDocument<R> = R & {
  readonly schemaVersion: number;
  readonly timestamp?: string;
  readonly warnings: string[];
  readonly error?: FailureJson;
};
