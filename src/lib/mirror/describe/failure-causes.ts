import type { DescribeResult } from './describe-types.js';
// Why a mirror partition is FAILED, read from the error text and retry count the prototype broker
// reports, and the recovery that works on it (seen on a real 4.2.0-SNAPSHOT prototype cluster).

export type FailureCause =
  | 'starting'
  | 'source-unreachable'
  | 'source-cluster-id-changed'
  | 'source-topic-deleted'
  | 'retries-exhausted'
  | 'non-retryable'
  | 'mirror-loop'
  | 'epoch-war';

export interface FailureDiagnosis {
  readonly cause: FailureCause;
  /** One line: what is wrong. */
  readonly summary: string;
  /** What brings the partitions back, in the order to do it. */
  readonly recovery: string;
}

export interface FailureCauseGroup extends FailureDiagnosis {
  readonly mirror: string;
  /** `topic-partition` of every FAILED partition with this cause. */
  readonly partitions: string[];
}

export const SOURCE_METADATA_FAILED = 'Failed to get source metadata';
const SOURCE_TOPIC_DELETED = 'The source topic is deleted.';
const CLUSTER_ID_CHANGED = /^Source cluster ID changed for mirror .*: expected (\S+), got (\S+?)\.(\s|$)/;
const MIRROR_LOOP = /^Detected mirror loop for mirror:/;
const EPOCH_WAR = 'Truncation requires source metadata refresh';

const RESTART =
  'restart the destination brokers (the non-retryable mark lives in broker memory; until then pause, resume, ' +
  'stop, start and delete are refused with INVALID_CLUSTER_MIRROR_STATES)';

/** The start (or config change) leaves a MIRRORING partition carrying retry 1 and this text: recovered, not failing. */
export function isRecoveredStart(row: {
  readonly state: string;
  readonly retryAttempt: number;
  readonly errorMessage: string | null;
}): boolean {
  return row.state !== 'FAILED' && row.retryAttempt > 0 && row.errorMessage === SOURCE_METADATA_FAILED;
}

/** The cause of one FAILED partition, or null for a partition that is not FAILED. */
export function diagnoseFailure(
  mirror: string,
  row: { readonly state: string; readonly retryAttempt: number; readonly errorMessage: string | null },
  retryMaxAttempts: number | null,
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
  if (message === SOURCE_TOPIC_DELETED) {
    return {
      cause: 'source-topic-deleted',
      summary: 'the source topic was deleted; the destination topic is read-only and every mirror RPC on it is refused',
      recovery:
        "recreate the source topic with the same partition count and at least the destination's end offset in " +
        `every partition, then ${RESTART}; the topic returns to MIRRORING and can then be stopped with nothing lost. ` +
        'WARNING: recreating the source topic empty makes the destination truncate its copy to 0: the mirrored ' +
        'records are lost. A restart alone does not help.',
    };
  }
  if (MIRROR_LOOP.test(message)) {
    return {
      cause: 'mirror-loop',
      summary:
        'mirror loop: the source cluster still mirrors this topic from this cluster, so this side refuses ' +
        'to start it; ' +
        'the topic is read-only here and stopping it is refused',
      recovery:
        'stop the topic on the SOURCE cluster (kmirror promote or remove-topics in its mirror there); the partitions ' +
        `here retry and then mirror. To give up instead, stop it in mirror ${mirror} once it has left FAILED.`,
    };
  }
  if (message === EPOCH_WAR) {
    return {
      cause: 'epoch-war',
      summary:
        'leader-epoch war: the source cluster lists this topic in a mirror that reads from this cluster ' +
        '(even a STOPPED ' +
        'one, the leftover of a failover), so both raise its leader epoch at every sync',
      recovery:
        'delete that old mirror on the source cluster (kmirror delete, once all its topics are STOPPED); ' +
        'the partitions ' +
        'here then settle at MIRRORING',
    };
  }
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
  if (message === SOURCE_METADATA_FAILED && row.retryAttempt <= 1) {
    return {
      cause: 'starting',
      summary: 'starting: the prototype broker shows this for about 2 s after a start or a config change',
      recovery:
        'nothing to do: it moves to MIRRORING by itself; if it is still FAILED in a minute, the source is unreachable',
    };
  }
  return {
    cause: 'source-unreachable',
    summary: `the source does not answer (${message || 'no message'}); each retry waits the 30 s request timeout`,
    recovery:
      'check bootstrap.servers, the network and the source credentials (kmirror config get shows them); once the ' +
      'source answers the partitions recover by themselves within seconds. While one source is unreachable, the ' +
      'periodic sync (auto-discovery, exclude list, config sync) of every mirror on this cluster stalls.',
  };
}

/** A cause as a hint: what is wrong, then the recovery. */
export function causeHint(diagnosis: FailureDiagnosis): string {
  return `${diagnosis.summary}; recovery: ${diagnosis.recovery}`;
}

/** The distinct causes among one topic's FAILED partitions, in partition order: what blocked topics point to. */
export function topicFailureCauses(
  mirror: string,
  partitions: readonly {
    readonly state: string;
    readonly retryAttempt: number;
    readonly errorMessage: string | null;
  }[],
  retryMaxAttempts: number | null,
): FailureDiagnosis[] {
  const causes = new Map<string, FailureDiagnosis>();
  for (const row of partitions) {
    const diagnosis = diagnoseFailure(mirror, row, retryMaxAttempts);
    if (diagnosis) causes.set(`${diagnosis.cause}\u0000${diagnosis.summary}`, diagnosis);
  }
  return [...causes.values()];
}

/** FAILED partitions grouped by mirror and cause, in order of first appearance. */
export function diagnoseFailures(result: DescribeResult, retryMaxAttempts: number | null): FailureCauseGroup[] {
  const groups = new Map<string, { diagnosis: FailureDiagnosis; mirror: string; partitions: string[] }>();
  for (const mirror of result.mirrors) {
    for (const topic of mirror.topics) {
      if (topic.summary.failing === 0) continue;
      for (const row of topic.partitions) {
        const diagnosis = diagnoseFailure(mirror.name, row, retryMaxAttempts);
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
