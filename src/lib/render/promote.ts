// `kmirror promote` as text: the plan with each partition's current gap (--dry-run and the
// confirmation), the progress line of each waiting step, and the final report with every partition's
// end offsets on both sides and how the stop was verified.

import type { PromoteProgress, PromoteResult, PromoteTopic } from '../mirror/promote.js';
import { orDash, stateColour, style } from './style.js';
import { renderTable } from './table.js';
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
    ? 'skip the check that producers stopped (--force): records written to the source after the targets are read are lost'
    : `${options.waitForQuiet ? 'wait until' : 'check that'} the source end offsets stand still for ${seconds(result.quiet.periodMs)} (producers stopped)`;
  const lines = [
    `${style.strong(`Promote mirror ${result.mirror}`)}: ${result.topics.length} topic(s), ${partitionCount(result.topics)} partition(s) (${topics})`,
    promotePlanTable(result),
    '',
    `Now ${gap} record(s) to copy. Promote will:`,
    `  1. ${quiet};`,
    '  2. read the source end offsets with ListOffsets and wait until every destination partition reached them (not the reported lag);',
    `  3. ${result.groups.note ?? 'wait until the groups agree'};`,
    '  4. stop the topics (StopMirrorTopics) and verify destination end >= source end + 1 (the PID-reset marker).',
  ];
  if (result.dryRun) lines.push('', style.dim('Dry run: nothing was stopped.'));
  return lines.join('\n');
}

function promoteQuestion(
  result: PromoteResult,
  options: { force: boolean; waitForQuiet: boolean },
): { preview: string; question: string; action: string } {
  const count = result.topics.length;
  return {
    preview: promotePlan(result, options),
    question: `Promote ${count} topic(s) of mirror '${result.mirror}': stop mirroring them once caught up, making them writable here?`,
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
        : `waiting for producers to stop: ${progress.moved} record(s) arrived on the source in the last ${seconds(progress.periodMs)}`;
    case 'catching-up':
      return `catching up: ${progress.done}/${progress.total} partition(s), ${progress.remaining} record(s) remaining`;
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

function promoteOutcome(result: PromoteResult): string {
  const out: string[] = [];
  if (result.complete) {
    out.push(
      style.ok(
        `Promoted ${result.topics.length} topic(s) of mirror ${result.mirror} in ${seconds(result.elapsedMs)}: they are writable here now.`,
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
  out.push(
    `Groups: ${result.groups.compared ? 'offsets equal on both clusters' : (result.groups.note ?? 'not compared')}.`,
  );
  if (result.finishCommand) out.push('', 'To finish the job:', `  ${result.finishCommand}`);
  if (result.complete)
    out.push(
      '',
      'Next: move producers and consumers to this cluster. To go back later, kmirror failback starts a mirror the other way',
      'and reports what the old source loses to truncation.',
    );
  return out.join('\n');
}

/** Per partition: state, both end offsets and the gap still to copy. */
export const renderPromotePlanTable = forTerminal(promotePlanTable);

/** What promote will do, in order (the --dry-run text and the confirmation's preview). */
export const renderPromotePlan = forTerminal(promotePlan);

export const promoteConfirmation = forTerminal(promoteQuestion);

/** The spinner's line for each waiting step. */
export const promoteProgressText = forTerminal(promoteProgress);

/** The final report: what was stopped, each partition's end offsets, and what to do next. */
export const renderPromoteResult = forTerminal(promoteOutcome);
