// mirror/switchover/: promote stops only once nothing can be lost: the source answers, its end offsets stand
// still, every destination partition has reached them (never the reported lag, which reads 0 between
// fetches), the groups are copied; then stop and verify the PID-reset marker. Nothing changes before the stop.

import type { KafkaClient } from '../../kafka/client.js';
import { type CatchUpTargets, notCaughtUpError, readCatchUpTargets, waitUntilCaughtUp } from '../topics/caught-up.js';
import type { PromoteDependencies, PromoteInput, PromotePlan } from './promote-plan.js';
import { awaitQuietSource, recordsAhead, sameOffsets } from './promote-quiet.js';
import { awaitGroupsInSync } from './promote-groups.js';
import { promotePlanResult } from './promote-report.js';
import { type PromoteOutcome, stopAndVerify } from './promote-stop.js';

const NOTHING_CHANGED_YET = 'nothing was changed yet (promote stops the topics only once they have caught up)';

export const STOP_RESERVE_MS = 5000;

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
