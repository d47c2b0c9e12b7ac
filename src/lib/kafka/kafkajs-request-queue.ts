// kafkajs 2.2.4 (pinned, unmaintained) re-arms a timer after every answer with a negative delay: each connection
// polls every millisecond and Node ≥ 24 warns (upstream kafkajs#1751). Our queue checks only when requests wait.

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

/** Returns false, changing nothing, when the object does not look like the queue of the pinned kafkajs. */
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
