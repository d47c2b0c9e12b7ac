// Which RPCs each part of kmirror depends on, so gating and `check` ask about the same set.

import type { ApiDefinition } from '../../kafka/definition.js';
import {
  ADMIN_MIRROR_APIS,
  DescribeConfigs,
  IncrementalAlterConfigs,
  MIRROR_APIS,
} from '../../kafka/messages/index.js';

export { ADMIN_MIRROR_APIS, MIRROR_APIS };

/** Config RPCs used on the mirror resource (type 64); not gated on mirror.version. */
export const CONFIG_APIS: readonly ApiDefinition[] = [DescribeConfigs, IncrementalAlterConfigs];
