import {
  TOPIC_ACTION_EXIT_RULE,
  TopicActionCommand,
  topicActionArgs,
  topicActionFlags,
} from '../lib/cli/command/topic-action-command.js';
import type { TopicActionResult } from '../lib/mirror/topics/topic-actions.js';
import { ACTION_SPECS } from '../lib/mirror/topics/topic-actions.js';
import { renderTopicAction } from '../lib/render/topic-actions.js';

/**
 * Result of kmirror pause: which selected topics were sent, already PAUSED (noop), blocked by their
 * partition states, refused by the broker per topic, or not in the mirror. The same shape for
 * remove-topics, pause and resume. Errors before anything was sent are the common {"error": …}
 * document instead.
 */
export type PauseJson = TopicActionResult<'pause'>;

export default class Pause extends TopicActionCommand<typeof Pause> {
  static override summary = 'Pause mirroring of topics: fetching stops, the topics stay read-only';
  static override description =
    "Sends PauseMirrorTopics for topics of the mirror, selected by name or by pattern among the mirror's topics " +
    'on the DESTINATION. The topics are described first: the broker refuses the whole request unless every ' +
    'partition of every listed topic is MIRRORING, so topics already PAUSED (or PAUSING) are reported as no-ops ' +
    "and topics in any other state (FAILED, LOG_TRUNCATION, STOPPED, …) as blocked with their partitions' " +
    'states; only the rest is sent. Resume with kmirror resume. With --wait it polls until every partition is ' +
    'PAUSED. ' +
    TOPIC_ACTION_EXIT_RULE;

  static override examples = [
    '<%= config.bin %> pause m1 -b localhost:9092 --topic orders',
    '<%= config.bin %> pause m1 -b localhost:9092 --pattern "orders-.*" --wait 30s',
  ];

  static override args = topicActionArgs;
  static override flags = topicActionFlags('pause', 'PAUSED');

  protected readonly spec = ACTION_SPECS.pause;
  protected readonly renderResult = renderTopicAction;
}
