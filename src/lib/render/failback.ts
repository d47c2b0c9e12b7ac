// `kmirror failback` as text: the plan (which partitions of A will be cut, and by how much), the
// progress of A's partitions through their states, the report, and the cleanup that ends the
// leader-epoch war.

import type { FailbackProgress, FailbackResult } from '../mirror/switchover/failback.js';
import { shellQuote } from '../text/shell-words.js';
import { receiptLine } from './promote.js';
import { orDash, stateColour, style } from './style.js';
import { renderTable } from './table.js';
import { forTerminal } from '../text/terminal-safe.js';

function lossCell(truncated: bigint | null): string {
  if (truncated === null) return style.warn('unknown');
  return truncated > 0n ? style.bad(String(truncated)) : '0';
}

function lossLine(result: FailbackResult): string {
  if (result.truncatedRecords === 0n) return 'A loses no records to truncation: it holds nothing B does not have.';
  return style.bad(
    `A loses ${result.truncatedRecords} record(s) in ${result.truncatedPartitions} partition(s) to truncation: ` +
      ('there A is ahead of where B stopped mirroring, and what it holds beyond that point (written after ' +
        'the failover) is discarded.'),
  );
}

function failbackPlan(result: FailbackResult): string {
  const mirror = result.reverseMirror;
  const rows = result.topics.flatMap((t) =>
    t.partitions.map((p) => [
      t.topic,
      String(p.partition),
      orDash(p.endBefore),
      orDash(p.truncationPoint),
      lossCell(p.truncated),
    ]),
  );
  const out = [
    `${style.strong(`Fail back ${result.topics.length} topic(s) of mirror ${result.mirror}`)}: A (the old ` +
      `source, --to) follows B (this cluster, -b) again through mirror ${mirror.name} on A ` +
      `(${mirror.created ? 'to be created' : 'exists, reused'})`,
    renderTable(
      [
        { header: 'TOPIC' },
        { header: 'PARTITION', align: 'right' },
        { header: 'A END', align: 'right' },
        { header: 'LOGS PART AT', align: 'right' },
        { header: 'A LOSES', align: 'right' },
      ],
      rows,
      style.header,
    ),
    lossLine(result),
  ];
  const config = Object.entries(mirror.config);
  if (config.length > 0) out.push(`Mirror ${mirror.name} gets: ${config.map(([k, v]) => `${k}=${v}`).join(', ')}`);
  if (result.dryRun) out.push('', style.dim('Dry run: nothing was created or started.'));
  return out.join('\n');
}

function failbackQuestion(result: FailbackResult): { preview: string; question: string; action: string } {
  const count = result.topics.length;
  const loses =
    result.truncatedRecords === 0n
      ? 'A loses no records'
      : `A loses ${result.truncatedRecords} record(s) in ${result.truncatedPartitions} partition(s) to truncation`;
  return {
    // Shown before the question of a real run: a plan, not a dry run.
    preview: `${style.strong('Plan:')} ${failbackPlan({ ...result, dryRun: false })}`,
    question: `Start ${count} topic(s) on A from B (${loses})?`,
    action: `fail back ${count} topic(s) (${loses})`,
  };
}

function failbackProgress(progress: FailbackProgress): string {
  const changed = progress.changes.map((c) => `${c.topic}-${c.partition} ${c.state}`).join(', ');
  return `following A: ${progress.done}/${progress.total} partition(s) MIRRORING${changed ? `; ${changed}` : ''}`;
}

export function cleanupCommands(result: FailbackResult, bConnectionArgs: readonly string[]): string[] {
  if (result.otherTopicsOfOldMirror.length > 0) return [];
  return [['kmirror', 'delete', result.mirror, ...bConnectionArgs, '--yes'].map(shellQuote).join(' ')];
}

function failbackOutcome(result: FailbackResult): string {
  const rows = result.topics.flatMap((t) =>
    t.partitions.map((p) => [
      t.topic,
      String(p.partition),
      p.states.length > 0 ? p.states.map(stateColour).join(' → ') : stateColour(p.state),
      orDash(p.endBefore),
      orDash(p.truncationPoint),
      lossCell(p.truncated),
      orDash(p.endAfter),
    ]),
  );
  const out = [
    result.complete
      ? style.ok(
          `Failed back ${result.topics.length} topic(s): A mirrors them from B in mirror ${result.reverseMirror.name}.`,
        )
      : style.bad(`Failback started on A but did not finish: ${result.interruption ?? ''}`),
    renderTable(
      [
        { header: 'TOPIC' },
        { header: 'PARTITION', align: 'right' },
        { header: 'STATES ON A' },
        { header: 'A END BEFORE', align: 'right' },
        { header: 'CUT AT', align: 'right' },
        { header: 'LOST', align: 'right' },
        { header: 'A END NOW', align: 'right' },
      ],
      rows,
      style.header,
    ),
    lossLine(result),
    ...(result.receipt === null ? [] : [receiptLine(result.receipt, ' -b A')]),
    '',
    style.warn(
      `Until mirror ${result.mirror} on B is cleaned up, both clusters list these topics in a mirror ` +
        `reading from the other: ` +
        'every mirror sync raises their leader epochs (A\u2019s partitions stayed MIRRORING on the prototype).',
    ),
  ];
  // Not "now": the delete turns B's active topics read-only until a restart (the effect below says so).
  if (result.cleanup.length > 0)
    out.push('Clean up when B’s brokers can be restarted right after:', ...result.cleanup.map((c) => `  ${c}`));
  if (result.cleanupEffect) out.push(style.warn(result.cleanupEffect));
  else if (result.otherTopicsOfOldMirror.length > 0)
    out.push(
      `Mirror ${result.mirror} on B still mirrors ${result.otherTopicsOfOldMirror.join(', ')}, so it cannot ` +
        `be deleted yet: ` +
        'fail those over (or over and back) too, then delete it.',
    );
  out.push(
    `When A should take over again: kmirror promote ${result.reverseMirror.name} on A (its producers ` +
      `stopped on B first).`,
  );
  return out.join('\n');
}

export const renderFailbackPlan = forTerminal(failbackPlan);

export const failbackConfirmation = forTerminal(failbackQuestion);

export const failbackProgressText = forTerminal(failbackProgress);

export const renderFailbackResult = forTerminal(failbackOutcome);
