// Text for remove-topics, pause and resume: the preview (what happens to each selected topic and,
// for remove-topics, to each pattern), the request for --dry-run, and the outcome per topic.

import { nameList } from '../mirror/core/name-list.js';
import type { PatternPlan, TopicToAct, TopicActionPlan, TopicActionResult } from '../mirror/topics/topic-actions.js';
import type { requestOf } from '../mirror/topics/topic-actions.js';
import { orDash, stateColour, style } from './style.js';
import { type Column, renderTable } from './table.js';
import { forTerminal } from '../text/terminal-safe.js';
import type { FinalPartition } from '../mirror/topics/final-partition.js';
import { openTransactionsText } from './open-transactions.js';

function actionLabel(plan: TopicActionPlan, t: TopicToAct): string {
  const { spec } = plan;
  switch (t.verdict) {
    case 'send':
      return spec.action === 'stop' ? style.warn('stop mirroring (becomes writable)') : style.ok(spec.verb);
    case 'noop':
      return style.dim(`none: already ${spec.target}`);
    case 'in-transit':
      return style.dim(`none: already on its way to ${spec.target}`);
    case 'blocked':
      return style.bad('blocked (see below)');
    case 'via-pattern':
      return style.warn(
        `stop requested through exclude pattern ${t.pattern ?? ''}` +
          (t.partitions.some((p) => p.state === 'FAILED') ? ' (its FAILED partitions ignore it)' : ''),
      );
  }
}

function patternLine(p: PatternPlan, future: boolean): string {
  const matched = p.matched.length === 0 ? 'matches no topic of the mirror' : `matches ${nameList(p.matched)}`;
  const verb = (now: string, later: string) => (future ? later : now);
  switch (p.effect) {
    case 'remove-from-include':
      return `  ${p.pattern}: ${matched}; ${verb('removed', 'will be removed')} from mirror.topics.include`;
    case 'add-to-exclude':
      return (
        `  ${p.pattern}: ${matched}; ${verb('added', 'will be added')} to mirror.topics.exclude (it is ` +
        `not in mirror.topics.include verbatim), so matching source topics are no longer mirrored`
      );
    case 'already-excluded':
      return `  ${p.pattern}: ${matched}; already in mirror.topics.exclude (no change)`;
    case 'unknown':
      return (
        `  ${p.pattern}: ${matched}; the broker removes it from mirror.topics.include if it is there ` +
        `verbatim, else adds it to mirror.topics.exclude`
      );
    default:
      return `  ${p.pattern}: ${matched}`;
  }
}

function blockedSection(result: TopicActionResult): string[] {
  if (result.blocked.length === 0) return [];
  const out = [style.bad(`Blocked (not sent):`)];
  for (const b of result.blocked) {
    out.push(`  ${b.topic}: ${b.reason}`);
    for (const p of b.partitions) {
      const retry = p.retryAttempt === -1 ? ' (not retryable)' : p.retryAttempt > 0 ? ` (retry ${p.retryAttempt})` : '';
      out.push(
        `    partition ${p.partition}: ${stateColour(p.state)}${retry}${p.errorMessage ? `: ${p.errorMessage}` : ''}`,
      );
    }
    for (const c of b.causes) out.push(`    Cause: ${c.summary}`, `    Recovery: ${c.recovery}`);
  }
  return out;
}

function notInMirrorLine(result: TopicActionResult): string[] {
  if (result.notInMirror.length === 0) return [];
  const items = result.notInMirror.map((n) => (n.mirror ? `${n.topic} (in mirror ${n.mirror})` : n.topic));
  return [style.warn(`Not in mirror ${result.mirror} (left out): ${nameList(items)}`)];
}

function stopQuestion(plan: TopicActionPlan): { preview: string; question: string; action: string } {
  const what =
    plan.send.length > 0
      ? `stop mirroring ${plan.send.length} topic(s) of mirror '${plan.mirror}' (they become writable on the ` +
        `destination)`
      : `save ${plan.patterns.length} pattern(s) to mirror '${plan.mirror}'`;
  const question = `${what.charAt(0).toUpperCase()}${what.slice(1)}. Go ahead?`;
  return { preview: preview(plan), question, action: what };
}

function preview(plan: TopicActionPlan): string {
  const { spec } = plan;
  const out: string[] = [];
  if (plan.topics.length === 0) out.push(`No topic of mirror ${plan.mirror} is selected.`);
  else {
    const title =
      spec.action === 'stop'
        ? `Mirror ${plan.mirror}: these topics stop being mirrored and become writable on the destination (failover):`
        : `Mirror ${plan.mirror}:`;
    out.push(title);
    out.push(
      renderTable(
        [{ header: 'TOPIC' }, { header: 'PARTITIONS', align: 'right' }, { header: 'STATES' }, { header: 'ACTION' }],
        plan.topics.map((t) => [t.topic, String(t.partitions.length), t.states, actionLabel(plan, t)]),
        style.header,
      ),
    );
  }
  if (plan.patterns.length > 0) {
    out.push(
      spec.action === 'stop' ? 'Patterns (sent to the broker, which saves them):' : 'Patterns (select topics only):',
    );
    for (const p of plan.patterns) out.push(patternLine(p, true));
  }
  const pending = resultLike(plan);
  out.push(...blockedSection(pending), ...notInMirrorLine(pending), ...openTransactionLines(plan.openTransactions));
  return out.join('\n');
}

function openTransactionLines(open: TopicActionResult['openTransactions']): string[] {
  const text = openTransactionsText(open ?? []);
  return text === null ? [] : [style.warn(`Note: ${text}.`)];
}

function resultLike(plan: TopicActionPlan): TopicActionResult {
  return {
    mirror: plan.mirror,
    action: plan.spec.action,
    dryRun: true,
    requested: [],
    sent: [],
    succeeded: [],
    noop: [],
    blocked: plan.topics
      .filter((t) => t.verdict === 'blocked')
      .map((t) => ({ topic: t.topic, reason: t.reason ?? '', partitions: t.partitions, causes: t.causes ?? [] })),
    viaPattern: [],
    failed: [],
    notInMirror: plan.notInMirror,
    patterns: plan.patterns,
    final: null,
  };
}

function requestText(plan: TopicActionPlan, request: TopicActionRequest): string {
  const out = [
    plan.spec.api.name,
    `  MirrorName: ${request.MirrorName}`,
    `  Topics: [${request.Topics.map((t) => t.TopicName).join(', ')}]`,
  ];
  if (request.Patterns) out.push(`  Patterns: [${request.Patterns.join(', ')}]`);
  out.push(`  StateValidationOffset: ${String(request.StateValidationOffset)}`);
  return out.join('\n');
}

function finalTable(rows: readonly FinalPartition[], withOffsets: boolean): string {
  const columns: Column[] = [{ header: 'TOPIC' }, { header: 'PARTITION', align: 'right' }, { header: 'STATE' }];
  if (withOffsets) columns.push({ header: 'DESTINATION END OFFSET', align: 'right' as const });
  // As describe's failure cell: a partition no longer FAILED shows no error (the JSON keeps the broker's fields).
  const errorOf = (r: FinalPartition): string => (r.state === 'FAILED' ? (r.errorMessage ?? '') : '');
  const errors = rows.some((r) => errorOf(r) !== '');
  if (errors) columns.push({ header: 'ERROR', fit: 'cut' });
  return renderTable(
    columns,
    rows.map((r) => [
      r.topic,
      String(r.partition),
      stateColour(r.state),
      ...(withOffsets ? [orDash(r.destinationEndOffset)] : []),
      ...(errors ? [errorOf(r)] : []),
    ]),
    style.header,
  );
}

export type TopicActionRequest = ReturnType<typeof requestOf>;

export interface OutcomeOptions {
  readonly previewShown?: boolean;
  readonly request: TopicActionRequest;
}

function outcome(plan: TopicActionPlan, result: TopicActionResult, options: OutcomeOptions): string {
  const { spec } = plan;
  const out: string[] = [];
  if (result.dryRun) {
    out.push(preview(plan), '');
    if (plan.sendsRequest) out.push('Dry run: kmirror would send', requestText(plan, options.request));
    else out.push('Dry run: there is nothing to send.');
    out.push('Nothing was sent (--dry-run).');
    return out.join('\n');
  }
  const capital = spec.past.charAt(0).toUpperCase() + spec.past.slice(1);
  // A stop is only "stopped" once every partition is STOPPED: without --wait (or short of it) it was accepted.
  const reached = (topic: string): boolean =>
    spec.action !== 'stop' ||
    (result.final?.some((r) => r.topic === topic) === true &&
      result.final.every((r) => r.topic !== topic || r.state === 'STOPPED'));
  const done = result.succeeded.filter(reached);
  const accepted = result.succeeded.filter((t) => !reached(t));
  if (done.length > 0)
    out.push(
      style.ok(`${capital} mirroring for ${done.length} topic(s) in mirror ${result.mirror}: ${nameList(done)}`),
    );
  if (accepted.length > 0)
    out.push(
      style.ok(
        `Stop accepted by the broker for ${accepted.length} topic(s) in mirror ${result.mirror} (not all ` +
          `partitions STOPPED yet; --wait waits for it): ${nameList(accepted)}`,
      ),
    );
  for (const v of result.viaPattern) {
    if (v.notStopped === 0) {
      out.push(style.ok(`Stopped through exclude pattern ${v.pattern} (not in the request): ${v.topic}`));
      continue;
    }
    const ignored = /FAILED/.test(v.state)
      ? '; FAILED partitions ignore it: the topic stays read-only and mirrors again when the source returns'
      : '';
    out.push(
      style.warn(
        `Stop requested through exclude pattern ${v.pattern} (not in the request): ${v.topic}; ` +
          `${v.notStopped} partition(s) still ${stillStates(v.state)}${ignored}`,
      ),
    );
  }
  const verdicts = new Map(plan.topics.map((t) => [t.topic, t.verdict]));
  for (const n of result.noop) {
    out.push(
      style.dim(
        verdicts.get(n.topic) === 'in-transit'
          ? `Already on its way to ${spec.target} (${n.state}): ${n.topic}`
          : `Already ${spec.target}: ${n.topic}`,
      ),
    );
  }
  if (!plan.sendsRequest && result.requested.length === 0 && result.notInMirror.length === 0)
    out.push(`No topic of mirror ${result.mirror} matches; nothing was sent.`);
  if (spec.action === 'stop' && result.patterns.length > 0 && !options.previewShown) {
    out.push('Patterns saved to the mirror:');
    for (const p of result.patterns) out.push(patternLine(p, false));
  } else if (spec.action === 'stop' && result.patterns.length > 0) {
    out.push('Patterns saved to the mirror as shown above.');
  }
  if (result.failed.length > 0) {
    out.push(style.bad(`Refused by the broker for ${result.failed.length} topic(s):`));
    for (const f of result.failed) {
      out.push(`  ${f.topic}: ${f.error.message}`);
      if (f.error.hint) out.push(`    ${style.dim('Hint:')} ${f.error.hint}`);
    }
  }
  if (!options.previewShown) out.push(...blockedSection(result), ...notInMirrorLine(result));
  // Nothing was waited for (every topic blocked, say): no table, not an empty header.
  if (result.final && result.final.length > 0) {
    const withOffsets = spec.action === 'stop';
    out.push('', finalTable(result.final, withOffsets));
    // True only of what this run stopped: a topic STOPPED before (or by a pattern) may have been written since.
    const stoppedNow = new Set(result.succeeded);
    if (withOffsets && result.final.some((r) => r.destinationEndOffset !== null && stoppedNow.has(r.topic))) {
      out.push(
        style.dim(
          'A partition stopped here ends one offset past the last record it copied: stopping appends one ' +
            'PID-reset control record (plus one abort marker where a transaction was open).',
        ),
      );
    }
  }
  if (!options.previewShown) out.push(...openTransactionLines(result.openTransactions));
  return out.join('\n');
}

function stillStates(counted: string): string {
  const states = counted
    .split(', ')
    .map((part) => part.replace(/^\d+ /, ''))
    .filter((s) => s !== 'STOPPED');
  return states.join('/');
}

export const stopConfirmation = forTerminal(stopQuestion);

export const renderTopicActionPreview = forTerminal(preview);

export const renderTopicActionRequest = forTerminal(requestText);

export const renderTopicAction = forTerminal(outcome);
