// The whole text of one `kmirror describe` view: the mirrors (render/describe.ts), then the --fail-on
// health report and the --watch trends when the report holds them. Lines are made as they are written.

import type { DescribeRenderOptions } from './describe.js';
import { renderDescribeLines } from './describe.js';
import { fitToScreen, type Screen } from './describe-fit.js';
import { renderHealth } from './health.js';
import { renderTrends } from './trend.js';
import type { DescribeReport } from '../mirror/describe/describe-report.js';

export function* describeViewLines(report: DescribeReport, options: DescribeRenderOptions): Generator<string> {
  let printed = false;
  for (const line of renderDescribeLines(report, options)) {
    printed = true;
    yield line;
  }
  const extras = [
    ...(report.health ? ['', renderHealth(report.health)] : []),
    ...(report.trends ? ['', renderTrends(report.trends)] : []),
  ];
  // As the joined text had it: an empty view still leaves its line before the extras.
  if (!printed && extras.length > 0) yield '';
  yield* extras;
}

/** The view, cut to `screen` when given (a --watch frame redrawn in place on a terminal). */
export function describeViewFitting(
  report: DescribeReport,
  options: DescribeRenderOptions,
  screen: Screen | undefined,
): Iterable<string> {
  if (!screen) return describeViewLines(report, options);
  return fitToScreen(
    report,
    (limits) => [...describeViewLines(report, { ...options, ...limits })],
    screen,
    !options.partitions,
  );
}
