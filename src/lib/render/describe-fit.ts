// `describe --watch` redraws in place, so a frame taller than the terminal is cut: first the attention rows,
// then lines off the end; a last line says what is hidden.

import { DEFAULT_ATTENTION_LIMIT } from './describe.js';
import { lineWidth } from './table.js';
import { style } from './style.js';
import type { DescribeReport } from '../mirror/describe/describe-report.js';

export interface Screen {
  readonly rows: number;
  readonly columns: number;
  readonly terminalRows?: number;
}

export interface AttentionLimits {
  readonly attentionLimit: number;
  readonly failedLimit: number;
}

export function rowsTaken(lines: readonly string[], columns: number): number {
  let rows = 0;
  for (const line of lines) rows += Math.max(1, Math.ceil(lineWidth(line) / Math.max(1, columns)));
  return rows;
}

function attentionRows(report: DescribeReport, limits: AttentionLimits): number {
  let rows = 0;
  for (const mirror of report.mirrors) {
    let failed = 0;
    let lagging = 0;
    for (const topic of mirror.topics)
      for (const row of topic.partitions) {
        if (row.state === 'FAILED') failed++;
        if (row.lag !== null && row.lag > 0n) lagging++;
      }
    rows += Math.min(failed, limits.failedLimit) + Math.min(lagging, limits.attentionLimit);
  }
  return rows;
}

function hiddenLine(what: string, screen: Screen): string {
  const rows = screen.terminalRows ?? screen.rows;
  const text = `… ${what} hidden to fit ${rows} terminal rows (all: without --watch)`;
  return style.dim(text.length > screen.columns ? `… ${what} hidden` : text);
}

export function fitToScreen(
  report: DescribeReport,
  render: (limits: AttentionLimits) => string[],
  screen: Screen,
  summary: boolean,
): string[] {
  // Renderers may hand back several lines in one string.
  const view = (limits: AttentionLimits): string[] => render(limits).flatMap((text) => text.split('\n'));
  const full: AttentionLimits = { attentionLimit: DEFAULT_ATTENTION_LIMIT, failedLimit: Number.POSITIVE_INFINITY };
  let lines = view(full);
  if (rowsTaken(lines, screen.columns) <= screen.rows) return lines;
  // Room for the view above the last line (which may wrap on a narrow terminal).
  const room = Math.max(
    0,
    screen.rows - rowsTaken([hiddenLine('0000 attention row(s) and 0000 line(s)', screen)], screen.columns),
  );
  let attentionHidden = '';
  if (summary) {
    const total = attentionRows(report, full);
    // The largest per-mirror limit whose view fits, by bisection (rows grow with the limit).
    const limitsOf = (k: number): AttentionLimits => ({
      attentionLimit: Math.min(DEFAULT_ATTENTION_LIMIT, k),
      failedLimit: k,
    });
    let low = 0;
    let high = Math.max(DEFAULT_ATTENTION_LIMIT, total);
    let best: string[] | undefined;
    let bestK = 0;
    while (low <= high) {
      const k = Math.floor((low + high) / 2);
      const candidate = view(limitsOf(k));
      if (rowsTaken(candidate, screen.columns) <= room) {
        best = candidate;
        bestK = k;
        low = k + 1;
      } else high = k - 1;
    }
    const hidden = total - attentionRows(report, limitsOf(bestK));
    if (best && hidden > 0) return [...best, hiddenLine(`${hidden} attention row(s)`, screen)];
    // Even without attention rows the view is too tall (many mirrors or topics): cut that one.
    lines = view(limitsOf(0));
    attentionHidden = total > 0 ? `${total} attention row(s) and ` : '';
  }
  const kept: string[] = [];
  let used = 0;
  for (const line of lines) {
    const rows = rowsTaken([line], screen.columns);
    if (used + rows > room) break;
    kept.push(line);
    used += rows;
  }
  return [...kept, hiddenLine(`${attentionHidden}${lines.length - kept.length} line(s)`, screen)];
}
