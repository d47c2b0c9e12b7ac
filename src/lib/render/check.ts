import type { ClusterCheck, Verdict } from '../mirror/check/check.js';
import type { CheckResult, MirrorCheck, MirrorPermission } from '../mirror/check/check-mirror.js';
import type { TwoWayCheck } from '../mirror/check/two-way.js';
import { renderFailureCauses } from './describe.js';
import { renderWedgedTopics } from './wedged-topics.js';
import { orDash, style } from './style.js';
import { renderTable } from './table.js';
import { forTerminal } from '../text/terminal-safe.js';

/** render/ does not read Kafka's tables: the hint is handed in. */
export interface CheckHints {
  readonly enableMirroring: string;
}

function verdictText(verdict: Verdict, hints: CheckHints): string {
  switch (verdict) {
    case 'usable':
      return style.ok('Cluster mirroring is usable on every reachable broker.');
    case 'disabled':
      return (
        `${style.bad('Cluster mirroring APIs are present but mirroring is disabled')} (feature ` +
        `mirror.version is not finalized at 1).\nHint: ${hints.enableMirroring}`
      );
    case 'unsupported':
      return (
        `${style.bad('This cluster does not support cluster mirroring')} (the KIP-1279 admin RPCs are not ` +
        `all advertised: see the NEEDED rows).\nHint: mirroring needs brokers built with KIP-1279; check ` +
        `the destination bootstrap address.`
      );
  }
}

function range(r: { min: number; max: number } | null): string {
  if (!r) return style.dim('absent');
  return r.min === r.max ? `v${r.min}` : `v${r.min}-${r.max}`;
}

function clusterCheck(check: ClusterCheck, hints: CheckHints): string {
  const out: string[] = [];
  out.push(
    `Cluster ${check.clusterId ?? '(no id)'}  controller ${check.controllerId ?? '-'}  brokers ${check.brokers.length}`,
  );
  const registered = check.registeredBrokers;
  if (registered !== null) {
    const fenced = registered.filter((b) => b.fenced);
    out.push(
      `Brokers registered ${registered.length}, live ${registered.length - fenced.length}` +
        (fenced.length === 0
          ? ''
          : style.bad(`; missing: ${fenced.map((b) => `node ${b.nodeId} (${b.address}, fenced)`).join(', ')}`)),
    );
  }
  out.push('');
  out.push(
    renderTable(
      [
        { header: 'NODE', align: 'right' },
        { header: 'ADDRESS' },
        { header: 'REACHABLE' },
        { header: 'metadata.version', align: 'right' },
        { header: 'mirror.version', align: 'right' },
        { header: 'VERDICT' },
      ],
      check.brokers.map((b) => [
        b.nodeId === null ? '-' : String(b.nodeId),
        b.address,
        b.reachable ? style.ok('yes') : style.bad(`no: ${b.error ?? 'unreachable'}`),
        b.features.metadataVersion === null ? '-' : String(b.features.metadataVersion),
        b.features.mirrorVersion === null ? '-' : String(b.features.mirrorVersion),
        b.verdict ?? '-',
      ]),
      style.header,
    ),
  );
  const reachable = check.brokers.filter((b) => b.reachable);
  const first = reachable[0];
  if (first) {
    out.push('');
    out.push(
      renderTable(
        [
          { header: 'API' },
          { header: 'KEY', align: 'right' },
          { header: 'NEEDED' },
          ...reachable.map((b) => ({ header: b.nodeId === null ? b.address : `node ${b.nodeId}` })),
        ],
        first.apis.map((api, i) => [
          api.name,
          orDash(api.apiKey),
          api.required ? 'yes' : style.dim('no'),
          ...reachable.map((b) => {
            const s = b.apis[i];
            if (!s) return '-';
            return s.negotiated === null && s.broker
              ? style.bad(`${range(s.broker)} (none in common)`)
              : range(s.broker);
          }),
        ]),
        style.header,
      ),
    );
  }
  out.push('');
  if (check.unreachable.length > 0)
    out.push(
      style.warn(`Warning: no answer from ${check.unreachable.join(', ')}; the verdict covers the other brokers only.`),
    );
  out.push(verdictText(check.verdict, hints));
  return out.join('\n');
}

function mirrorCheck(check: MirrorCheck, missing: readonly MirrorPermission[]): string {
  const out: string[] = [];
  const granted = check.authorizedOperations.length === 0 ? 'no operation' : check.authorizedOperations.join(', ');
  out.push(`Mirror ${check.name}: this principal may perform ${granted}`);
  out.push('');
  out.push(
    renderTable(
      [{ header: 'OPERATION' }, { header: 'ALLOWED' }, { header: 'NEEDED BY' }],
      check.permissions.map((p) => [
        p.operation,
        p.allowed ? style.ok('yes') : style.bad('no'),
        p.operation === 'CREATE'
          ? `${p.neededBy.join(', ')} (a new mirror; informational here)`
          : p.neededBy.join(', '),
      ]),
      style.header,
    ),
  );
  out.push('');
  if (missing.length === 0) {
    out.push(style.ok(`This principal may run every kmirror command on mirror ${check.name}.`));
  } else {
    const blocked = [...new Set(missing.flatMap((p) => p.neededBy.map((command) => command.replace(/ \(.*\)$/, ''))))];
    out.push(
      style.warn(
        `Missing on mirror ${check.name}: ${missing.map((p) => p.operation).join(', ')}; these commands ` +
          `would fail with exit 5: ${blocked.join(', ')}.`,
      ),
    );
    if (missing.some((p) => p.operation === 'DELETE' || p.operation === 'ALTER'))
      out.push('delete needs both DELETE (checked by the broker) and ALTER (checked by the controller).');
    out.push(style.dim('This is a report: check still exits 0 when only permissions are missing.'));
  }
  out.push(...topicPermissionLines(check));
  if (check.failureCauses.length > 0) {
    const failed = check.failureCauses.reduce((n, c) => n + c.partitions.length, 0);
    out.push('', style.bad(`${failed} FAILED partition(s) on mirror ${check.name}; why, and what recovers them:`));
    out.push(...renderFailureCauses(check.failureCauses));
  }
  const wedged = renderWedgedTopics(check.wedged);
  if (wedged.length > 0) out.push('', ...wedged);
  for (const r of check.recreatedTopics) out.push('', style.bad(r.summary), `Recovery: ${r.recovery}`);
  for (const c of check.sourceChecks ?? []) out.push(style.dim(c.text));
  return out.join('\n');
}

function topicPermissionLines(check: MirrorCheck): string[] {
  const t = check.topicPermissions;
  if (t.deniedTopics.length === 0)
    return t.checkedTopics === 0
      ? []
      : [`Topic ${t.operation}: allowed on all ${t.checkedTopics} topic(s) of the mirror.`];
  const shown = t.deniedTopics.slice(0, 10).join(', ') + (t.deniedTopics.length > 10 ? ', …' : '');
  return [
    style.bad(
      `Topic ${t.operation} denied on ${t.deniedTopics.length} of ${t.checkedTopics} topic(s) (${shown}): ` +
        `${t.neededBy.join(', ')} fail with TOPIC_AUTHORIZATION_FAILED (exit 5).`,
    ),
    `Grant it: kafka-acls.sh --bootstrap-server <destination> --add --allow-principal User:<principal> ` +
      `--operation AlterConfigs --topic <topic>`,
  ];
}

function twoWayLines(twoWay: TwoWayCheck | undefined): string[] {
  if (!twoWay) return [];
  const out: string[] = [];
  if (twoWay.topics.length > 0) {
    out.push(style.bad(`${twoWay.topics.length} topic(s) mirrored both ways:`));
    out.push(
      renderTable(
        [{ header: 'TOPIC' }, { header: 'HERE' }, { header: 'THERE' }, { header: 'WHAT IT DOES' }],
        twoWay.topics.map((t) => [
          t.topic,
          `${t.mirror} (${t.states})`,
          `${t.otherMirror} on ${t.otherCluster} (${t.otherStates})`,
          t.kind === 'loop'
            ? 'mirror loop: the side that started last is FAILED and read-only'
            : 'leader-epoch war: its leader epoch is raised at every sync (the mirroring side stayed ' +
              'MIRRORING on the prototype)',
        ]),
        style.header,
      ),
    );
    out.push(
      'Fix: delete the mirror whose side is STOPPED (the old one, left by a failover) once all its topics ' +
        'are STOPPED, in a restart window: its topics refuse writes after the delete until the brokers restart ' +
        '(delete it, then restart them one at a time right after); ' +
        'for a loop, stop the topic on the side that should not mirror it.',
    );
  }
  for (const u of twoWay.unreachable)
    out.push(style.warn(`Warning: could not ask the source of mirror ${u.mirror} for mirrors back (${u.message}).`));
  return out;
}

function checkText(check: CheckResult, missing: readonly MirrorPermission[], hints: CheckHints): string {
  const twoWay = twoWayLines(check.twoWay);
  const cluster =
    twoWay.length > 0 ? `${clusterCheck(check, hints)}\n\n${twoWay.join('\n')}` : clusterCheck(check, hints);
  if (check.mirror === undefined) return cluster;
  if (check.mirror === null)
    return `${cluster}\n\n${style.dim('The mirror part was skipped: the cluster cannot serve mirror requests.')}`;
  return `${cluster}\n\n${mirrorCheck(check.mirror, missing)}`;
}

export const verdictLine = forTerminal(verdictText);

export const renderClusterCheck = forTerminal(clusterCheck);

export const renderMirrorCheck = forTerminal(mirrorCheck);

export const renderTwoWay = forTerminal(twoWayLines);

export const renderCheck = forTerminal(checkText);
