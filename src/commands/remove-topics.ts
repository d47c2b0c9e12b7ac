import {
  TOPIC_ACTION_EXIT_RULE,
  TopicActionCommand,
  topicActionArgs,
  topicActionFlags,
} from '../lib/cli/command/topic-action-command.js';
import * as Flags from '@oclif/core/flags';
import { yesFlag } from '../lib/cli/flags/flags.js';
import { sourceCheckFlags } from '../lib/cli/flags/source-check-flags.js';
import type { KafkaClient } from '../lib/kafka/client.js';
import { refuseStopWhileSourceDown, sendingFailedTopics } from '../lib/mirror/topics/source-down-refusal.js';
import type { TopicActionResult } from '../lib/mirror/topics/topic-actions.js';
import { ACTION_SPECS, type TopicActionPlan } from '../lib/mirror/topics/topic-actions.js';
import { confirmPlan } from '../lib/prompt/confirm-plan.js';
import { type SourceAccess, withOpenTransactions } from '../lib/mirror/topics/stop-open-transactions.js';
import { renderTopicAction, stopConfirmation } from '../lib/render/topic-actions.js';

const SOURCE_PROBE_MS = 5000;

/**
 * Result of kmirror remove-topics: which selected topics were sent, already STOPPED (noop), blocked by their
 * partition states, refused by the broker per topic, or not in the mirror. The same shape for
 * remove-topics, pause and resume. Errors before anything was sent are the common {"error": …}
 * document instead.
 */
export type RemoveTopicsJson = TopicActionResult<'stop'>;

export default class RemoveTopics extends TopicActionCommand<typeof RemoveTopics> {
  static override summary = 'Stop mirroring topics (failover): they become writable on the destination';
  static override description =
    "Sends StopMirrorTopics for topics of the mirror, selected by name or by pattern among the mirror's topics " +
    'on the DESTINATION. The topics are described first: the broker refuses the whole request when one listed ' +
    'topic has a partition that is not MIRRORING or PAUSED (FAILED during a source outage, for example), so such ' +
    "topics are reported as blocked, with each partition's state and error, and the others are still stopped. " +
    'PAUSED topics are blocked too: the controller refuses to stop a paused topic (MIRROR_TOPIC_ALREADY_PAUSED), ' +
    'so resume them first. Already STOPPED topics are reported as no-ops. Patterns are sent too, so the broker ' +
    'saves them: a pattern found verbatim in mirror.topics.include is removed from it, any other is added to ' +
    'mirror.topics.exclude (the preview says which); the controller then records every topic of the mirror ' +
    'matching the exclude list as STOPPED, paused ones included (reported under viaPattern), but partitions ' +
    'FAILED at that moment ignore it: they stay read-only and mirror again when the source returns. So a stop ' +
    'through a pattern is reported as requested, with its partitions not yet STOPPED, and exits 3 until they ' +
    'are. Stopping is failover: it asks for confirmation on a terminal; elsewhere pass --yes. With --wait it ' +
    'polls until every partition of the topics it meant to stop (through a pattern too) is STOPPED and reports ' +
    "each partition's end state and destination end offset (source end + 1: the PID-reset control record). " +
    TOPIC_ACTION_EXIT_RULE;

  static override examples = [
    '<%= config.bin %> remove-topics m1 -b localhost:9092 --topic orders --dry-run',
    '<%= config.bin %> remove-topics m1 -b localhost:9092 --topic orders,payments --yes --wait 1m',
    '<%= config.bin %> remove-topics m1 -b localhost:9092 --pattern "orders-.*" --yes',
  ];

  static override args = topicActionArgs;
  static override flags = {
    ...topicActionFlags(
      'stop',
      'STOPPED',
      'regular expression (full match) selecting topics of the mirror on the destination (repeatable); also ' +
        'sent, so the broker saves it (see the description)',
    ),
    yes: yesFlag('stop without asking (required when there is no terminal to ask on)'),
    ...sourceCheckFlags('to refuse a stop while it does not answer'),
    'send-while-source-down': Flags.boolean({
      summary:
        'send the stop although the source does not answer (the broker refuses names and stores patterns that ' +
        'FAILED partitions ignore)',
    }),
  };

  protected readonly spec = ACTION_SPECS.stop;
  protected readonly renderResult = renderTopicAction;

  /** The source does not answer: nothing can make a topic writable, so say so before sending (§18). */
  protected override async checkBeforeSend(client: KafkaClient, plan: TopicActionPlan): Promise<void> {
    const wantsStop = plan.sendsRequest || plan.topics.some((t) => t.verdict !== 'noop');
    if (!wantsStop || this.flags['send-while-source-down']) return;
    const rows = plan.topics.flatMap((t) => t.partitions);
    await refuseStopWhileSourceDown(client, plan.mirror, this.spec.command, rows, await this.sourceCheck(this.flags));
  }

  /**
   * The source's open transactions on the topics to stop: the destination aborts them. A source out of
   * reach (the usual reason to fail over) costs at most a few seconds and a warning.
   */
  protected override completePlan(client: KafkaClient, planned: TopicActionPlan, source: SourceAccess) {
    // Told to send anyway: FAILED named topics go in the request, as a pattern does.
    const plan = this.flags['send-while-source-down'] ? sendingFailedTopics(planned) : planned;
    return withOpenTransactions(client, plan, { ...source, openSource: this.openSourceWithin(SOURCE_PROBE_MS) });
  }

  protected override async confirmSend(plan: TopicActionPlan): Promise<boolean> {
    if (!plan.sendsRequest) return false;
    return (await confirmPlan(stopConfirmation(plan), this.confirmSettings(this.flags.yes))).previewShown;
  }
}
