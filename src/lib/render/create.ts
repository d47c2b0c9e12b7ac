// Text for `kmirror create`: one line saying what happened, then the configs sent (masked).

import type { CreateMirrorResult } from '../mirror/lifecycle/create.js';
import { style } from './style.js';
import { renderTable } from './table.js';
import { forTerminal } from '../text/terminal-safe.js';

function configMap(config: Readonly<Record<string, string>>): string {
  return renderTable(
    [{ header: 'KEY' }, { header: 'VALUE' }],
    Object.entries(config).map(([key, value]) => [key, value === '' ? style.dim('(empty)') : value]),
    style.header,
  );
}

function createMirror(result: CreateMirrorResult, reach = ''): string {
  const where = `source cluster ${result.sourceClusterId} at ${result.sourceBootstrap}`;
  const headline = result.dryRun
    ? `${style.strong('Dry run:')} would create mirror ${result.mirror} (${where}); nothing was sent to the ` +
      `destination.`
    : style.ok(`Created mirror ${result.mirror} (${where})`);
  // A command that runs as printed: the preview of what a pattern selects changes nothing and asks nothing.
  const discovering = (result.config['mirror.topics.include'] ?? '') !== '';
  const next = result.dryRun
    ? []
    : discovering
      ? [
          '',
          'mirror.topics.include starts the matching source topics by itself; see them arrive:',
          `Next: kmirror describe ${result.mirror}${reach}`,
        ]
      : [
          '',
          'Preview the source topics a pattern selects, then run it again without --dry-run to start them:',
          `Next: kmirror add-topics ${result.mirror}${reach} --pattern '.*' --dry-run`,
        ];
  return [
    headline,
    '',
    result.dryRun ? 'Configs that would be sent:' : 'Stored configs:',
    configMap(result.config),
    ...next,
  ].join('\n');
}

function discoveryConfirmation(
  mirror: string,
  sourceBootstrap: string,
  include: readonly string[],
): { preview: string; question: string; action: string } {
  return {
    preview:
      `Mirror ${mirror} (source ${sourceBootstrap}) will start every source topic matching mirror.topics.include ` +
      `(${include.join(', ')}), now and whenever one is created.`,
    question: `Create mirror ${mirror} with auto-discovery of ${include.join(', ')}?`,
    action: `create mirror '${mirror}' with auto-discovery of topics matching ${include.join(', ')}`,
  };
}

export const renderConfigMap = forTerminal(configMap);

export const renderCreateMirror = forTerminal(createMirror);

export const autoDiscoveryConfirmation = forTerminal(discoveryConfirmation);
