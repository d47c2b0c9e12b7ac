// mirror/switchover/: moving producers between clusters: the planned promote and the failback after a failover.
//
// promote: the planned switchover (Confluent's `mirror promote`). Unlike remove-topics, which stops
// mirroring whatever the lag, it stops only once nothing can be lost: (1) the source answers and the
// topics are MIRRORING (promote-plan.ts), (2) the source end offsets stand still, producers stopped
// (promote-quiet.ts), (3) every destination partition has reached them (the one caught-up definition,
// never the reported lag, which reads 0 between fetches), (4) the groups' offsets on the destination
// are the source's (promote-groups.ts), (5) stop and verify that each destination end offset is at
// least the source's + 1, the PID-reset marker (promote-stop.ts). Until the stop is sent nothing
// changes; once it is, an interruption still reports which topics stopped (promote-report.ts).

import type { KafkaClient } from '../../kafka/client.js';
import { type CatchUpTargets, notCaughtUpError, readCatchUpTargets, waitUntilCaughtUp } from '../topics/caught-up.js';
import type { PromoteDependencies, PromoteInput, PromotePlan } from './promote-plan.js';
import { awaitQuietSource, recordsAhead, sameOffsets } from './promote-quiet.js';
import { awaitGroupsInSync } from './promote-groups.js';
import { promotePlanResult } from './promote-report.js';
import { type PromoteOutcome, stopAndVerify } from './promote-stop.js';

const NOTHING_CHANGED_YET = 'nothing was changed yet (promote stops the topics only once they have caught up)';

/** Less than this left of --timeout and promote does not start the stop: it could not verify it. */
export const STOP_RESERVE_MS = 5000;

/** Steps 2–6 after the plan (and any confirmation). Throws when nothing was stopped. */
export async function runPromote(
  client: KafkaClient,
  plan: PromotePlan,
  input: PromoteInput,
  deps: PromoteDependencies,
): Promise<PromoteOutcome> {
  const started = deps.now();
  const result = promotePlanResult(plan, input, false);
  const source = await deps.openSource(plan.sourceSettings);
  try {
    let targets: CatchUpTargets = plan.sourceEnds;
    for (;;) {
      if (!input.force) {
        const quietFrom = deps.now();
        targets = await awaitQuietSource(source, plan, input, deps);
        result.quiet = { checked: true, periodMs: input.quietPeriodMs, waitedMs: deps.now() - quietFrom };
      } else {
        targets = await readCatchUpTargets(source, plan.partitions, plan.sourceLabel);
      }
      // Promote waits before it stops anything: no topic was started or changed by it.
      const caughtUp = await waitUntilCaughtUp(
        client,
        plan.mirror,
        targets,
        deps.sleep,
        NOTHING_CHANGED_YET,
        (progress) =>
          deps.onProgress?.({
            phase: 'catching-up',
            done: progress.done,
            total: progress.total,
            remaining: progress.pending.reduce(
              (n, p) =>
                n +
                (p.destinationEnd === null ? p.target : p.target > p.destinationEnd ? p.target - p.destinationEnd : 0n),
              0n,
            ),
          }),
      );
      const stuck = notCaughtUpError(plan.mirror, caughtUp);
      if (stuck) throw stuck;
      result.groups = await awaitGroupsInSync(
        source,
        client,
        plan.groups,
        { force: input.force, waitForQuiet: input.waitForQuiet, reserveMs: STOP_RESERVE_MS },
        deps,
      );
      if (input.force) break;
      // Producers that came back while the mirror caught up (or the groups were copied) lose what they write next.
      const again = await readCatchUpTargets(source, plan.partitions, plan.sourceLabel);
      if (sameOffsets(again, targets)) break;
      deps.warn(
        `${recordsAhead(again, targets)} record(s) arrived on the source while the mirror caught up: ` +
          `waiting for quiet again`,
      );
    }
    await deps.beforeStop?.(plan);
    deps.requireTimeLeft(STOP_RESERVE_MS, 'about to stop the topics; nothing was stopped');
    return await stopAndVerify(client, source, plan, targets, result, deps, started);
  } finally {
    await source.close().catch(() => undefined);
  }
}
