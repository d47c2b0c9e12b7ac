// `create --include`: before the mirror exists, ask its source whether it mirrors a topic the include list
// would start back from here. --dry-run does not contact this cluster, so the check is not made.

import type { ConnectionConfig } from '../../connection/connection-config.js';
import type { KafkaClient } from '../../kafka/client.js';
import { type LoopCheck, askSourceForLoops, filterSelector, guardLoops, notMade } from '../describe/loop-check.js';

export interface CreateLoopCheckOptions {
  readonly destination: string | null | undefined;
  readonly openSource: (settings: ConnectionConfig) => Promise<KafkaClient>;
  readonly allowLoop: boolean;
  readonly warn: (message: string) => void;
}

export async function createLoopCheck(
  plan: { readonly mirror: string; readonly sourceConnection: ConnectionConfig | null },
  include: readonly string[],
  options: CreateLoopCheckOptions,
): Promise<LoopCheck | null> {
  if (include.length === 0) return null;
  const check =
    options.destination === undefined
      ? Promise.resolve(notMade('--dry-run does not contact this cluster, so its id is unknown'))
      : askSourceForLoops(plan.sourceConnection, options.openSource, options.destination, filterSelector(include, []));
  return guardLoops(plan.mirror, check, options.allowLoop, options.warn);
}
