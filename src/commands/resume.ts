import {
  TOPIC_ACTION_EXIT_RULE,
  TopicActionCommand,
  topicActionArgs,
  topicActionFlags,
} from '../lib/cli/command/topic-action-command.js';
import { sourceConfigFlag, sourceProfileFlag } from '../lib/cli/flags/flags.js';
import type { TopicActionResult } from '../lib/mirror/topics/topic-actions.js';
import { ACTION_SPECS } from '../lib/mirror/topics/topic-actions.js';
import { renderTopicAction } from '../lib/render/topic-actions.js';

/**
 * Result of kmirror resume: which selected topics were sent, already MIRRORING (noop), blocked by their
 * partition states, refused by the broker per topic, or not in the mirror. The same shape for
 * remove-topics, pause and resume. Errors before anything was sent are the common {"error": …}
 * document instead.
 */
export type ResumeJson = TopicActionResult<'resume'>;

export default class Resume extends TopicActionCommand<typeof Resume> {
  static override summary = 'Resume mirroring of paused topics';
  static override description =
    "Sends ResumeMirrorTopics for topics of the mirror, selected by name or by pattern among the mirror's topics " +
    'on the DESTINATION. The topics are described first: the broker refuses the whole request unless every ' +
    'partition of every listed topic is PAUSED, so topics already MIRRORING are reported as no-ops and topics in ' +
    "any other state (PAUSING, FAILED, STOPPED, …) as blocked with their partitions' states; only the rest is " +
    'sent. Resuming does not truncate: partitions go straight back to MIRRORING. With --wait it reads the source ' +
    'end offsets of the resumed topics (ListOffsets on the SOURCE, reached with the settings the mirror stores, ' +
    'or --source-config) and waits until they have caught up: every partition MIRRORING and its destination end ' +
    'offset (ListOffsets on the destination) at or past the source end offset read when the wait began; the ' +
    "broker's reported lag is not used. " +
    TOPIC_ACTION_EXIT_RULE;

  static override examples = [
    '<%= config.bin %> resume m1 -b localhost:9092 --topic orders',
    '<%= config.bin %> resume m1 -b localhost:9092 --pattern ".*" --wait 30s',
  ];

  static override args = topicActionArgs;
  static override flags = {
    ...topicActionFlags('resume', 'MIRRORING and caught up with the source end offsets read when the wait began'),
    'source-config': sourceConfigFlag(
      'with --wait: properties file for reaching the source cluster from this machine; overrides the ' +
        "mirror's stored settings",
    ),
    ...sourceProfileFlag,
  };

  protected readonly spec = ACTION_SPECS.resume;
  protected readonly renderResult = renderTopicAction;
}
