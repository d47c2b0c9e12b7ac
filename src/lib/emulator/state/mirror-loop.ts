// A mirror loop's failure record as the prototype reports it (PROTOCOL.md §18): every attempt fails
// again, and DescribeClusterMirrors alternates per partition between (retry 1, "Detected mirror loop
// for mirror:<name>") and (retry 2, no message). So a null message does not mean "source unreachable".

import type { FailureRecord } from './partition-state.js';

export function loopMessage(mirrorName: string): string {
  return `Detected mirror loop for mirror:${mirrorName}`;
}

export function nextLoopFailure(previous: FailureRecord | null, message: string): FailureRecord {
  const wasFirst = previous?.retryAttempt === 1 && previous.message === message;
  return wasFirst ? { retryAttempt: 2, message: null } : { retryAttempt: 1, message };
}
