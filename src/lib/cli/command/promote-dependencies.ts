// What promote's service is handed by its command: the command's lines, the --timeout budget, and Ctrl-C /
// SIGTERM, which end a wait of promote's early so it reports what it did (stop-signal.ts).

import type { PromoteDependencies } from '../../mirror/switchover/promote-plan.js';
import type { Deadline } from './deadline.js';
import { interruptibleSleep } from './stop-signal.js';

/** The parts of PromoteDependencies a command has at hand; the waits and the clock are made from the rest. */
export type PromoteCommandParts = Pick<
  PromoteDependencies,
  'openSource' | 'warn' | 'note' | 'onProgress' | 'sourceCheck'
>;

export function promoteDependencies(
  deadline: Deadline,
  stopped: Promise<NodeJS.Signals>,
  parts: PromoteCommandParts,
): PromoteDependencies {
  return {
    ...parts,
    sleep: interruptibleSleep((ms, what, hint) => deadline.sleep(ms, what, hint), stopped),
    requireTimeLeft: (ms, what) => deadline.requireLeft(ms, what),
    now: Date.now,
  };
}
