// Flags that override a guard against an operation that loses data or stops production; each is
// named for what it lets through.

import * as Flags from '@oclif/core/flags';

export const allowMirrorLoopFlag = {
  'allow-mirror-loop': Flags.boolean({
    summary:
      'start topics the source cluster mirrors from this cluster anyway (a mirror loop: this cluster\u2019s ' +
      'topics become read-only)',
  }),
};
