// Why a mirror partition is FAILED, read from the error text and retry count the prototype broker
// reports, and the recovery that works on it (seen on a real 4.2.0-SNAPSHOT prototype cluster).

import type { DescribeResult } from './describe-types.js';

/** When a FAILED partition tries again (the prototype's backoff; a retry waits out a blocked source request). */
export const NEXT_RETRY =
  'the brokers back off 1 s, doubling up to mirror.failed.retry.max.backoff.ms, 5 min by default';

export type FailureCause =
  | 'starting'
  | 'source-unreachable'
  | 'blocked-by-mirror'
  | 'source-cluster-id-changed'
  | 'source-topic-deleted'
  | 'retries-exhausted'
  | 'non-retryable'
  | 'mirror-loop'
  | 'epoch-war'
  | 'undecided'
  | 'wedged';

export interface FailureDiagnosis {
  readonly cause: FailureCause;
  /** One line: what is wrong. */
  readonly summary: string;
  /** What brings the partitions back, in the order to do it. */
  readonly recovery: string;
  /** With `undecided` (and `epoch-war`, which alone fails nothing): the causes the facts leave possible. */
  readonly possibleCauses?: FailureCause[];
}

export interface FailureCauseGroup extends FailureDiagnosis {
  readonly mirror: string;
  /** `topic-partition` of every FAILED partition with this cause. */
  readonly partitions: string[];
}

interface FailedRow {
  readonly state: string;
  readonly retryAttempt: number;
  readonly errorMessage: string | null;
}

export interface ReadBackMirror {
  readonly mirror: string;
  readonly stopped: boolean;
}

export interface FailureFacts {
  readonly sourceAnswers: boolean | null;
  readonly readBack: readonly ReadBackMirror[] | null;
  readonly blockingMirrors: readonly string[] | null;
  readonly brokersShowOutage?: boolean;
}

export const NO_FACTS: FailureFacts = { sourceAnswers: null, readBack: null, blockingMirrors: null };

export const SOURCE_METADATA_FAILED = 'Failed to get source metadata';
const SOURCE_TOPIC_DELETED = 'The source topic is deleted.';
const CLUSTER_ID_CHANGED = /^Source cluster ID changed for mirror .*: expected (\S+), got (\S+?)\.(\s|$)/;
const MIRROR_LOOP = /^Detected mirror loop for mirror:/;
/**
 * The fetcher's text when the source dies under it (AbstractFetcherThread: "Fetch IO error: " + the
 * IOException; "1" is the source broker's node id). Only a source that went away gives it.
 */
const FETCH_IO_ERROR = 'Fetch IO error: Connection to 1 was disconnected before the response was read';
/** The texts of a source the brokers cannot reach (§18: they vary; the first is no proof of an epoch war). */
export const SOURCE_DOWN_MESSAGES: readonly string[] = [
  'Truncation requires source metadata refresh',
  'No endpoint info in fetch response',
  SOURCE_METADATA_FAILED,
  FETCH_IO_ERROR,
];

const RESTART =
  'restart the destination brokers (the non-retryable mark lives in broker memory; until then pause, resume, ' +
  'stop, start and delete are refused with INVALID_CLUSTER_MIRROR_STATES)';

const READ_ONLY_WHILE_DOWN =
  'While it is down the topic stays read-only here and stopping or pausing it by name is refused ' +
  '(INVALID_CLUSTER_MIRROR_STATES): no request makes it writable before the source answers; an exclude pattern ' +
  'is stored but FAILED partitions ignore it and go MIRRORING when the source returns.';

const NO_ENDPOINT_INFO = 'No endpoint info in fetch response';

/**
 * Whether these rows (one mirror's) show a source that does not answer: while it is down the prototype's
 * partitions report texts that vary (§18), and three of them are never seen otherwise: the fetcher's "no
 * endpoint info" and IO error, and the metadata failure at a retry count the start transient (retry 1)
 * never reaches.
 */
export function showsSourceOutage(rows: readonly FailedRow[]): boolean {
  return rows.some(
    (r) =>
      r.state === 'FAILED' &&
      (r.errorMessage === NO_ENDPOINT_INFO ||
        r.errorMessage === FETCH_IO_ERROR ||
        (r.errorMessage === SOURCE_METADATA_FAILED && r.retryAttempt > 1)),
  );
}

export function factsFromRows(rows: readonly FailedRow[]): FailureFacts {
  return { ...NO_FACTS, brokersShowOutage: showsSourceOutage(rows) };
}

/** The start (or config change) leaves a MIRRORING partition carrying retry 1 and this text: recovered, not failing. */
export function isRecoveredStart(row: {
  readonly state: string;
  readonly retryAttempt: number;
  readonly errorMessage: string | null;
}): boolean {
  return row.state !== 'FAILED' && row.retryAttempt > 0 && row.errorMessage === SOURCE_METADATA_FAILED;
}

export function diagnoseFailure(
  mirror: string,
  row: FailedRow,
  retryMaxAttempts: number | null,
  facts: FailureFacts = NO_FACTS,
): FailureDiagnosis | null {
  if (row.state !== 'FAILED') return null;
  const message = row.errorMessage ?? '';
  const idChange = CLUSTER_ID_CHANGED.exec(message);
  if (idChange) {
    const [, expected, got] = idChange;
    return {
      cause: 'source-cluster-id-changed',
      summary:
        `the source answers as cluster ${got ?? '?'}, not the stored mirror.source.cluster.id ` + `${expected ?? '?'}`,
      recovery:
        `if bootstrap.servers points at the wrong cluster, fix it; if the id is what is wrong, run ` +
        `kmirror config set ${mirror} mirror.source.cluster.id=${got ?? '<id>'}; then ${RESTART}. ` +
        'The partitions are MIRRORING within seconds of the restart.',
    };
  }
  if (message === SOURCE_TOPIC_DELETED) return sourceTopicDeleted(mirror);
  const loop = (facts.readBack ?? []).find((m) => !m.stopped);
  if (MIRROR_LOOP.test(message) || loop) return mirrorLoop(mirror, loop?.mirror ?? null);
  if (row.retryAttempt === -1) {
    return {
      cause: 'non-retryable',
      summary: `non-retryable failure: ${message || 'no message'}`,
      recovery: `remove the cause, then ${RESTART}`,
    };
  }
  if (retryMaxAttempts !== null && row.retryAttempt >= retryMaxAttempts) {
    return {
      cause: 'retries-exhausted',
      summary: `gave up after ${row.retryAttempt} retries (mirror.failed.retry.max.attempts): ${message}`,
      recovery: `remove the cause, then ${RESTART}`,
    };
  }
  return retryableCause(mirror, row, facts);
}

/** Decided only by the facts; what they leave open is listed, not picked. */
function retryableCause(mirror: string, row: FailedRow, facts: FailureFacts): FailureDiagnosis {
  const said = row.errorMessage === null ? 'no message' : `'${row.errorMessage}'`;
  if (facts.sourceAnswers === false || (facts.brokersShowOutage === true && facts.sourceAnswers !== true)) {
    const summary =
      facts.sourceAnswers === false
        ? "the source does not answer from this machine, and the brokers' partitions of this mirror fail as they " +
          'do while it is down for them'
        : "the brokers' partitions of this mirror fail as they do while their source is down (this machine did " +
          'not ask the source)';
    return {
      cause: 'source-unreachable',
      summary,
      recovery:
        'check bootstrap.servers, the network and the source credentials (kmirror config get shows them); once the ' +
        `source answers the partitions recover by themselves at their next retry (${NEXT_RETRY}). ` +
        `${READ_ONLY_WHILE_DOWN} While one ` +
        'source is unreachable, every mirror on this cluster stalls (new topics stay FAILED, config sync stops).',
    };
  }
  if (facts.brokersShowOutage === true) {
    return {
      cause: 'source-unreachable',
      summary:
        "the source answers from this machine, but the brokers' partitions show it down for them " +
        `(${said}, retry ${row.retryAttempt}): they reach it another way (their bootstrap.servers, network or ` +
        'credentials) than this machine does',
      recovery:
        `check what the brokers use (kmirror config get ${mirror}: bootstrap.servers and the security keys) from a ` +
        `destination broker's host; the partitions recover by themselves once it answers them. ${READ_ONLY_WHILE_DOWN}`,
    };
  }
  const blocker = (facts.blockingMirrors ?? []).find((m) => m !== mirror);
  if (facts.sourceAnswers === true && blocker !== undefined) {
    return {
      cause: 'blocked-by-mirror',
      summary:
        `blocked by mirror ${blocker}'s source: its brokers cannot reach it, which stalls every mirror on this ` +
        `cluster; this mirror's own source answers (${said}, retry ${row.retryAttempt})`,
      recovery:
        `make mirror ${blocker}'s source reachable (kmirror describe ${blocker}; kmirror config get ${blocker} shows ` +
        `its bootstrap.servers), or remove that mirror's topics; this partition recovers by itself at its next ` +
        `retry (${NEXT_RETRY})`,
    };
  }
  const stoppedBack = (facts.readBack ?? []).find((m) => m.stopped);
  const possible = possibleCauses(mirror, row, facts);
  if (facts.sourceAnswers === true && possible.length === 1 && possible[0] === 'starting' && !stoppedBack) {
    return {
      cause: 'starting',
      summary: 'starting: the prototype broker shows this for about 2 s after a start or a config change',
      recovery:
        'nothing to do: it moves to MIRRORING by itself; if it is still FAILED in a minute, ask the source again',
    };
  }
  if (stoppedBack) {
    return {
      cause: 'epoch-war',
      summary:
        `the source cluster keeps mirror ${stoppedBack.mirror}, which lists this topic as STOPPED reading from this ` +
        'cluster (a failover leftover): it raises the leader epochs there at every sync period; on the prototype ' +
        `that alone did not fail partitions, so this FAILED (${said}) has another cause too`,
      recovery:
        `delete mirror ${stoppedBack.mirror} on the source cluster once it is no longer the active side ` +
        `(deleting it made that cluster's topics refuse writes until a broker restart); meanwhile: ` +
        possibleText(possible, mirror),
      possibleCauses: possible,
    };
  }
  return {
    cause: 'undecided',
    summary:
      `cannot tell from the facts here why it is FAILED (${said}, retry ${row.retryAttempt}): ` +
      (possible.length === 0
        ? "the broker's message is the only clue"
        : possible.map((c) => POSSIBLE_WORDS[c]).join('; or ')),
    recovery: possibleText(possible, mirror),
    possibleCauses: possible,
  };
}

function possibleCauses(mirror: string, row: FailedRow, facts: FailureFacts): FailureCause[] {
  const causes: FailureCause[] = [];
  const startingShape = row.errorMessage === SOURCE_METADATA_FAILED && row.retryAttempt <= 1;
  // After a start the prototype also showed (retry 2, no message) while it waited to retry.
  const retryWaitShape = row.errorMessage === null && row.retryAttempt === 2;
  const downShape = row.errorMessage === null || SOURCE_DOWN_MESSAGES.includes(row.errorMessage);
  if (startingShape || retryWaitShape) causes.push('starting');
  // A source that answers here may still be out of the brokers' reach (their bootstrap, network, credentials).
  if (facts.sourceAnswers === null || (!startingShape && downShape)) causes.push('source-unreachable');
  const others = facts.blockingMirrors;
  if (others === null ? facts.sourceAnswers !== false : others.some((m) => m !== mirror))
    causes.push('blocked-by-mirror');
  // A loop alternates (retry 1, its message) with (retry 2, null): a null row may be one (§18).
  if (facts.readBack === null && row.errorMessage === null) causes.push('mirror-loop');
  return causes;
}

const POSSIBLE_WORDS: Partial<Record<FailureCause, string>> = {
  starting: 'starting (the broker shows this for ~2 s after a start or a config change)',
  'source-unreachable': 'the brokers cannot reach the source',
  'blocked-by-mirror': "another mirror's unreachable source stalls every mirror on this cluster",
  'mirror-loop': 'a mirror loop (its partitions alternate with a null message)',
};

function possibleText(possible: readonly FailureCause[], mirror: string): string {
  const steps: string[] = [];
  if (possible.includes('starting')) steps.push('look again in a few seconds (a start clears by itself)');
  if (possible.includes('source-unreachable') || possible.includes('mirror-loop'))
    steps.push(
      `let kmirror ask the source (kmirror describe ${mirror}, with --source-config or --source-profile when the ` +
        'stored settings do not work from here)',
    );
  if (possible.includes('blocked-by-mirror'))
    steps.push('kmirror describe (every mirror) shows whether another mirror is FAILED for its source');
  if (steps.length === 0) steps.push("remove what the broker's message names; the partition retries by itself");
  return steps.join('; ');
}

function mirrorLoop(mirror: string, other: string | null): FailureDiagnosis {
  const there = other === null ? 'a mirror on the source cluster' : `mirror ${other} on the source`;
  return {
    cause: 'mirror-loop',
    summary:
      `mirror loop: ${there} reads it from this cluster, so this side refuses to mirror it; the topic is ` +
      'read-only here and stopping it is refused',
    recovery:
      `stop the topic on the SOURCE cluster (kmirror promote or remove-topics in ${other ?? 'its mirror there'}); ` +
      `the partitions here retry and then mirror. To give up instead, stop it in mirror ${mirror} once it has left ` +
      'FAILED.',
  };
}

/** §18: recreating the source topic does not bring mirroring back (a new topic id copies nothing). */
function sourceTopicDeleted(mirror: string): FailureDiagnosis {
  return {
    cause: 'source-topic-deleted',
    summary: 'the source topic was deleted; the destination topic is read-only and every mirror RPC on it is refused',
    recovery:
      `${RESTART}, then stop the topic (kmirror remove-topics ${mirror} TOPIC): it becomes writable with every ` +
      'record copied so far (its end is the destination end + 1). Recreating the source topic does NOT resume ' +
      'mirroring: it has a new topic id, and after the restart the partitions show MIRRORING with lag 0 and copy ' +
      'nothing. To mirror a recreated source topic, delete the destination topic and let the mirror create it ' +
      'again: every record copied so far is lost on the destination.',
  };
}

export function causeHint(diagnosis: FailureDiagnosis): string {
  return `${diagnosis.summary}; recovery: ${diagnosis.recovery}`;
}

export function topicFailureCauses(
  mirror: string,
  partitions: readonly FailedRow[],
  retryMaxAttempts: number | null,
  facts: FailureFacts = NO_FACTS,
): FailureDiagnosis[] {
  const causes = new Map<string, FailureDiagnosis>();
  const known = { ...facts, brokersShowOutage: facts.brokersShowOutage ?? showsSourceOutage(partitions) };
  for (const row of partitions) {
    const diagnosis = diagnoseFailure(mirror, row, retryMaxAttempts, known);
    if (diagnosis) causes.set(`${diagnosis.cause}\u0000${diagnosis.summary}`, diagnosis);
  }
  return [...causes.values()];
}

export interface MirrorFailureFacts {
  readonly sourceAnswers: boolean | null;
  readonly readBack: ReadonlyMap<string, readonly ReadBackMirror[]> | null;
  readonly blockingMirrors: readonly string[] | null;
}

export function diagnoseFailures(
  result: DescribeResult,
  retryMaxAttempts: number | null,
  facts: ReadonlyMap<string, MirrorFailureFacts> = new Map(),
): FailureCauseGroup[] {
  const groups = new Map<string, { diagnosis: FailureDiagnosis; mirror: string; partitions: string[] }>();
  for (const mirror of result.mirrors) {
    const brokersShowOutage = showsSourceOutage(mirror.topics.flatMap((t) => t.partitions));
    for (const topic of mirror.topics) {
      if (topic.summary.failing === 0) continue;
      const known = facts.get(mirror.name);
      const topicFacts: FailureFacts = known
        ? {
            sourceAnswers: known.sourceAnswers,
            readBack: known.readBack === null ? null : (known.readBack.get(topic.name) ?? []),
            blockingMirrors: known.blockingMirrors,
            brokersShowOutage,
          }
        : { ...NO_FACTS, brokersShowOutage };
      for (const row of topic.partitions) {
        const diagnosis = diagnoseFailure(mirror.name, row, retryMaxAttempts, topicFacts);
        if (!diagnosis) continue;
        const key = `${mirror.name}\u0000${diagnosis.cause}\u0000${diagnosis.summary}`;
        let group = groups.get(key);
        if (!group) {
          group = { diagnosis, mirror: mirror.name, partitions: [] };
          groups.set(key, group);
        }
        group.partitions.push(`${topic.name}-${row.partition}`);
      }
    }
  }
  return [...groups.values()].map((g) => ({ ...g.diagnosis, mirror: g.mirror, partitions: g.partitions }));
}
