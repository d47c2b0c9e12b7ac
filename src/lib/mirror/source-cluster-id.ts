// Which cluster a mirror's settings reach, checked before they are stored. The prototype broker
// compares the source's cluster id with the stored mirror.source.cluster.id at every sync and, when
// they differ, moves every partition of the mirror to non-retryable FAILED: only a restart of the
// destination brokers clears that, even after the id is put right. So `create` and `config set`
// ask the source itself first, and refuse (exit 2) an id it does not report unless --force.

import type { ConnectionConfig } from '../connection/connection-config.js';
import type { KafkaClient } from '../kafka/client.js';
import { InvalidInputError } from './errors.js';
import { type CreateMirrorPlan, lookupSourceClusterId } from './create.js';

/** What a wrong id does, for messages and warnings. */
export const WRONG_ID_EFFECT =
  'at its next sync the broker moves every partition of the mirror to non-retryable FAILED ' +
  '("Source cluster ID changed"), which only a restart of the destination brokers clears';

export interface SourceIdCheck {
  /** The id the mirror would store; null: store what the source reports. */
  readonly expected: string | null;
  /** What the source reports (DescribeCluster). */
  readonly reported: string;
  /** The destination's own id; null when unknown (create --dry-run does not ask the destination). */
  readonly destination: string | null;
  /** `the source cluster at host:port`: where `reported` came from. */
  readonly sourceLabel: string;
  /** Where `expected` was given: `--source-cluster-id`, `mirror.source.cluster.id`. */
  readonly origin: string;
  /** How to put it right, for the hint (which adds --force). */
  readonly forceHint: string;
  readonly force: boolean;
  /** What --force does instead of refusing: `storing ID anyway`, `applying the change anyway`. */
  readonly forced: string;
}

/**
 * Pure: the id to store, a warning for a mismatch let through by --force, or an InvalidInputError
 * naming both ids. A source that is the destination itself is refused whatever the flags.
 */
export function checkSourceClusterId(check: SourceIdCheck, warn: (message: string) => void): string {
  if (check.destination !== null && check.reported === check.destination) {
    throw new InvalidInputError(
      `${check.sourceLabel} is the destination cluster itself (cluster id ${check.reported}): a mirror copies from another cluster`,
      { hint: 'give the brokers of the SOURCE cluster (bootstrap.servers / --source-bootstrap), not those of -b' },
    );
  }
  if (check.expected === null || check.expected === check.reported) return check.reported;
  const mismatch = `${check.origin} is ${check.expected}, but ${check.sourceLabel} reports cluster id ${check.reported}`;
  if (check.force) {
    warn(`${mismatch}; ${check.forced} (--force): ${WRONG_ID_EFFECT}`);
    return check.expected;
  }
  throw new InvalidInputError(`${mismatch}; ${WRONG_ID_EFFECT}`, {
    hint: `${check.forceHint}; or pass --force (${check.forced})`,
  });
}

export interface CreateSourceIdOptions {
  /** The destination's cluster id; null when not asked (--dry-run). */
  readonly destination: string | null;
  readonly force: boolean;
}

/**
 * `create`: the id to store, read from the source and compared with the one given. With --force a
 * given id is stored even when the source cannot be reached from here to check it.
 */
export async function resolveCreateSourceClusterId(
  plan: Pick<CreateMirrorPlan, 'sourceClusterId' | 'sourceConnection' | 'sourceConnectionProblem'>,
  options: CreateSourceIdOptions,
  openSource: (settings: ConnectionConfig) => Promise<KafkaClient>,
  warn: (message: string) => void,
): Promise<string> {
  const given = plan.sourceClusterId;
  const unchecked = (why: string): string | null => {
    if (given === null || !options.force) return null;
    warn(`--source-cluster-id ${given} was not checked against the source cluster (${why}; --force)`);
    return given;
  };
  const connection = plan.sourceConnection;
  if (connection === null) {
    const skipped = unchecked(plan.sourceConnectionProblem?.message ?? 'no way to reach it from here');
    if (skipped !== null) return skipped;
    throw plan.sourceConnectionProblem ?? new Error('no source connection and no problem recorded');
  }
  let reported: string;
  try {
    reported = await lookupSourceClusterId(connection, openSource);
  } catch (err) {
    const skipped = unchecked(`it could not be reached from here: ${reasonOf(err)}`);
    if (skipped !== null) return skipped;
    throw err;
  }
  return checkSourceClusterId(
    {
      expected: given,
      reported,
      destination: options.destination,
      sourceLabel: `the source cluster at ${connection.bootstrap.join(',')}`,
      origin: '--source-cluster-id',
      forceHint: `leave out --source-cluster-id to store the id the source reports (${reported}), or fix --source-bootstrap if it names the wrong cluster`,
      force: options.force,
      forced: `storing ${given ?? reported} anyway`,
    },
    warn,
  );
}

/** An error's message with those of its causes: what a warning can say about a failure it lets through. */
export function reasonOf(err: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = err; e instanceof Error && parts.length < 3; e = e.cause) parts.push(e.message);
  return parts.length > 0 ? parts.join(': ') : String(err);
}
