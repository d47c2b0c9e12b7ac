// Text for `kmirror verify`: one row per partition with the offsets compared and the verdict, and under the
// table what each divergence is (both batches' fields and CRCs). Pure.

import type {
  Divergence,
  PartitionVerification,
  Side,
  VerifyRange,
  VerifyResult,
} from '../mirror/verify/verify-types.js';
import { shownText } from './broker-text.js';
import { style } from './style.js';
import { renderTable, type Column } from './table.js';
import { forTerminal } from '../text/terminal-safe.js';

const COLUMNS: Column[] = [
  { header: 'TOPIC' },
  { header: 'PARTITION', align: 'right' },
  { header: 'OFFSETS' },
  { header: 'BATCHES', align: 'right' },
  { header: 'VERDICT' },
];

const REASONS: Record<Divergence['reason'], string> = {
  fields: 'the batches differ',
  'crc-invalid': 'a CRC-32C does not match its batch',
  'batch-missing': 'one side lacks a batch',
  'written-after-stop': 'records at or after the stop marker (written after the stop, or never copied)',
};

export function verdictText(p: PartitionVerification): string {
  switch (p.verdict) {
    case 'identical':
      return style.ok('identical');
    case 'diverges':
      return style.bad(
        `diverges at offset ${p.divergence?.offset ?? '?'}: ${REASONS[p.divergence?.reason ?? 'fields']}`,
      );
    case 'missing':
      return style.bad(`missing on the ${p.missingOn ?? '?'}`);
    case 'not-comparable':
      return style.warn(`not comparable: ${p.notComparable?.cause ?? '?'} on the ${p.notComparable?.side ?? '?'}`);
  }
}

function offsetsText(p: PartitionVerification): string {
  if (p.from === null || p.to === null) return '-';
  return p.to > p.from ? `${p.from}-${p.to - 1n}` : 'none';
}

function timeText(ms: bigint): string {
  const d = new Date(Number(ms));
  return Number.isNaN(d.getTime()) ? `timestamp ${ms}` : d.toISOString();
}

export function rangeText(range: VerifyRange): string {
  if (range.kind === 'full') return 'every offset both logs hold';
  if (range.kind === 'tail') return `the last ${range.batches} batch(es) of each partition`;
  if (range.kind === 'receipt')
    return `the ${range.batches} batch(es) the ${range.command} receipt recorded, on both clusters`;
  const bound = (b: typeof range.from) =>
    b === null ? null : 'offset' in b ? `offset ${b.offset}` : timeText(b.timestamp);
  return `from ${bound(range.from) ?? 'the start both logs hold'} to ${bound(range.to) ?? 'the end both logs hold'}`;
}

function batchLine(side: Side, b: Divergence['source'], p: PartitionVerification): string {
  if (!b) return `  ${side}: ${noBatchText(side, p)}`;
  const crc = b.crcValid ? b.crc : `${b.crc} (does not match the bytes)`;
  return (
    `  ${side}: base ${b.baseOffset}, last offset delta ${b.lastOffsetDelta}, ${b.recordCount} record(s), ` +
    `attributes 0x${b.attributes.toString(16)}, CRC ${crc}`
  );
}

/** What the side without a batch holds there: after a stop, the broker's marker and nothing after it. */
function noBatchText(side: Side, p: PartitionVerification): string {
  const at = p.divergence?.offset;
  const reset = p.brokerAdditions.find((a) => a.side === side && a.kind === 'pid-reset');
  if (p.divergence?.reason === 'written-after-stop' && reset)
    return `the stop marker (MIRROR_PID_RESET) at offset ${reset.offset}, no records after it`;
  return at === undefined ? 'no batch' : `no batch at offset ${at}`;
}

function details(p: PartitionVerification): string[] {
  const name = `${shownText(p.topic)}-${p.partition}${p.cluster ? ` on the ${p.cluster}` : ''}`;
  if (p.divergence) {
    const d = p.divergence;
    const fields = d.fields.length > 0 ? ` (${d.fields.join(', ')} differ)` : '';
    return [
      `${name} diverges at offset ${d.offset}${fields}:`,
      batchLine('source', d.source, p),
      batchLine('destination', d.destination, p),
    ];
  }
  if (p.notComparable) return [`${name}: ${p.notComparable.detail}`];
  return [];
}

function verifyView(result: VerifyResult): string {
  const out = [
    `Mirror ${shownText(result.mirror)}, source cluster ${result.sourceBootstrap.join(',')}: ` +
      rangeText(result.range),
    '',
  ];
  if (result.partitions.length > 0) {
    const rows = result.partitions.map((p) => [
      p.cluster ? `${shownText(p.topic)} (${p.cluster})` : shownText(p.topic),
      String(p.partition),
      offsetsText(p),
      String(p.batches),
      verdictText(p),
    ]);
    out.push(renderTable(COLUMNS, rows, style.header), '');
  }
  for (const p of result.partitions) {
    const lines = details(p);
    if (lines.length > 0) out.push(...lines);
  }
  for (const e of result.errors)
    out.push(
      style.bad(`${shownText(e.topic)}-${e.partition} could not be read on the ${e.side}: ${shownText(e.message)}`),
    );
  const s = result.summary;
  const counts = [
    `${s.identical} identical`,
    s.diverged > 0 ? style.bad(`${s.diverged} diverge`) : null,
    s.missing > 0 ? style.bad(`${s.missing} missing on one side`) : null,
    s.notComparable > 0 ? style.warn(`${s.notComparable} not comparable`) : null,
  ].filter((c): c is string => c !== null);
  out.push(
    `${s.partitions} partition(s): ${counts.join(', ')}; ${s.batches} batch(es) compared, ${s.bytes} bytes read.`,
  );
  return out.join('\n');
}

export const renderVerify = forTerminal(verifyView);

export function verifyProgressText(
  p: { readonly bytes: number; readonly offsetsDone: bigint; readonly offsetsTotal: bigint },
  elapsedMs: number,
): string {
  const raw = p.offsetsTotal > 0n ? Number(p.offsetsDone) / Number(p.offsetsTotal) : 0;
  const share = Number.isFinite(raw) ? Math.max(0, Math.min(1, raw)) : 0;
  const width = 20;
  const filled = Math.round(share * width);
  const rate = elapsedMs > 0 ? (p.bytes / elapsedMs) * 1000 : 0;
  const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
  const left = share > 0 && share < 1 ? `, ${Math.ceil(((1 - share) / share) * (elapsedMs / 1000))} s left` : '';
  const bar = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}]`;
  return `${bar} ${Math.floor(share * 100)}% ${mb(p.bytes)} read, ${mb(rate)}/s${left}`;
}
