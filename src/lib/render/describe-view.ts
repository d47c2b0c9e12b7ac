// The whole text of one `kmirror describe` view: the mirrors (render/describe.ts), then the --fail-on
// health report and the --watch trends when the report holds them. Lines are made as they are written.

import type { DescribeRenderOptions } from './describe.js';
import { renderDescribeLines } from './describe.js';
import { type AttentionLimits, fitToScreen, type Screen } from './describe-fit.js';
import { renderHealth } from './health.js';
import { renderTrends } from './trend.js';
import type { DescribeReport } from '../mirror/describe/describe-report.js';
import { renderWedgedTopics } from './wedged-topics.js';

export function* describeViewLines(report: DescribeReport, options: DescribeRenderOptions): Generator<string> {
  let printed = false;
  for (const line of renderDescribeLines(report, options)) {
    printed = true;
    yield line;
  }
  const wedged = renderWedgedTopics(report.wedged ?? []);
  const extras = [
    ...(wedged.length > 0 ? ['', ...wedged] : []),
    ...(report.health ? ['', renderHealth(report.health)] : []),
    ...(report.trends ? ['', renderTrends(report.trends)] : []),
  ];
  // An empty view still leaves its line before the extras.
  if (!printed && extras.length > 0) yield '';
  yield* extras;
}

/**
 * The view, cut to `screen` when given (a --watch frame redrawn in place on a terminal); `checkpoint` is called
 * before each line of every view tried for the cut (a caller's time budget, which may throw).
 */
export function describeViewFitting(
  report: DescribeReport,
  options: DescribeRenderOptions,
  screen: Screen | undefined,
  checkpoint: () => void = () => undefined,
): Iterable<string> {
  if (!screen) return describeViewLines(report, options);
  const view = (limits: AttentionLimits): string[] => {
    const lines: string[] = [];
    for (const line of describeViewLines(report, { ...options, ...limits })) {
      checkpoint();
      lines.push(line);
    }
    return lines;
  };
  return fitToScreen(report, view, screen, !options.partitions);
}
