// promote's step 2: the source end offsets stand still for one period (the producers stopped).

import type { KafkaClient } from '../../kafka/client.js';
import { type CatchUpTargets, readCatchUpTargets } from '../topics/caught-up.js';
import { MirrorError } from '../core/errors.js';
import type { PromoteDependencies, PromoteInput, PromotePlan } from './promote-plan.js';

export function recordsAhead(after: CatchUpTargets, before?: CatchUpTargets): bigint {
  let total = 0n;
  for (const [topic, parts] of after)
    for (const [p, end] of parts) {
      const other = before?.get(topic)?.get(p) ?? 0n;
      total += end > other ? end - other : 0n;
    }
  return total;
}

export function sameOffsets(a: CatchUpTargets, b: CatchUpTargets): boolean {
  for (const [topic, parts] of a) for (const [p, end] of parts) if (b.get(topic)?.get(p) !== end) return false;
  return true;
}

/** A longer --timeout does not end a wait for quiet producers while they keep writing. */
export const MOVING_SOURCE_HINT =
  'the producers still write to the source: stop them, then run promote again; or --force promotes while they ' +
  'write, and the records written after promote reads the source are lost (in kmirror playground, ' +
  'kill -USR1 <its pid> stops its producers, and --no-traffic starts it without them)';

export async function awaitQuietSource(
  source: KafkaClient,
  plan: PromotePlan,
  input: PromoteInput,
  deps: PromoteDependencies,
): Promise<CatchUpTargets> {
  let before = await readCatchUpTargets(source, plan.partitions, plan.sourceLabel);
  for (;;) {
    await deps.sleep(
      input.quietPeriodMs,
      `waiting for the end offsets of ${plan.sourceLabel} to stop moving (the producers to stop)`,
      MOVING_SOURCE_HINT,
    );
    const after = await readCatchUpTargets(source, plan.partitions, plan.sourceLabel);
    const moved = recordsAhead(after, before);
    deps.onProgress?.({ phase: 'quiet', moved, periodMs: input.quietPeriodMs });
    if (moved === 0n && sameOffsets(after, before)) return after;
    if (!input.waitForQuiet) {
      throw new MirrorError(
        `producers still write to the source: ${moved} record(s) arrived in ${input.quietPeriodMs} ms; ` +
          `nothing was stopped`,
        'failed',
        { hint: `${MOVING_SOURCE_HINT}; without --no-wait-for-quiet promote waits for them` },
      );
    }
    before = after;
  }
}
