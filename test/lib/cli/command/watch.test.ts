// The one --watch loop with a fake refresh: signals end it with the last result, a later failed refresh is
// reported and retried, the first must work, and an explicit --timeout ends it with the timeout error.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Deadline } from '../../../../src/lib/cli/command/deadline.js';
import { TimeoutError } from '../../../../src/lib/cli/failures/errors.js';
import {
  RefreshDeadline,
  timeoutGiven,
  headerTime,
  watchFrame,
  watchLoop,
} from '../../../../src/lib/cli/command/watch.js';
import { watchIntervalMs } from '../../../../src/lib/cli/flags/watch-flags.js';

describe('watchLoop', () => {
  it('shows every refresh until SIGINT, then returns the last one', async () => {
    const shown: number[] = [];
    let n = 0;
    const result = await watchLoop({
      intervalMs: 5,
      deadline: new RefreshDeadline(1000),
      refresh: async () => ++n,
      show: (value, index) => {
        shown.push(value);
        assert.equal(index, value - 1);
        if (value === 3) process.emit('SIGINT');
      },
      refreshFailed: () => assert.fail('no refresh failed'),
    });
    assert.equal(result, 3);
    assert.deepEqual(shown, [1, 2, 3]);
    assert.equal(process.listenerCount('SIGINT'), 0, 'the signal handlers are removed');
  });

  it('a failed first refresh ends the watch; a later one is reported and retried', async () => {
    await assert.rejects(
      watchLoop({
        intervalMs: 5,
        deadline: new RefreshDeadline(1000),
        refresh: async () => {
          throw new Error('no such mirror');
        },
        show: () => assert.fail('nothing to show'),
        refreshFailed: () => assert.fail('not a warning'),
      }),
      /no such mirror/,
    );
    const failures: string[] = [];
    let n = 0;
    const result = await watchLoop({
      intervalMs: 5,
      deadline: new RefreshDeadline(1000),
      refresh: async () => {
        n++;
        if (n === 2) throw new Error('broker gone');
        return n;
      },
      show: (value) => {
        if (value === 3) process.emit('SIGTERM');
      },
      refreshFailed: (err, retryInMs) => failures.push(`${(err as Error).message}, again in ${retryInMs} ms`),
    });
    assert.equal(result, 3);
    assert.deepEqual(failures, ['broker gone, again in 5 ms']);
  });

  it('waits for each refresh to be flushed before the next, and ends when the reader went away', async () => {
    const events: string[] = [];
    let n = 0;
    const result = await watchLoop({
      intervalMs: 1,
      deadline: new RefreshDeadline(1000),
      refresh: async () => ++n,
      show: (value) => events.push(`show ${value}`),
      refreshFailed: () => assert.fail('no refresh failed'),
      flushed: async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        events.push(`flushed ${n}`);
        return { readerGone: n === 2 };
      },
    });
    assert.equal(result, 2);
    assert.deepEqual(events, ['show 1', 'flushed 1', 'show 2', 'flushed 2']);
  });

  it('with an explicit --timeout the watch ends with the timeout error', async () => {
    await assert.rejects(
      watchLoop({
        intervalMs: 20,
        deadline: new Deadline(50),
        refresh: async () => 1,
        show: () => undefined,
        refreshFailed: () => undefined,
      }),
      (err: unknown) => err instanceof TimeoutError && /watching \(--watch\)/.test(err.message),
    );
  });
});

describe('watch flags and frame', () => {
  it('--timeout or KMIRROR_TIMEOUT bounds the watch; an argument after -- does not', () => {
    assert.equal(timeoutGiven(['m1', '--timeout', '5s'], {}), true);
    assert.equal(timeoutGiven(['--timeout=5s'], {}), true);
    assert.equal(timeoutGiven(['m1'], { KMIRROR_TIMEOUT: '5s' }), true);
    assert.equal(timeoutGiven(['--', '--timeout'], {}), false);
  });

  it('--interval needs --watch; the default is 2 s', () => {
    assert.equal(watchIntervalMs({ watch: true }), 2000);
    assert.equal(watchIntervalMs({ watch: true, interval: 0.5 }), 500);
    assert.throws(() => watchIntervalMs({ watch: false, interval: 1 }), /--interval needs --watch/);
  });

  it('redraws in place on a terminal, one block per refresh elsewhere', () => {
    const tty = watchFrame('TEXT', { intervalMs: 2000, commandLine: 'kmirror describe m1', tty: true });
    assert.ok(tty.startsWith('\x1b[H\x1b[2J'), 'home and clear first');
    assert.match(tty, /Every 2s: kmirror describe m1 .*\(Ctrl-C to stop\).*\n\nTEXT\n$/s);
    const plain = watchFrame('TEXT', { intervalMs: 2000, commandLine: 'kmirror describe', tty: false });
    assert.match(plain, /^Every 2s: kmirror describe {2}\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\nTEXT\n\n$/);
    const utc = watchFrame('TEXT', { intervalMs: 2000, commandLine: 'kmirror describe', tty: false, utc: true });
    assert.match(utc, /^Every 2s: kmirror describe {2}\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\n/);
  });

  it('the header time is local to the second, or UTC with --utc', () => {
    const at = new Date(Date.UTC(2026, 11, 2, 14, 4, 5, 678));
    assert.equal(headerTime(at, true), '2026-12-02 14:04:05 UTC');
    const local = headerTime(at, false);
    assert.match(local, /^2026-12-0[123] \d\d:04:05$/);
    assert.equal(local.slice(11, 13), String(at.getHours()).padStart(2, '0'));
  });
});
