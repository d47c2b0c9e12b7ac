// The wedged topics of a describe or a check: recorded STOPPED by the broker, yet FAILED or MIRRORING
// (mirror/wedged-topics.ts), each with what it means and the recovery that works on the prototype.

import type { WedgedTopic } from '../mirror/describe/wedged-topics.js';
import { style } from './style.js';
import { forTerminal } from '../text/terminal-safe.js';

function wedgedLines(wedged: readonly WedgedTopic[]): string[] {
  if (wedged.length === 0) return [];
  const out = [
    style.bad(`${wedged.length} wedged topic(s): the broker recorded a stop their partitions never made (read-only):`),
  ];
  for (const w of wedged) {
    out.push(`  ${w.mirror}/${w.topic}: ${w.summary}`, `    Recovery: ${w.recovery}`);
  }
  return out;
}

export const renderWedgedTopics = forTerminal(wedgedLines);
