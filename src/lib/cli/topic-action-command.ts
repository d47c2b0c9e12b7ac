// The one flow behind `remove-topics`, `pause` and `resume`: validate, plan (describe first),
// confirm when destructive, send only the movable topics, optionally wait, render once, then exit
// with the rule of outcomeError. The three command files only choose the action and their help.

import { Args, type Command, Flags } from '@oclif/core';
import type { KafkaClient } from '../kafka/client.js';
import { readEndOffsets } from '../mirror/end-offsets.js';
import {
  type ActionSpec,
  type FinalPartition,
  type TopicActionInput,
  type TopicActionPlan,
  type TopicActionResult,
  outcomeError,
  planTopicAction,
  topicActionResultOf,
  sendTopicAction,
  waitedTopics,
} from '../mirror/topic-actions.js';
import { compilePatterns, parseTopicNames } from '../mirror/topic-selection.js';
import { waitForPartitionStates } from '../mirror/wait.js';
import { type PromptContext, confirmAction } from '../prompt/confirm.js';
import { Spinner } from '../render/spinner.js';
import { renderTopicAction, renderTopicActionPreview } from '../render/topic-actions.js';
import { BaseCommand } from './base-command.js';
import { KmirrorError, UsageError } from './errors.js';
import { ExitCode } from './exit-codes.js';
import { durationFlag } from './flags.js';

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
      description: `after sending, wait up to this long until every partition of the topics is ${target} (also bounded by --timeout)`,
    }),
  };
}

/** The exit-code rule, for the three commands' descriptions. */
export const TOPIC_ACTION_EXIT_RULE =
  'Exit codes: 0 when every selected topic reached the state or was already in it; 3 when some did and others were ' +
  'blocked, refused by the broker, or not in the mirror; when none did: 1 if topics were blocked, 6 if the named ' +
  "topics are not in the mirror (or the mirror does not exist), the Kafka error's own code if the broker refused them " +
  '(5 for authorization); 4 when mirroring is disabled; 124 when --wait or --timeout runs out.';

interface TopicActionFlagValues {
  readonly topic?: string[];
  readonly pattern?: string[];
  readonly 'dry-run': boolean;
  readonly wait?: number;
  readonly yes?: boolean;
}

/**
 * Asks before StopMirrorTopics; false when the operator said no. Throws ConfirmationRequiredError without a TTY and
 * --yes.
 */
export async function confirmStop(
  plan: TopicActionPlan,
  options: { canPrompt: boolean; yes: boolean; context?: PromptContext },
): Promise<boolean> {
  const count = plan.send.length;
  const what =
    count > 0
      ? `stop mirroring ${count} topic(s) of mirror '${plan.mirror}' (they become writable on the destination)`
      : `save ${plan.patterns.length} pattern(s) to mirror '${plan.mirror}'`;
  return confirmAction(`${what.charAt(0).toUpperCase()}${what.slice(1)}. Go ahead?`, {
    canPrompt: options.canPrompt,
    yes: options.yes,
    action: what,
    ...(options.context ? { context: options.context } : {}),
  });
}

export abstract class TopicActionCommand<T extends typeof Command> extends BaseCommand<T> {
  protected abstract readonly spec: ActionSpec;

  async run(): Promise<TopicActionResult> {
    const flags = this.flags as unknown as TopicActionFlagValues;
    const input = this.validatedInput(flags);
    const client = await this.kafka();
    const plan = await planTopicAction(client, this.spec, input, { warn: (m) => this.warning(m) });

    if (flags['dry-run']) {
      const result = topicActionResultOf(plan, true);
      this.render(result, (r) => renderTopicAction(plan, r));
      return result;
    }

    let previewShown = false;
    if (this.spec.action === 'stop' && plan.sendsRequest) {
      const yes = flags.yes === true;
      const canPrompt = this.canPrompt(yes);
      const text = this.outputFormat === 'table' || this.outputFormat === 'wide';
      if (canPrompt) {
        this.stdout.write(`${renderTopicActionPreview(plan)}\n`);
        previewShown = true;
      } else if (!yes && text) {
        // Refused below: show on stderr what would have been stopped, so the operator can decide.
        this.stderr.write(`${renderTopicActionPreview(plan)}\n`);
      }
      if (!(await confirmStop(plan, { canPrompt, yes }))) {
        throw new KmirrorError('not confirmed; nothing was sent', ExitCode.Error, {
          hint: '--dry-run shows what would be sent',
        });
      }
    }

    const result = await sendTopicAction(client, plan);
    let waitError: unknown;
    if (flags.wait !== undefined) {
      const watched = waitedTopics(plan, result);
      if (watched.length > 0) {
        try {
          result.final = await this.waitFor(client, plan, watched, flags.wait, (rows) => (result.final = [...rows]));
        } catch (err) {
          waitError = err;
        }
      } else {
        result.final = [];
      }
    }
    this.render(result, (r) => renderTopicAction(plan, r, { previewShown }));
    if (waitError !== undefined) throw waitError;
    const error = outcomeError(result, this.spec) ?? this.unsettled(result);
    if (error) throw error;
    return result;
  }

  private validatedInput(flags: TopicActionFlagValues): TopicActionInput {
    const topics = parseTopicNames(flags.topic ?? []);
    const patterns = [...new Set(flags.pattern ?? [])];
    compilePatterns(patterns, '--pattern');
    if (topics.length === 0 && patterns.length === 0) {
      throw new UsageError('no topics given', {
        hint: `name topics of the mirror with --topic, or select them with --pattern REGEX (e.g. --pattern '.*' for all)`,
      });
    }
    return { mirror: (this.args as { mirror: string }).mirror, topics, patterns };
  }

  /** --wait: polls with a spinner on a terminal; keeps the last rows seen so a timeout still reports them. */
  private async waitFor(
    client: KafkaClient,
    plan: TopicActionPlan,
    topics: string[],
    waitMs: number,
    keep: (rows: readonly FinalPartition[]) => void,
  ): Promise<FinalPartition[]> {
    const { spec } = plan;
    const stderr = process.stderr;
    const spinner = new Spinner(this.stderr, stderr.isTTY === true && this.canPrompt());
    try {
      const rows = await waitForPartitionStates(client, plan.mirror, topics, spec.target, {
        sleep: this.deadline.waitWithin(
          waitMs,
          `the request was accepted; kmirror describe ${plan.mirror} shows the partition states (a longer --wait or --timeout waits longer)`,
        ),
        onProgress: ({ done, total, rows }) => {
          keep(rows);
          spinner.update(`waiting for ${spec.target}: ${done}/${total} partition(s)`);
        },
      });
      spinner.stop();
      return spec.action === 'stop' ? await this.withEndOffsets(client, rows) : rows;
    } finally {
      spinner.stop();
    }
  }

  /** Destination end offsets of the STOPPED partitions (where failover left each one). */
  private async withEndOffsets(client: KafkaClient, rows: FinalPartition[]): Promise<FinalPartition[]> {
    const wanted = new Map<string, number[]>();
    for (const r of rows) if (r.state === 'STOPPED') wanted.set(r.topic, [...(wanted.get(r.topic) ?? []), r.partition]);
    if (wanted.size === 0) return rows;
    const { offsets, failures } = await readEndOffsets(client, wanted);
    for (const f of failures) this.warning(`cannot read a destination end offset: ${f.message}`);
    return rows.map((r) => ({ ...r, destinationEndOffset: offsets.get(r.topic)?.get(r.partition) ?? null }));
  }

  /** After --wait: partitions that settled FAILED for good instead of reaching the target. */
  private unsettled(result: TopicActionResult): KmirrorError | null {
    const off = (result.final ?? []).filter((r) => r.state !== this.spec.target);
    if (off.length === 0) return null;
    const list = off
      .map((r) => `${r.topic}-${r.partition} ${r.state}${r.errorMessage ? ` (${r.errorMessage})` : ''}`)
      .join(', ');
    const reached = (result.final ?? []).length > off.length;
    return new KmirrorError(
      `${off.length} partition(s) did not reach ${this.spec.target}: ${list}`,
      reached ? ExitCode.PartialFailure : ExitCode.Error,
      {
        hint: 'a FAILED partition with a non-retryable error stays FAILED; kmirror describe shows it',
      },
    );
  }
}
