// A lost answer to Stop/Pause/ResumeMirrorTopics read back: a stopped topic leaves ListClusterMirrors' names,
// a paused one has no partition MIRRORING, a resumed one none PAUSED; unchanged topics count as refused.

import type { KafkaClient } from '../../kafka/client.js';
import type { ResponseOf } from '../../kafka/message-types.js';
import type { StopMirrorTopics } from '../../kafka/messages/index.js';
import { describeMirrors } from '../describe/describe.js';
import { listedTopics } from '../core/list.js';
import { type ReadBack, answerFromReadBack, applied, notApplied } from '../core/read-back.js';
import { describeMirrorConfigs } from '../core/source-client.js';
import type { PatternPlan, TopicActionPlan } from './topic-actions.js';
import { splitListValue } from '../core/list-value.js';

export type TopicActionResponse = ResponseOf<typeof StopMirrorTopics>;

function patternSaved(p: PatternPlan, include: readonly string[], exclude: readonly string[]): boolean {
  switch (p.effect) {
    case 'remove-from-include':
      return !include.includes(p.pattern);
    case 'add-to-exclude':
    case 'already-excluded':
      return exclude.includes(p.pattern);
    default:
      return !include.includes(p.pattern) || exclude.includes(p.pattern);
  }
}

export function actedTopics(client: KafkaClient, plan: TopicActionPlan): ReadBack<TopicActionResponse> {
  const { spec, mirror } = plan;
  const withPatterns = spec.action === 'stop' && plan.patterns.length > 0;
  return {
    readWith: `ListClusterMirrors, DescribeClusterMirrors${withPatterns ? ' and DescribeConfigs' : ''}`,
    checkWith: `kmirror describe ${mirror}`,
    read: async () => {
      const listed = await listedTopics(client, mirror);
      if (listed === null) return notApplied(`mirror '${mirror}' is not listed`);
      const described = await describeMirrors(client, [mirror], { namesKnownToExist: true });
      const states = new Map(
        (described.mirrors.find((m) => m.name === mirror)?.topics ?? []).map((t) => [
          t.name,
          t.partitions.map((p) => p.state),
        ]),
      );
      const done = (topic: string): boolean => {
        if (spec.action === 'stop') return !listed.includes(topic);
        const partitions = states.get(topic) ?? [];
        return partitions.length > 0 && partitions.every((s) => !spec.movable.includes(s));
      };
      const unchanged = plan.send.filter((t) => !done(t));
      let patternsSaved = true;
      if (withPatterns) {
        const stored = await describeMirrorConfigs(client, mirror);
        const include = splitListValue(stored.get('mirror.topics.include'));
        const exclude = splitListValue(stored.get('mirror.topics.exclude'));
        patternsSaved = plan.patterns.every((p) => patternSaved(p, include, exclude));
      }
      if (unchanged.length === plan.send.length && (plan.send.length > 0 || !patternsSaved))
        return notApplied(
          plan.send.length > 0
            ? `${unchanged.join(', ')} ${unchanged.length === 1 ? 'is' : 'are'} not ${spec.past}`
            : 'the patterns are not stored',
        );
      return applied(
        answerFromReadBack(unchanged, `not ${spec.past}: the answer was lost, and the state read back is unchanged`),
      );
    },
  };
}
