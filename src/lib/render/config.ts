// Text for `kmirror config get` and `kmirror config set`: KEY, VALUE, SOURCE tables, with unknown
// values as `-` and empty ones spelled out, and a note when secrets were masked.

import { REDACTED } from '../connection/redact.js';
import type { ConfigSetResult, MirrorConfigEntry } from '../mirror/config.js';
import { style } from './style.js';
import { renderTable } from './table.js';
import { forTerminal } from '../text/terminal-safe.js';

const WRAP_LIST_FROM = 60;

function shownValue(value: string | null): string {
  if (value === null) return style.dim('-');
  if (value === '') return style.dim('(empty)');
  // A long list (mirror.topic.properties.exclude's default) would push SOURCE off the screen.
  if (value.length > WRAP_LIST_FROM && value.includes(',')) return value.split(',').join(',\n');
  return value;
}

function configEntries(configs: readonly MirrorConfigEntry[]): string {
  const table = renderTable(
    [{ header: 'KEY' }, { header: 'VALUE' }, { header: 'SOURCE' }],
    configs.map((c) => [c.name, shownValue(c.value), c.source === 'default' ? style.dim('default') : c.source]),
    style.header,
  );
  const notes: string[] = [];
  if (configs.some((c) => c.value === REDACTED)) notes.push('Secret values are masked; --show-secrets reveals them.');
  if (configs.some((c) => c.source === 'default' && c.value === null))
    notes.push('- = no default (the broker leaves the setting unset).');
  return notes.length > 0 ? `${table}\n\n${notes.map((n) => style.dim(n)).join('\n')}` : table;
}

function mirrorConfigs(result: { mirror: string; configs: readonly MirrorConfigEntry[] }): string {
  if (result.configs.length === 0) return `No matching configs for mirror ${result.mirror}.`;
  return `Configs of mirror ${result.mirror}:\n\n${configEntries(result.configs)}`;
}

function describeChange(change: ConfigSetResult['changes'][number]): string {
  switch (change.operation) {
    case 'SET':
      return `set ${change.name}=${change.value ?? ''}`;
    case 'DELETE':
      return `deleted ${change.name} (back to its default)`;
    case 'APPEND':
      return `appended ${change.value ?? ''} to ${change.name}`;
    case 'SUBTRACT':
      return `removed ${change.value ?? ''} from ${change.name}`;
  }
}

function configSet(result: ConfigSetResult): string {
  const changes = result.changes.map((c) => `  ${describeChange(c)}`).join('\n');
  if (result.validateOnly) {
    return `${style.ok(`The broker accepted these changes for mirror ${result.mirror}`)}; nothing was changed (--validate-only):\n${changes}`;
  }
  return `${style.ok(`Updated mirror ${result.mirror}`)}:\n${changes}\n\nStored configs now:\n\n${configEntries(result.configs)}`;
}

/** KEY, VALUE, SOURCE of each config entry, with the notes the values need. */
export const renderConfigEntries = forTerminal(configEntries);

export const renderMirrorConfigs = forTerminal(mirrorConfigs);

export const renderConfigSet = forTerminal(configSet);
