// Text for `kmirror profile …`. Secrets never appear: the view holds only where each one comes from.

// The shapes of connection/profile-operations.ts's results this renderer reads (render/ does not import connection/).
interface ProfileListJson {
  file: string;
  profiles: readonly { name: string; current: boolean; bootstrapServer: readonly string[] | null }[];
}
interface ProfileView {
  name: string;
  current: boolean;
  bootstrapServer: readonly string[] | null;
  commandConfig: string | null;
  tls: { enabled: boolean | null; ca: string | null; cert: string | null; key: string | null; insecure: boolean };
  sasl: { mechanism: string | null; username: string | null; password: string | null; oauthToken: string | null };
  protocol: string | null;
  apiKeys: string | null;
  apiVersions: string | null;
  defaults: { output: string | null; timeout: string | null };
}
interface ProfileChangeJson {
  file: string;
  profile: string;
  current: string | null;
}
import { style } from './style.js';
import { renderTable } from './table.js';
import { forTerminal } from '../text/terminal-safe.js';

function profileList(result: ProfileListJson): string {
  if (result.profiles.length === 0)
    return `No profiles in ${result.file}\nCreate one: kmirror profile create NAME -b host:port`;
  return renderTable(
    [{ header: 'CURRENT' }, { header: 'NAME' }, { header: 'BOOTSTRAP' }],
    result.profiles.map((p) => [
      p.current ? '*' : '',
      p.name,
      p.bootstrapServer?.join(',') ?? style.dim('(from file)'),
    ]),
    style.header,
  );
}

function profileView(view: ProfileView): string {
  const rows: [string, string | null][] = [
    ['name', `${view.name}${view.current ? ' (current)' : ''}`],
    ['bootstrap-server', view.bootstrapServer?.join(',') ?? null],
    ['command-config', view.commandConfig],
    ['tls', view.tls.enabled === null ? null : String(view.tls.enabled)],
    ['tls-ca', view.tls.ca],
    ['tls-cert', view.tls.cert],
    ['tls-key', view.tls.key],
    ['tls-insecure', view.tls.insecure ? 'true' : null],
    ['sasl-mechanism', view.sasl.mechanism],
    ['sasl-username', view.sasl.username],
    ['sasl-password', view.sasl.password],
    ['sasl-oauth-token', view.sasl.oauthToken],
    ['protocol', view.protocol],
    ['api-keys', view.apiKeys],
    ['api-versions', view.apiVersions],
    ['default output', view.defaults.output],
    ['default timeout', view.defaults.timeout],
  ];
  const shown = rows.filter((row): row is [string, string] => row[1] !== null);
  const width = Math.max(...shown.map(([key]) => key.length));
  return shown.map(([key, value]) => `${style.strong(key.padEnd(width))}  ${value}`).join('\n');
}

export const renderProfileChange = forTerminal((verb: string): ((result: ProfileChangeJson) => string) =>
  forTerminal(
    (result: ProfileChangeJson): string =>
      `${style.ok(`${verb} profile ${result.profile}`)} (${result.file})${
        result.current === result.profile ? '; it is the current profile' : ''
      }`,
  ),
);

export const renderProfileList = forTerminal(profileList);

export const renderProfile = forTerminal(profileView);
