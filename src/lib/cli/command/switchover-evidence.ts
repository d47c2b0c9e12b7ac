// What promote and failback need from the command around their services: the dependencies wired to the
// command's deadline, signals, spinner and messages, and the receipt file (checked before anything is sent,
// written once the switchover is done).

import { existsSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { ConnectionConfig } from '../../connection/connection-config.js';
import type { KafkaClient } from '../../kafka/client.js';
import type { SourceCheckPolicy } from '../../mirror/core/source-check.js';
import type { PromoteDependencies, PromoteProgress } from '../../mirror/switchover/promote-plan.js';
import type { PromotePlan } from '../../mirror/switchover/promote-plan.js';
import type { PromoteResult } from '../../mirror/switchover/promote-report.js';
import type { FailbackResult } from '../../mirror/switchover/failback.js';
import { failbackReceipt, promoteReceipt, refuseDivergingTail } from '../../mirror/switchover/switchover-receipt.js';
import type { Receipt } from '../../mirror/verify/receipt.js';
import { UsageError } from '../failures/errors.js';
import { formatJson } from '../output/output-format.js';
import type { Deadline } from './deadline.js';
import { interruptibleSleep } from './stop-signal.js';

export interface CommandHooks {
  readonly openSource: (settings: ConnectionConfig) => Promise<KafkaClient>;
  readonly warn: (message: string) => void;
  readonly note: (message: string) => void;
  readonly deadline: Deadline;
}

export function promoteDependencies(
  hooks: CommandHooks,
  stopped: Promise<NodeJS.Signals>,
  onProgress: (p: PromoteProgress) => void,
  options: { readonly sourceCheck: SourceCheckPolicy; readonly verify: boolean; readonly client: KafkaClient },
): PromoteDependencies {
  return {
    openSource: hooks.openSource,
    warn: hooks.warn,
    note: hooks.note,
    sleep: interruptibleSleep((ms, what, hint) => hooks.deadline.sleep(ms, what, hint), stopped),
    requireTimeLeft: (ms, what) => hooks.deadline.requireLeft(ms, what),
    onProgress,
    now: Date.now,
    sourceCheck: options.sourceCheck,
    ...(options.verify
      ? {
          beforeStop: (plan) =>
            refuseDivergingTail(options.client, plan, { openSource: hooks.openSource, warn: hooks.warn }),
        }
      : {}),
  };
}

export function checkReceiptPath(file: string | undefined): void {
  if (file === undefined) return;
  const dir = dirname(resolve(file));
  if (!existsSync(dir) || !statSync(dir).isDirectory())
    throw new UsageError(`--receipt ${file}: the folder ${dir} does not exist`, {
      hint: 'give a file in an existing folder; the receipt is written once the switchover is done',
    });
  if (existsSync(file) && statSync(file).isDirectory())
    throw new UsageError(`--receipt ${file} is a folder`, { hint: 'give a file name for the receipt' });
}

export function writeReceipt(file: string, receipt: Receipt): void {
  writeFileSync(file, `${formatJson(receipt)}\n`);
}

export class StepClock {
  readonly steps: { step: string; at: string }[] = [];
  mark(step: string): void {
    this.steps.push({ step, at: new Date().toISOString() });
  }
}

export interface PromoteWiringInput extends CommandHooks {
  readonly stopped: Promise<NodeJS.Signals>;
  readonly spinner: { update(text: string): void };
  readonly progressText: (p: PromoteProgress) => string;
  readonly sourceCheck: SourceCheckPolicy;
  readonly verify: boolean;
  readonly receipt: string | undefined;
  readonly version: string;
  readonly client: KafkaClient;
}

export function promoteWiring(input: PromoteWiringInput): {
  readonly deps: PromoteDependencies;
  readonly clock: StepClock;
  afterStop(plan: PromotePlan, result: PromoteResult, bootstrap: string[]): Promise<void>;
} {
  checkReceiptPath(input.receipt);
  const clock = new StepClock();
  return {
    deps: promoteDependencies(input, input.stopped, (p) => input.spinner.update(input.progressText(p)), input),
    clock,
    async afterStop(plan, result, bootstrap) {
      clock.mark('stopped');
      if (input.receipt === undefined || !result.stopSent) return;
      const receipt = await promoteReceipt(input.client, bootstrap, plan, result, clock.steps, {
        openSource: input.openSource,
        warn: input.warn,
        now: Date.now,
        kmirrorVersion: input.version,
      });
      writeReceipt(input.receipt, receipt);
      result.receipt = input.receipt;
    },
  };
}

export async function writeFailbackReceipt(
  file: string | undefined,
  a: { readonly client: KafkaClient; readonly bootstrap: string[] },
  b: ConnectionConfig,
  result: FailbackResult,
  context: { readonly hooks: CommandHooks; readonly version: string; readonly startedAt: number },
): Promise<void> {
  if (file === undefined || !result.started) return;
  const steps = [
    { step: 'planned', at: new Date(context.startedAt).toISOString() },
    { step: 'started', at: new Date().toISOString() },
  ];
  const receipt = await failbackReceipt(a.client, a.bootstrap, b, result, steps, {
    openSource: context.hooks.openSource,
    warn: context.hooks.warn,
    now: Date.now,
    kmirrorVersion: context.version,
  });
  writeReceipt(file, receipt);
  result.receipt = file;
}
