// Text for `kmirror config get` and `kmirror config set`: KEY, VALUE, SOURCE tables, with unknown
// values as `-` and empty ones spelled out, and a note when secrets were masked.

import { REDACTED } from '../connection/redact.js';
import type { ConfigSetResult, MirrorConfigEntry } from '../mirror/config/config.js';
import type { FilterChange, FilterEffect } from '../mirror/config/topic-filter-changes.js';
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

function describeChange(change: ConfigSetResult['changes'][number], planned = false): string {
  switch (change.operation) {
    case 'SET':
      return `set ${change.name}=${change.value ?? ''}`;
    case 'DELETE':
      return planned ? `delete ${change.name} (back to its default)` : `deleted ${change.name} (back to its default)`;
    case 'APPEND':
      return `${planned ? 'append' : 'appended'} ${change.value ?? ''} to ${change.name}`;
    case 'SUBTRACT':
      return `${planned ? 'remove' : 'removed'} ${change.value ?? ''} from ${change.name}`;
  }
}

function configSet(result: ConfigSetResult): string {
  const changes = result.changes.map((c) => `  ${describeChange(c)}`).join('\n');
  if (result.validateOnly) {
    return (
      `${style.ok(`The broker accepted these changes for mirror ${result.mirror}`)}; nothing was changed ` +
      `(--validate-only):\n${changes}`
    );
  }
  return (
    `${style.ok(`Updated mirror ${result.mirror}`)}:\n${changes}\n\nStored configs ` +
    `now:\n\n${configEntries(result.configs)}`
  );
}

const FILTER_EFFECTS: Readonly<Record<FilterEffect, string>> = {
  starts: 'the mirror starts every source topic that matches, now and whenever one is created',
  stops: 'the broker stops every topic of the mirror that matches (failover: writable on the destination)',
  unexcludes: 'topics it kept out are started if mirror.topics.include matches them',
};

function filterConfirmation(
  mirror: string,
  changes: readonly FilterChange[],
): { preview: string; question: string; action: string } {
  const lines = changes.map(({ change, effect }) => `  ${describeChange(change, true)}: ${FILTER_EFFECTS[effect]}`);
  const keys = [...new Set(changes.map((c) => c.change.name))].join(' and ');
  return {
    preview: `Mirror ${mirror}: these changes start or stop topics by themselves:\n${lines.join('\n')}`,
    question: `Save ${keys} of mirror ${mirror}?`,
    action: `change ${keys} of mirror '${mirror}'`,
  };
}

export const renderConfigEntries = forTerminal(configEntries);

export const renderMirrorConfigs = forTerminal(mirrorConfigs);

export const renderConfigSet = forTerminal(configSet);

export const topicFilterConfirmation = forTerminal(filterConfirmation);
