// `kmirror promote` as text: the plan with each partition's and each consumer group's current gap
// (--dry-run and the confirmation), the progress line of each waiting step, and the final report with
// every partition's end offsets on both sides, how the stop was verified, and the groups.

import type { PromoteGroups } from '../mirror/switchover/promote-groups.js';
import type { PromoteProgress } from '../mirror/switchover/promote-plan.js';
import type { PromoteResult, PromoteTopic } from '../mirror/switchover/promote-report.js';
import { openTransactionsText } from './open-transactions.js';
import { periodText, shownText } from './broker-text.js';
import { renderGroupsTable } from './groups.js';
import { orDash, stateColour, style } from './style.js';
import { renderTable } from './table.js';
import { shellQuote } from '../text/shell-words.js';
import { forTerminal } from '../text/terminal-safe.js';

function seconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;
}

function partitionCount(topics: readonly PromoteTopic[]): number {
  return topics.reduce((n, t) => n + t.partitions.length, 0);
}

function promotePlanTable(result: PromoteResult): string {
  const rows = result.topics.flatMap((t) =>
    t.partitions.map((p) => [
      t.topic,
      String(p.partition),
      stateColour(p.state),
      orDash(p.sourceEnd),
      orDash(p.destinationEnd),
      p.gap === null ? '-' : p.gap > 0n ? style.warn(String(p.gap)) : '0',
    ]),
  );
  return renderTable(
    [
      { header: 'TOPIC' },
      { header: 'PARTITION', align: 'right' },
      { header: 'STATE' },
      { header: 'SOURCE END', align: 'right' },
      { header: 'DESTINATION END', align: 'right' },
      { header: 'GAP', align: 'right' },
    ],
    rows,
    style.header,
  );
}

function promotePlan(result: PromoteResult, options: { force: boolean; waitForQuiet: boolean }): string {
  const topics = result.topics.map((t) => t.topic).join(', ');
  const gap = result.topics.reduce((n, t) => n + t.partitions.reduce((m, p) => m + (p.gap ?? 0n), 0n), 0n);
  const quiet = options.force
    ? 'skip the check that producers stopped (--force): records written to the source after the targets are ' +
      'read are lost'
    : `${options.waitForQuiet ? 'wait until' : 'check that'} the source end offsets stand still for ` +
      `${seconds(result.quiet.periodMs)} (producers stopped)`;
  const lines = [
    `${style.strong(`Promote mirror ${result.mirror}`)}: ${result.topics.length} topic(s), ` +
      `${partitionCount(result.topics)} partition(s) (${topics})`,
    promotePlanTable(result),
    ...(result.groups.groups.length > 0 ? ['', renderGroupsTable(result.groups.groups)] : []),
    '',
    `Now ${gap} record(s) to copy. Promote will:`,
    `  1. ${quiet};`,
    '  2. read the source end offsets with ListOffsets and wait until every destination partition reached ' +
      'them (not the reported lag);',
    `  3. ${groupsStep(result.groups)};`,
    '  4. stop the topics (StopMirrorTopics) and verify destination end >= source end + 1 (the PID-reset marker).',
    ...openTransactionLines(result),
  ];
  if (result.dryRun) lines.push('', style.dim('Dry run: nothing was stopped.'));
  return lines.join('\n');
}

/** Where the evidence went, and the command that checks it later. */
function receiptText(file: string, against = ''): string {
  return `Receipt written to ${file}; kmirror verify --receipt ${shellQuote(file)}${against} checks it again later.`;
}

function openTransactionLines(result: PromoteResult): string[] {
  const text = openTransactionsText(result.openTransactions);
  return text === null ? [] : ['', style.warn(`Note: ${text}.`)];
}

function names(list: readonly string[]): string {
  const shown = list.slice(0, 5).map(shownText).join(', ');
  return list.length > 5 ? `${shown}, … (${list.length} in all)` : shown;
}

function groupsStep(groups: PromoteGroups): string {
  if (!groups.compared || !groups.syncInterval) return style.warn(groups.note ?? 'skip the consumer groups');
  if (groups.groups.length === 0)
    return (
      'consumer groups: none of those the mirror copies has committed offsets on these topics, nothing to ' + 'wait for'
    );
  const sync = groups.syncInterval;
  const active =
    groups.activeOnDestination.length > 0
      ? `; ${style.bad(`active on the destination: ${names(groups.activeOnDestination)}`)}, so the copy skips them: ` +
        'promote waits for their consumers there to stop (--no-wait-for-quiet refuses, --force goes on without them)'
      : '';
  return (
    `wait until the ${groups.groups.length} consumer group(s) have the source's committed offsets on the destination ` +
    (`(${groups.inSync.length} in sync now); the destination copies them once every ` +
      `${periodText(sync.ms ?? sync.defaultMs)} `) +
    `(${sync.brokerConfig}), so this can take one sync period${active}`
  );
}

function promoteQuestion(
  result: PromoteResult,
  options: { force: boolean; waitForQuiet: boolean },
): { preview: string; question: string; action: string } {
  const count = result.topics.length;
  return {
    // Shown before the question of a real run: a plan, not a dry run.
    preview: `${style.strong('Plan:')} ${promotePlan({ ...result, dryRun: false }, options)}`,
    question:
      `Promote ${count} topic(s) of mirror '${result.mirror}': stop mirroring them once caught up, ` +
      `making them writable here?`,
    action: `promote ${count} topic(s) of mirror '${result.mirror}'`,
  };
}

function promoteProgress(progress: PromoteProgress): string {
  switch (progress.phase) {
    case 'mirroring':
      return `waiting for ${progress.waiting.join(', ')} to be MIRRORING`;
    case 'quiet':
      return progress.moved === 0n
        ? 'source end offsets stood still: producers stopped'
        : `waiting for producers to stop: ${progress.moved} record(s) arrived on the source in the last ` +
            `${seconds(progress.periodMs)}`;
    case 'catching-up':
      return `catching up: ${progress.done}/${progress.total} partition(s), ${progress.remaining} record(s) remaining`;
    case 'groups': {
      const waiting =
        progress.waiting.length > 0
          ? `; next copy due within ${seconds(progress.nextCopyInMs)} (one sync period is ` +
            `${periodText(progress.periodMs)})`
          : '';
      const active =
        progress.active.length > 0
          ? `; active on the destination (stop their consumers there): ${names(progress.active)}`
          : '';
      return `consumer groups: ${progress.inSync}/${progress.total} in sync${waiting}${active}`;
    }
    case 'stopping':
      return `stopping: ${progress.done}/${progress.total} partition(s) STOPPED`;
  }
}

function checkCell(p: PromoteTopic['partitions'][number]): string {
  switch (p.verified) {
    case 'ok':
      return p.controlRecords !== null && p.controlRecords > 0n
        ? style.ok(`ok (+${p.controlRecords} control record(s))`)
        : style.ok('ok');
    case 'source-moved':
      return style.bad(`${p.missing} record(s) missing`);
    case 'unverified':
      return style.warn('not verified');
    default:
      return '-';
  }
}

function groupsLine(groups: PromoteGroups): string {
  if (!groups.compared) return style.warn(`Groups: ${groups.note ?? 'not compared'}.`);
  if (groups.groups.length === 0) return 'Groups: none of those the mirror copies has offsets on these topics.';
  const waited = groups.waitedMs > 0 ? ` (waited ${seconds(groups.waitedMs)} for the copy)` : '';
  const line = `Groups: ${groups.inSync.length} of ${groups.groups.length} in sync on both clusters${waited}.`;
  const out = [groups.notInSync.length === 0 ? style.ok(line) : line];
  const left = groups.notInSync.filter((g) => !groups.activeOnDestination.includes(g));
  if (groups.activeOnDestination.length > 0)
    out.push(
      style.warn(`  Active on the destination, left as they are (--force): ${names(groups.activeOnDestination)}`),
    );
  if (left.length > 0) out.push(style.warn(`  Not in sync: ${names(left)}`));
  return out.join('\n');
}

function promoteOutcome(result: PromoteResult): string {
  const out: string[] = [];
  if (result.complete) {
    out.push(
      style.ok(
        `Promoted ${result.topics.length} topic(s) of mirror ${result.mirror} in ` +
          `${seconds(result.elapsedMs)}: they are writable here now.`,
      ),
    );
  } else if (result.stopSent) {
    out.push(
      style.bad(`Promote of mirror ${result.mirror} ended after the stop was sent: ${result.interruption ?? ''}`),
    );
    out.push(`  Stopped:     ${result.stopped.length > 0 ? result.stopped.join(', ') : 'none confirmed'}`);
    out.push(`  Not stopped: ${result.notStopped.length > 0 ? result.notStopped.join(', ') : 'none'}`);
  }
  const rows = result.topics.flatMap((t) =>
    t.partitions.map((p) => [
      t.topic,
      String(p.partition),
      stateColour(p.state),
      orDash(p.sourceEnd),
      orDash(p.destinationEnd),
      checkCell(p),
    ]),
  );
  out.push(
    renderTable(
      [
        { header: 'TOPIC' },
        { header: 'PARTITION', align: 'right' },
        { header: 'STATE' },
        { header: 'SOURCE END', align: 'right' },
        { header: 'DESTINATION END', align: 'right' },
        { header: 'CHECK' },
      ],
      rows,
      style.header,
    ),
  );
  if (result.quiet.checked)
    out.push(`Producers: quiet for ${seconds(result.quiet.periodMs)} (waited ${seconds(result.quiet.waitedMs)}).`);
  else out.push(style.warn('Producers: not checked (--force).'));
  out.push(groupsLine(result.groups));
  if (result.groups.groups.length > 0) out.push(renderGroupsTable(result.groups.groups));
  out.push(...openTransactionLines(result));
  if (result.receipt !== null) out.push(receiptLine(result.receipt));
  if (result.finishCommand) out.push('', 'To finish the job:', `  ${result.finishCommand}`);
  if (result.complete)
    out.push(
      '',
      'Next: move producers and consumers to this cluster. To go back later, kmirror failback starts a ' +
        'mirror the other way',
      'and reports what the old source loses to truncation.',
    );
  return out.join('\n');
}

export const receiptLine = forTerminal(receiptText);

export const renderPromotePlanTable = forTerminal(promotePlanTable);

export const renderPromotePlan = forTerminal(promotePlan);

export const promoteConfirmation = forTerminal(promoteQuestion);

export const promoteProgressText = forTerminal(promoteProgress);

export const renderPromoteResult = forTerminal(promoteOutcome);
