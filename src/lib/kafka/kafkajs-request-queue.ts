// kafkajs 2.2.4 (pinned, unmaintained) re-arms a timer after every answer even when nothing is queued, with
// a negative delay (its throttle deadline starts at -1): each connection then polls every millisecond for
// as long as it lives, and Node ≥ 24 prints a TimeoutNegativeWarning on stderr. Upstream: kafkajs#1751.
// We replace that one method on each connection's own queue: a check is scheduled only when requests wait.

/** The parts of kafkajs's RequestQueue this file reads and writes. */
interface KafkajsRequestQueue {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  checkPendingRequests(): void;
  scheduleCheckPendingRequests(): void;
}

/** kafkajs's own interval for re-checking a queue held back by in-flight limits. */
const RECHECK_MS = 10;

function isRequestQueue(value: unknown): value is KafkajsRequestQueue {
  const queue = value as Partial<KafkajsRequestQueue> | null | undefined;
  return (
    typeof queue?.scheduleCheckPendingRequests === 'function' &&
    typeof queue.checkPendingRequests === 'function' &&
    Array.isArray(queue.pending) &&
    typeof queue.throttledUntil === 'number'
  );
}

/**
 * Makes the queue of one kafkajs Connection schedule a check only when requests are pending: at the end of
 * a broker's throttle, else after kafkajs's usual interval. Returns false, changing nothing, when the
 * object does not look like the queue of the pinned kafkajs.
 */
export function scheduleChecksOnlyWhenPending(connection: { requestQueue?: unknown }): boolean {
  const queue = connection.requestQueue;
  if (!isRequestQueue(queue)) return false;
  queue.scheduleCheckPendingRequests = () => {
    if (queue.throttleCheckTimeoutId || queue.pending.length === 0) return;
    const untilUnthrottled = queue.throttledUntil - Date.now();
    queue.throttleCheckTimeoutId = setTimeout(
      () => {
        queue.throttleCheckTimeoutId = null;
        queue.checkPendingRequests();
      },
      untilUnthrottled > 0 ? untilUnthrottled : RECHECK_MS,
    );
  };
  return true;
}
