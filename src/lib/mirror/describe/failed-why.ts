// Why a mirror's partitions are FAILED while its source answers from this machine, for the sentence beside
// the source check. "The brokers may reach it another way" is true only of source-reachability errors;
// the prototype also shows FAILED for ~2 s after every start or config change, for a mirror loop, for
// another mirror's unreachable source, and between two retries (PROTOCOL.md §18).

import type { DescribeResult } from './describe-types.js';
import { SOURCE_DOWN_MESSAGES, SOURCE_METADATA_FAILED, type ReadBackMirror } from './failure-causes.js';

const MIRROR_LOOP = /^Detected mirror loop for mirror:/;

interface FailedRow {
  readonly topic: string;
  readonly retryAttempt: number;
  readonly errorMessage: string | null;
}

export interface FailedWhyFacts {
  /** topic → mirrors on the source reading it back from here; null: not known. */
  readonly readBack: ReadonlyMap<string, readonly ReadBackMirror[]> | null;
  /** Mirrors here whose source the brokers cannot reach; null: not known. */
  readonly blockingMirrors: readonly string[] | null;
  readonly retryMaxAttempts: number | null;
}

/** Nothing known beyond the rows. */
export const ROWS_ONLY: FailedWhyFacts = { readBack: null, blockingMirrors: null, retryMaxAttempts: null };

const startShape = (r: FailedRow): boolean => r.errorMessage === SOURCE_METADATA_FAILED && r.retryAttempt <= 1;
const reachShape = (r: FailedRow): boolean =>
  r.errorMessage !== null && SOURCE_DOWN_MESSAGES.includes(r.errorMessage) && !startShape(r);

/**
 * The cause the FAILED rows of `mirror` show, as words to follow "the destination brokers' partitions are
 * FAILED"; null when none is FAILED. Only source-reachability errors raise the brokers' own reach.
 */
export function failedWhy(mirror: DescribeResult['mirrors'][number], facts: FailedWhyFacts): string | null {
  const rows: FailedRow[] = mirror.topics.flatMap((t) =>
    t.partitions.filter((p) => p.state === 'FAILED' && p.retryAttempt >= 0).map((p) => ({ ...p, topic: t.name })),
  );
  if (rows.length === 0) return null;
  const back = rows.flatMap((r) => (facts.readBack?.get(r.topic) ?? []).filter((m) => !m.stopped));
  const loopRow = rows.find((r) => r.errorMessage !== null && MIRROR_LOOP.test(r.errorMessage));
  if (back.length > 0 || loopRow)
    return `for a mirror loop (${
      back[0]
        ? `mirror ${back[0].mirror} on the source reads the topic back from this ` + 'cluster'
        : `'${loopRow?.errorMessage ?? ''}'`
    }): the source is reached, the loop is the cause (below)`;
  const attempt = Math.max(...rows.map((r) => r.retryAttempt));
  const of = facts.retryMaxAttempts === null ? '' : ` of ${facts.retryMaxAttempts}`;
  const reach = rows.filter(reachShape);
  if (reach.length > 0)
    return (
      `with source-reachability errors (${saidOf(reach)}) and wait to retry (attempt ${attempt}${of}): if the ` +
      'source came back only now, they recover by themselves at the next attempt; if they stay FAILED, the brokers ' +
      'may reach it another way (their bootstrap.servers, network or credentials) and fail there'
    );
  const blocker = (facts.blockingMirrors ?? []).find((m) => m !== mirror.name);
  if (blocker !== undefined)
    return (
      `because mirror ${blocker}'s source does not answer the brokers, which stalls every mirror on this ` +
      `cluster (kmirror describe ${blocker})`
    );
  if (rows.every(startShape))
    return (
      `in the start-up transient (retry 1 '${SOURCE_METADATA_FAILED}', which the prototype shows for about ` +
      '2 s after a start or a mirror config change): look again in a few seconds'
    );
  // The prototype's rows between two attempts: (retry N, no message), seen after a start too.
  return `and wait to retry (attempt ${attempt}${of}; last error: ${saidOf(rows)}); they retry by themselves`;
}

function saidOf(rows: readonly FailedRow[]): string {
  return [...new Set(rows.map((r) => (r.errorMessage ? `'${r.errorMessage}'` : 'no message')))].join(', ');
}
