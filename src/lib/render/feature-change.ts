import type { FeatureChangeCheck } from '../mirror/config/config-levels.js';
import { style } from './style.js';
import { renderTable } from './table.js';
import { forTerminal } from '../text/terminal-safe.js';

function featureChange(check: FeatureChangeCheck): string {
  const changes = check.changes.map((c) => `${c.feature} ${c.from} → ${c.to}`).join(', ');
  const out = [style.header(`Feature change ${changes}: ${check.mirrors} mirror(s) checked`)];
  if (check.invalid.length > 0) {
    out.push(
      renderTable(
        [
          { header: 'MIRROR' },
          { header: 'KEY' },
          { header: 'VALUE' },
          { header: 'RULE AT LEVEL' },
          { header: 'PROBLEM', fit: 'cut' },
        ],
        check.invalid.map((p) => [
          p.mirror,
          p.key,
          p.value ?? '-',
          `${p.feature} ${p.since}+: ${p.rule}`,
          `${p.problem}${p.invalidNow ? style.dim(' (already invalid now)') : ''}`,
        ]),
        style.header,
      ),
    );
  }
  for (const d of check.dependencies)
    out.push(
      style.bad(
        `${d.feature} ${d.level} needs ${d.requires.feature} at least ${d.requires.level}: this change breaks that`,
      ),
    );
  for (const note of check.notes) out.push(style.dim(note));
  out.push(
    check.invalid.length + check.dependencies.length === 0
      ? style.ok('Nothing would be invalid at these levels.')
      : style.bad(
          `${check.invalid.length} stored value(s) and ${check.dependencies.length} feature dependenc(ies) ` +
            `would be invalid after this change.`,
        ),
  );
  return out.join('\n');
}

export const renderFeatureChange = forTerminal(featureChange);
