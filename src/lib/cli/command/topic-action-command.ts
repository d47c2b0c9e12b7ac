// The CLI side of `remove-topics`, `pause` and `resume`: plan, confirm, apply and --wait, render, exit rule.
// The command files choose the action, renderer and confirmation; this file imports neither render/ nor prompt/.

import * as Args from '@oclif/core/args';
import type { Command } from '@oclif/core/command';
import * as Flags from '@oclif/core/flags';
import { applyTopicAction, unsettledError } from '../../mirror/topics/apply-topic-action.js';
import { caughtUpNote } from '../../mirror/topics/caught-up.js';
import {
  type ActionSpec,
  type TopicActionPlan,
  type TopicActionResult,
  outcomeError,
  planTopicAction,
  requestOf,
  topicActionResultOf,
} from '../../mirror/topics/topic-actions.js';
import type { KafkaClient } from '../../kafka/client.js';
import type { SourceAccess } from '../../mirror/topics/stop-open-transactions.js';
import { BaseCommand } from './base-command.js';
import { durationFlag } from '../flags/flags.js';
import { Spinner } from '../output/spinner.js';
import { topicActionInput } from '../flags/topic-input.js';
import { PASSING_WAIT_MS, type PassingWait, planPastPassingStates } from '../../mirror/topics/passing-states.js';

const SEND_RESERVE_MS = 3_000;

export const topicActionArgs = {
  mirror: Args.string({ description: 'name of the mirror', required: true }),
};

export function topicActionFlags(
  verb: string,
  target: string,
  patternSummary = 'regular expression (full match) selecting topics of the mirror on the destination (repeatable)',
) {
  return {
    topic: Flags.string({
      char: 't',
      summary: `topic of the mirror to ${verb} (repeatable, or a comma-separated list)`,
      multiple: true,
      helpValue: '<name>',
    }),
    pattern: Flags.string({
      char: 'p',
      summary: patternSummary,
      multiple: true,
      helpValue: '<regex>',
    }),
    'dry-run': Flags.boolean({ summary: 'show what would be sent and why; send nothing' }),
    wait: durationFlag({
      description:
        `after sending, wait up to this long until every partition of the topics is ${target} (also ` +
        `bounded by --timeout)`,
    }),
  };
}

export const TOPIC_ACTION_EXIT_RULE =
  'Exit codes: 0 when every selected topic reached the state or was already in it; when some did: 6 if others ' +
  'are not in the mirror (the rest is still shown), else 3 (blocked or refused by the broker); when none did: 1 ' +
  'if topics were blocked, 6 if the named topics are not in the mirror (or the mirror does not exist), the Kafka ' +
  "error's own code if the broker refused them (5 for authorization); 3 when a stop through a stored pattern " +
  'left partitions not STOPPED; 4 when mirroring is disabled; 124 when --wait or --timeout runs out.';

interface TopicActionFlagValues {
  readonly topic?: string[];
  readonly pattern?: string[];
  readonly 'dry-run': boolean;
  readonly wait?: number;
  readonly 'source-config'?: string;
  readonly 'source-profile'?: string;
}

export type TopicActionRenderer = (
  plan: TopicActionPlan,
  result: TopicActionResult,
  options: { previewShown?: boolean; request: ReturnType<typeof requestOf> },
) => string;

export abstract class TopicActionCommand<T extends typeof Command> extends BaseCommand<T> {
  static changesState = true;
  protected abstract readonly spec: ActionSpec;
  protected abstract readonly renderResult: TopicActionRenderer;

  protected async checkBeforeSend(_client: KafkaClient, _plan: TopicActionPlan): Promise<void> {}
  protected async completePlan(
    _client: KafkaClient,
    plan: TopicActionPlan,
    _source: SourceAccess,
  ): Promise<TopicActionPlan> {
    return plan;
  }

  protected async confirmSend(_plan: TopicActionPlan): Promise<boolean> {
    return false;
  }

  private passingWait(): PassingWait {
    return {
      limitMs: Math.min(PASSING_WAIT_MS, Math.max(0, this.deadline.remainingMs() - SEND_RESERVE_MS)),
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      now: Date.now,
      onWait: (line) => this.note(line),
    };
  }

  async run(): Promise<TopicActionResult> {
    const flags = this.flags as unknown as TopicActionFlagValues;
    const input = topicActionInput((this.args as { mirror: string }).mirror, flags);
    const warn = (m: string): void => this.warning(m);
    const source = { openSource: this.openSource, warn, ...(await this.sourceAccess(flags)) };
    const client = await this.kafka();
    const seen = new Set<string>();
    const planned = () =>
      planTopicAction(client, this.spec, input, { warn: (m) => (seen.has(m) ? undefined : (seen.add(m), warn(m))) });
    const settled = await planPastPassingStates(await planned(), planned, this.passingWait());
    const plan = await this.completePlan(client, settled, source);
    await this.checkBeforeSend(client, plan);
    if (flags['dry-run']) {
      const result = topicActionResultOf(plan, true);
      this.render(result, (r) => this.renderResult(plan, r, { request: requestOf(plan) }));
      return result;
    }
    const previewShown = await this.confirmSend(plan);
    const spinner = new Spinner(this.stderr, process.stderr.isTTY === true && this.canPrompt());
    let applied;
    try {
      applied = await applyTopicAction(
        client,
        plan,
        flags.wait === undefined
          ? undefined
          : {
              sleep: this.deadline.waitWithin(
                flags.wait,
                `the request was accepted; kmirror describe ${plan.mirror}${this.reachArgs()} shows the ` +
                  `partition states ` +
                  '(a longer --wait or --timeout waits longer)',
              ),
              onProgress: (done, total) =>
                spinner.update(`waiting for ${this.spec.target}: ${done}/${total} partition(s)`),
              source,
            },
      );
    } finally {
      spinner.stop();
    }
    const { result, waitError, warnings, caughtUp } = applied;
    for (const warning of warnings) this.warning(warning);
    this.render(result, (r) => this.renderResult(plan, r, { previewShown, request: requestOf(plan) }));
    if (waitError !== undefined) throw waitError;
    const error = outcomeError(result, this.spec) ?? unsettledError(result, this.spec.target);
    if (error) throw error;
    if (caughtUp && caughtUp.total > 0) this.note(caughtUpNote(caughtUp));
    return result;
  }
}
