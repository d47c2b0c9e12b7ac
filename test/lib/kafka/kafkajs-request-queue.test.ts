import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import { scheduleChecksOnlyWhenPending } from '../../../src/lib/kafka/kafkajs-request-queue.js';

const require = createRequire(import.meta.url);

interface Queue {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  checkPendingRequests(): void;
  scheduleCheckPendingRequests(): void;
  destroy(): void;
}
const RequestQueue = require('kafkajs/src/network/requestQueue/index.js') as new (options: object) => Queue;
const Connection = require('kafkajs/src/network/connection.js') as new (options: object) => { requestQueue: Queue };
const quiet = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

function queue(): Queue {
  return new RequestQueue({
    maxInFlightRequests: null,
    requestTimeout: 30_000,
    clientId: 't',
    broker: 'b',
    logger: quiet,
  });
}

describe('kafkajs request queue: checks scheduled only when requests wait', () => {
  it('the pinned kafkajs arms a timer with nothing pending (the behaviour worked around)', () => {
    const q = queue();
    q.throttledUntil = Date.now() + 60_000; // a positive delay, so this test itself raises no warning
    q.scheduleCheckPendingRequests();
    assert.notEqual(q.throttleCheckTimeoutId, null);
    q.destroy();
  });

  it('applies to the queue of a real kafkajs Connection', () => {
    const connection = new Connection({
      host: '127.0.0.1',
      port: 1,
      logger: { namespace: () => quiet },
      clientId: 't',
    });
    assert.equal(scheduleChecksOnlyWhenPending(connection), true);
    connection.requestQueue.scheduleCheckPendingRequests();
    assert.equal(connection.requestQueue.throttleCheckTimeoutId, null);
  });

  it('leaves anything else alone', () => {
    assert.equal(scheduleChecksOnlyWhenPending({}), false);
    assert.equal(scheduleChecksOnlyWhenPending({ requestQueue: { pending: [] } }), false);
  });

  it('nothing pending: no timer, whether throttled or not', () => {
    for (const throttledUntil of [-1, Date.now() + 60_000]) {
      const q = queue();
      scheduleChecksOnlyWhenPending({ requestQueue: q });
      q.throttledUntil = throttledUntil;
      q.scheduleCheckPendingRequests();
      assert.equal(q.throttleCheckTimeoutId, null);
    }
  });

  it('requests pending: checked when the throttle ends, or after 10 ms, once', async () => {
    for (const throttleMs of [40, 0]) {
      const q = queue();
      scheduleChecksOnlyWhenPending({ requestQueue: q });
      const checkedAt: number[] = [];
      q.checkPendingRequests = () => void checkedAt.push(Date.now());
      q.pending.push({});
      const start = Date.now();
      q.throttledUntil = throttleMs > 0 ? start + throttleMs : -1;
      q.scheduleCheckPendingRequests();
      const armed = q.throttleCheckTimeoutId;
      assert.notEqual(armed, null);
      q.scheduleCheckPendingRequests(); // already armed: keeps the one timer
      assert.equal(q.throttleCheckTimeoutId, armed);
      await new Promise((resolve) => setTimeout(resolve, throttleMs + 60));
      assert.equal(checkedAt.length, 1);
      assert.ok(
        (checkedAt[0] ?? 0) - start >= Math.max(throttleMs, 10) - 2,
        `checked after ${(checkedAt[0] ?? 0) - start} ms`,
      );
      assert.equal(q.throttleCheckTimeoutId, null);
    }
  });
});
