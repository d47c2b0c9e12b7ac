import type { DeleteResult } from '../mirror/lifecycle/delete.js';
import { stateColour, style } from './style.js';
import { renderTable } from './table.js';
import { forTerminal } from '../text/terminal-safe.js';
import { shellQuote } from '../text/shell-words.js';

function partitionCounts(partitions: Readonly<Record<string, number>>): string {
  const entries = Object.entries(partitions);
  if (entries.length === 0) return style.dim('none reported');
  return entries.map(([state, count]) => `${count} ${stateColour(state)}`).join(', ');
}

function deleteTopics(result: DeleteResult): string {
  if (result.topics.length === 0) return `Mirror ${result.mirror} has no topics.`;
  const toStop = new Set(result.refusal?.toStop ?? []);
  const settling = new Set(result.refusal?.settling ?? []);
  const wedged = new Set(result.refusal?.wedged ?? []);
  const rows = result.topics.map((t) => [
    t.topic,
    stateColour(t.state),
    partitionCounts(t.partitions),
    toStop.has(t.topic)
      ? style.bad('stop it first')
      : wedged.has(t.topic)
        ? style.bad('wedged (below)')
        : settling.has(t.topic)
          ? style.warn('wait for STOPPED')
          : style.ok('ok'),
  ]);
  const count = result.topics.length;
  const columns = [{ header: 'TOPIC' }, { header: 'STATE' }, { header: 'PARTITIONS' }, { header: 'DELETE' }];
  const table = renderTable(columns, rows, style.header);
  return `Mirror ${result.mirror} has ${count} topic${count === 1 ? '' : 's'}:\n${table}`;
}

function list(names: readonly string[]): string {
  return names.join(', ');
}

function deleteRefusal(result: DeleteResult): string {
  const refusal = result.refusal;
  if (!refusal) return '';
  const out: string[] = [];
  if (refusal.paused.length > 0) {
    out.push(
      `Paused: ${list(refusal.paused)}. The broker refuses to stop a paused topic (140): resume it first ` +
        `(kmirror resume ${shellQuote(result.mirror)} --topic ${refusal.paused.join(',')}).`,
    );
  }
  if (refusal.failed.length > 0) {
    out.push(
      `FAILED partitions in: ${list(refusal.failed)}. The broker cannot stop them until they recover (145); ` +
        `kmirror describe ${shellQuote(result.mirror)} --failed shows why.`,
    );
  }
  const stopping = refusal.settling.filter((t) => !refusal.wedged.includes(t));
  if (stopping.length > 0) {
    out.push(
      `Already stopping, not all partitions STOPPED yet: ${list(stopping)}. Wait until kmirror ` +
        `describe ${shellQuote(result.mirror)} shows them STOPPED.`,
    );
  }
  if (refusal.wedgedHint !== null) out.push(`Wedged: ${refusal.wedgedHint}.`);
  return out.join('\n');
}

function deleteOutcome(result: DeleteResult): string {
  const out: string[] = [];
  // A refused delete changes nothing: warnings about what a delete would do do not apply.
  if (!result.refusal) for (const warning of result.warnings) out.push(style.warn(`Warning: ${warning}`));
  if (result.refusal) out.push(deleteRefusal(result));
  else if (result.dryRun)
    out.push(`Dry run: mirror ${result.mirror} can be deleted (every topic is STOPPED); nothing was sent.`);
  else if (result.deleted)
    out.push(
      style.ok(`Deleted mirror ${result.mirror}`) + (result.confirmedGone ? ' (no longer listed by the cluster)' : ''),
    );
  return out.join('\n');
}

function wholeDelete(result: DeleteResult): string {
  const outcome = deleteOutcome(result);
  return outcome === '' ? deleteTopics(result) : `${deleteTopics(result)}\n\n${outcome}`;
}

export const renderDeleteTopics = forTerminal(deleteTopics);

export const renderDeleteRefusal = forTerminal(deleteRefusal);

export const renderDeleteOutcome = forTerminal(deleteOutcome);

export const renderDelete = forTerminal(wholeDelete);

function question(mirror: string, readOnly: { readonly topics: readonly unknown[] } | null | undefined): string {
  return readOnly
    ? `${readOnly.topics.length} topic(s) become read-only until a rolling restart. Type the mirror name ` +
        `(${mirror}) to delete it anyway:`
    : `Type the mirror name (${mirror}) to delete it:`;
}

export const deleteQuestion = forTerminal(question);
