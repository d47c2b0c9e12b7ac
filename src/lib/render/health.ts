// The verdict of `describe --fail-on` under the describe view: which condition holds, and the
// partitions that meet it (so the check's output says what to look at).

import type { HealthReport } from '../mirror/describe/health.js';
import { orDash, stateColour, style } from './style.js';
import { renderTable, type Column } from './table.js';
import { forTerminal } from '../text/terminal-safe.js';

const COLUMNS: Column[] = [
  { header: 'MIRROR' },
  { header: 'TOPIC' },
  { header: 'PARTITION', align: 'right' },
  { header: 'STATE' },
  { header: 'LAG', align: 'right' },
  { header: 'CONDITION' },
];

function healthText(health: HealthReport): string {
  const named = `--fail-on ${health.conditions.join(',')}`;
  const grace =
    health.withinGrace > 0
      ? ` (${health.withinGrace} FAILED partition(s) with a retriable error within the ` +
        `${health.graceMs / 1000}s grace not counted)`
      : '';
  if (!health.holds) return style.ok(`${named}: no partition meets it${grace}.`);
  const title = style.bad(`${named}: ${health.offending.length} partition(s) meet it${grace}:`);
  const table = renderTable(
    COLUMNS,
    health.offending.map((o) => [
      o.mirror,
      o.topic,
      String(o.partition),
      stateColour(o.state),
      lagCell(o),
      o.conditions.join(', '),
    ]),
  );
  const corrected = health.offending.some((o) => o.confirmedLag !== undefined && o.confirmedLag !== o.lag);
  return `${title}\n${table}${corrected ? `\n${CONFIRMED_NOTE}` : ''}`;
}

const CONFIRMED_NOTE =
  'LAG (broker: N): the lag read on the source with ListOffsets, where the broker reported N from its last ' +
  'fetch (it reads 0 for a while after a start or resume, and trails a busy source).';

/** The lag that meets the condition: the one confirmed on the source where it was checked. */
function lagCell(o: HealthReport['offending'][number]): string {
  if (o.confirmedLag === undefined || o.confirmedLag === o.lag) return orDash(o.lag);
  if (o.confirmedLag === null) return `unknown (broker: ${orDash(o.lag)})`;
  return `${o.confirmedLag} (broker: ${orDash(o.lag)})`;
}

export const renderHealth = forTerminal(healthText);
