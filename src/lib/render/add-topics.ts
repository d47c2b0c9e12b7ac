// Text for `kmirror add-topics`: the preview table (what each matching topic will get), the request
// in readable form for --dry-run, and the outcome per topic.

import {
  type AddTopicsPlan,
  type AddTopicsResult,
  type StartRequest,
  type TopicFailureDetail,
  type confirmationReason,
} from '../mirror/topics/add-topics.js';
import type { TopicToAdd } from '../mirror/topics/topic-selection.js';
import type { DestinationTruncation } from '../mirror/topics/readd-truncation.js';
import { formatCount, nameList } from '../mirror/core/name-list.js';
import { style } from './style.js';
import { renderTable } from './table.js';
import { forTerminal } from '../text/terminal-safe.js';

function actionLabel(t: TopicToAdd): string {
  switch (t.action) {
    case 'add':
      return style.ok('add');
    case 'restart':
      return style.ok('add (restart: STOPPED in this mirror)');
    case 'add-missing':
      return style.warn('add (not on source yet: started when it appears)');
    case 'already-mirrored':
      return style.dim(`already in this mirror (${t.state ?? '?'})`);
    case 'in-other-mirror':
      return style.warn(`in mirror ${t.mirror ?? '?'} (${t.state ?? '?'})`);
    case 'missing-on-source':
      return style.bad('missing on source');
    case 'excluded-by-mirror':
      return style.warn("excluded by the mirror's mirror.topics.exclude");
  }
}

function list(items: readonly string[]): string {
  return items.length === 0 ? 'none' : nameList(items);
}

const CONFIRMATION_ROWS = 20;

function confirmation(
  plan: AddTopicsPlan,
  reason: NonNullable<ReturnType<typeof confirmationReason>>,
): { preview: string; question: string; action: string } {
  const count = formatCount(plan.request?.Topics?.length ?? 0);
  const byPattern = plan.addedByPattern.length;
  const patterns =
    `save the patterns ` +
    `(${[...plan.include, ...plan.exclude.map((p) => `exclude ${p}`)].join(', ')}) in mirror ` +
    `'${plan.mirror}' for auto-discovery`;
  const shown = preview(plan, { maxRows: CONFIRMATION_ROWS });
  switch (reason) {
    case 'truncates-destination': {
      const lost = plan.truncation.lostRecords;
      const parts = plan.truncation.truncatedPartitions;
      return {
        preview: shown,
        question:
          `Start ${count} topic(s) in mirror ${plan.mirror}, truncating ${parts} destination partition(s) and ` +
          `losing ${lost} record(s) written there?`,
        action: `truncate ${parts} destination partition(s) (${lost} record(s) lost)`,
      };
    }
    case 'mirror-loop': {
      const looped = plan.loopCheck.loops.map((l) => l.topic);
      return {
        preview: shown,
        question:
          `Start ${count} topic(s) in mirror ${plan.mirror} although it makes a mirror loop: ` +
          `${looped.join(', ')} become(s) read-only on this cluster?`,
        action: `start a mirror loop in mirror '${plan.mirror}' (${looped.join(', ')} read-only on this cluster)`,
      };
    }
    case 'pattern-matches':
      return {
        preview: shown,
        question: `Start mirroring ${count} topic(s) in mirror ${plan.mirror} (${byPattern} selected by --pattern)?`,
        action: `start ${byPattern} topic(s) selected by --pattern in mirror '${plan.mirror}'`,
      };
    case 'patterns-saved':
      return {
        preview: shown,
        question: `Start ${count} topic(s) and ${patterns}?`,
        action: patterns,
      };
    case 'many-topics':
      return {
        preview: shown,
        question: `Start mirroring ${count} topics in mirror ${plan.mirror}?`,
        action: `start ${count} topics at once in mirror '${plan.mirror}'`,
      };
  }
}

function preview(plan: AddTopicsPlan, options: { maxRows?: number } = {}): string {
  const rows = options.maxRows === undefined ? plan.topics : plan.topics.slice(0, options.maxRows);
  const out: string[] = [`Mirror ${plan.mirror}, source cluster ${plan.sourceBootstrap.join(',')}`];
  if (plan.topics.length === 0) {
    out.push(plan.include.length > 0 ? 'No source topic matches the patterns yet.' : 'No topics selected.');
  } else {
    out.push(
      renderTable(
        [{ header: 'TOPIC' }, { header: 'PARTITIONS', align: 'right' }, { header: 'TOPIC ID' }, { header: 'ACTION' }],
        rows.map((t) => [
          t.topic,
          t.partitions === null ? '-' : String(t.partitions),
          t.topicId ?? '-',
          actionLabel(t),
        ]),
        style.header,
      ),
    );
    if (rows.length < plan.topics.length)
      out.push(
        style.dim(`… and ${formatCount(plan.topics.length - rows.length)} more topics (all of them: --dry-run)`),
      );
  }
  for (const t of plan.topics.filter((topic) => topic.causes)) {
    out.push(style.warn(`${t.topic} has FAILED partitions in mirror ${t.mirror ?? plan.mirror} (left out):`));
    for (const c of t.causes ?? []) out.push(`  Cause: ${c.summary}`, `  Recovery: ${c.recovery}`);
  }
  if (plan.include.length > 0 || plan.exclude.length > 0)
    out.push(`Patterns: include ${list(plan.include)}; exclude ${list(plan.exclude)}`);
  out.push(...truncationLines(plan.truncation));
  if (plan.topics.some((t) => t.action === 'missing-on-source')) {
    out.push(
      style.dim(
        'Topics missing on the source are left out. --allow-missing sends them with NumPartitions 0: the ' +
          'broker only saves the names, and the mirror starts them when they appear on the source.',
      ),
    );
  }
  return out.join('\n');
}

function truncationSentence(report: DestinationTruncation): string {
  return (
    `the start truncates ${report.truncatedPartitions} partition(s) of ${report.topics.length} topic(s) that ` +
    `already hold records on the destination and copies the source into them again: ${report.lostRecords} ` +
    `record(s) written on the destination beyond the source's end are lost`
  );
}

function truncationLines(report: DestinationTruncation): string[] {
  if (report.topics.length === 0) return [];
  const rows = report.topics.flatMap((t) =>
    t.partitions.map((p) => [
      t.topic,
      String(p.partition),
      String(p.destinationEnd),
      p.sourceEnd === null ? '?' : String(p.sourceEnd),
      String(p.truncatedTo),
      String(p.lost),
    ]),
  );
  const heading =
    report.lostRecords > 0n
      ? style.warn(`Data loss on the destination: ${truncationSentence(report)}.`)
      : `No data loss on the destination: the start truncates ${report.truncatedPartitions} partition(s) of ` +
        `${report.topics.length} topic(s) that already hold records here and copies the source into them again; ` +
        "none holds a record beyond the source's end.";
  return [
    heading,
    renderTable(
      [
        { header: 'TOPIC' },
        { header: 'PARTITION', align: 'right' },
        { header: 'DEST END', align: 'right' },
        { header: 'SOURCE END', align: 'right' },
        { header: 'TRUNCATED TO', align: 'right' },
        { header: 'LOST', align: 'right' },
      ],
      rows,
      style.header,
    ),
  ];
}

function startRequest(request: StartRequest): string {
  const out = ['StartMirrorTopics', `  MirrorName: ${request.MirrorName ?? ''}`];
  const topics = request.Topics ?? [];
  if (topics.length === 0) out.push('  Topics: []');
  else {
    out.push('  Topics:');
    for (const t of topics)
      out.push(
        `    - TopicName: ${t.TopicName ?? ''}, TopicId: ${t.TopicId ?? ''}, NumPartitions: ${t.NumPartitions ?? 0}`,
      );
  }
  out.push(`  IncludePatterns: [${(request.IncludePatterns ?? []).join(', ')}]`);
  out.push(`  ExcludePatterns: [${(request.ExcludePatterns ?? []).join(', ')}]`);
  out.push(`  StateValidationOffset: ${String(request.StateValidationOffset ?? -1)}`);
  return out.join('\n');
}

export interface OutcomeOptions {
  readonly previewShown?: boolean;
  readonly failures?: readonly TopicFailureDetail[];
}

function outcome(plan: AddTopicsPlan, result: AddTopicsResult, options: OutcomeOptions = {}): string {
  const out: string[] = [];
  if (!options.previewShown) out.push(preview(plan), '');
  const patternsGiven = result.patterns.include.length > 0 || result.patterns.exclude.length > 0;

  if (result.dryRun) {
    if (plan.request) out.push('Dry run: kmirror would send', startRequest(plan.request));
    else out.push('Dry run: there is nothing to send.');
    out.push('Nothing was sent (--dry-run).');
    return out.join('\n');
  }
  if (!plan.request) {
    out.push(`Nothing to add to mirror ${result.mirror}.`);
    return out.join('\n');
  }
  if (result.added.length > 0)
    out.push(
      style.ok(
        `Started ${result.added.length} mirror topic(s) in mirror ${result.mirror}: ` +
          `${nameList(result.added.map((a) => a.topic))}`,
      ),
    );
  if (patternsGiven) {
    out.push(
      result.added.length === 0
        ? `No matching topics found yet. Patterns saved to mirror ${result.mirror} for auto-discovery.`
        : `Patterns saved to mirror ${result.mirror} for auto-discovery.`,
    );
    out.push(...ownedElsewhere(plan));
  }
  if (result.failed.length > 0) {
    out.push(style.bad(`Failed to start ${result.failed.length} topic(s):`));
    const hints = new Map((options.failures ?? []).map((f) => [f.topic, f.hint]));
    for (const f of result.failed) {
      out.push(`  ${f.topic}: ${f.error.message}`);
      const hint = hints.get(f.topic);
      if (hint) out.push(`    ${style.dim('Hint:')} ${hint}`);
    }
  }
  return out.join('\n');
}

function ownedElsewhere(plan: AddTopicsPlan): string[] {
  const owned = plan.topics.filter((t) => t.action === 'in-other-mirror' && !t.named);
  if (owned.length === 0) return [];
  const mirrors = [...new Set(owned.map((t) => t.mirror ?? '?'))];
  return [
    style.warn(
      `Note: the pattern(s) also match ${nameList(owned.map((t) => t.topic))}, already mirrored by mirror ` +
        `${mirrors.join(', ')} of this cluster; they stay there (a topic is in one mirror at a time), so this ` +
        `mirror's pattern does not start them.`,
    ),
  ];
}

export const addTopicsConfirmation = forTerminal(confirmation);

export const renderAddTopicsPreview = forTerminal(preview);

export const renderStartRequest = forTerminal(startRequest);

export const renderAddTopics = forTerminal(outcome);
