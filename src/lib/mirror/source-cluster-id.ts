// Which cluster a mirror's settings reach, checked before they are stored. The prototype broker
// compares the source's cluster id with the stored mirror.source.cluster.id at every sync and, when
// they differ, moves every partition of the mirror to non-retryable FAILED: only a restart of the
// destination brokers clears that, even after the id is put right. So `create` and `config set`
// ask the source itself first and refuse (exit 2) what it does not confirm. --force skips asking
// (for a machine that cannot reach the source the way the brokers do): it stores what it is given.

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
  /** Where `expected` was given: `--source-cluster-id`, `the new mirror.source.cluster.id`. */
  readonly origin: string;
  /** How to put it right, for the hint (which adds --force). */
  readonly fix: string;
}

/**
 * Pure: the id to store, or an InvalidInputError naming both ids; a source that is the destination
 * itself is refused too.
 */
export function checkSourceClusterId(check: SourceIdCheck): string {
  if (check.destination !== null && check.reported === check.destination) {
    throw new InvalidInputError(
      `${check.sourceLabel} is the destination cluster itself (cluster id ${check.reported}): a mirror ` +
        `copies from another cluster`,
      { hint: 'give the brokers of the SOURCE cluster (bootstrap.servers / --source-bootstrap), not those of -b' },
    );
  }
  if (check.expected === null || check.expected === check.reported) return check.reported;
  throw new InvalidInputError(
    `${check.origin} is ${check.expected}, but ${check.sourceLabel} reports cluster id ${check.reported}; ` +
      `${WRONG_ID_EFFECT}`,
    { hint: `${check.fix}; --force stores it without asking the source` },
  );
}

export interface CreateSourceIdOptions {
  /** The destination's cluster id; null when not asked (--dry-run). */
  readonly destination: string | null;
  readonly force: boolean;
}

/**
 * `create`: the id to store, read from the source and compared with the one given; with --force a
 * given id is stored without asking the source.
 */
export async function resolveCreateSourceClusterId(
  plan: Pick<CreateMirrorPlan, 'sourceClusterId' | 'sourceConnection' | 'sourceConnectionProblem'>,
  options: CreateSourceIdOptions,
  openSource: (settings: ConnectionConfig) => Promise<KafkaClient>,
  warn: (message: string) => void,
): Promise<string> {
  const given = plan.sourceClusterId;
  if (given !== null && options.force) {
    warn(
      `--source-cluster-id ${given} is stored without asking the source cluster (--force); if it is wrong, ` +
        `${WRONG_ID_EFFECT}`,
    );
    return given;
  }
  const connection = plan.sourceConnection;
  if (connection === null) throw plan.sourceConnectionProblem ?? new Error('no way to reach the source cluster');
  const reported = await lookupSourceClusterId(connection, openSource);
  return checkSourceClusterId({
    expected: given,
    reported,
    destination: options.destination,
    sourceLabel: `the source cluster at ${connection.bootstrap.join(',')}`,
    origin: '--source-cluster-id',
    fix:
      `leave out --source-cluster-id to store the id the source reports (${reported}), or fix ` +
      `--source-bootstrap if it names the wrong cluster`,
  });
}

/** An error's message with those of its causes: what a refusal can say about a failure. */
export function reasonOf(err: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = err; e instanceof Error && parts.length < 3; e = e.cause) parts.push(e.message);
  return parts.length > 0 ? parts.join(': ') : String(err);
}
