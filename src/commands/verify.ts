import * as Args from '@oclif/core/args';
import { BaseCommand } from '../lib/cli/command/base-command.js';
import { receiptInput, verifiedMirror, verifyFlags, verifyRangeOf } from '../lib/cli/flags/verify-flags.js';
import { verifyReceipt } from '../lib/mirror/verify/verify-receipt.js';
import type { Receipt } from '../lib/mirror/verify/receipt.js';
import { Spinner } from '../lib/cli/output/spinner.js';
import { parseTopicNames } from '../lib/mirror/topics/topic-selection.js';
import { type VerifyProgress, verifyMirror } from '../lib/mirror/verify/verify.js';
import { verifyOutcomeError } from '../lib/mirror/verify/verify-outcome.js';
import type { VerifyResult } from '../lib/mirror/verify/verify-types.js';
import { renderVerify, verifyProgressText } from '../lib/render/verify.js';

/**
 * Result of kmirror verify: per partition of the mirror the offsets compared on both clusters, the batches found the
 * same, and the verdict (identical, diverges with both batches, missing on one side, not comparable and why).
 */
export type VerifyJson = VerifyResult;

/** The file promote --receipt and failback --receipt write, and verify --receipt reads. */
export type ReceiptJson = Receipt;

export default class Verify extends BaseCommand<typeof Verify> {
  static override summary = 'Prove that the destination holds the source’s records at the same offsets';
  static override description =
    'Reads the same offsets of each partition of the mirror’s topics on the SOURCE cluster (reached with the ' +
    'settings the mirror stores, --source-config or --source-profile) and on the destination with Fetch, and ' +
    'compares them batch by batch: base offset, last offset delta, record count, attributes and the stored ' +
    'CRC-32C (never the raw bytes: the partition leader epoch is each cluster’s own), and checks every batch’s ' +
    'CRC against its bytes. By default the last 10 batches of each partition both logs hold (--tail N); ' +
    '--from/--to take offsets or times (looked up on the source), --full every offset both logs hold. Reads ' +
    'are streamed, a few fetches in flight per broker, so memory stays bounded whatever the size. Each ' +
    'partition is identical, diverges at an offset (the first batch that differs, both CRCs), missing on one ' +
    'side, or not comparable (retention or compaction removed records of the range on one side). The ' +
    'markers a stop adds on the destination (MIRROR_PID_RESET, and an ABORT per open transaction) are the ' +
    'broker’s own and never a divergence; records after them are. Exit codes: 7 when a partition diverges ' +
    'or is missing on one side, ' +
    '3 when some could not be read, 6 when the mirror is not found.';
  static override examples = [
    '<%= config.bin %> verify m1 -b dest:9092',
    '<%= config.bin %> verify m1 -b dest:9092 --topic orders --tail 100',
    '<%= config.bin %> verify m1 -b dest:9092 --full --json',
    '<%= config.bin %> verify m1 -b dest:9092 --from 2026-12-01T00:00:00Z',
    '<%= config.bin %> verify --receipt promote-orders.json -b dest:9092',
  ];

  static override args = {
    mirror: Args.string({ description: 'name of the mirror; with --receipt, the receipt names it' }),
  };

  static override flags = verifyFlags;

  async run(): Promise<VerifyResult> {
    const f = this.flags;
    const receipt = receiptInput(f);
    const mirror = verifiedMirror(this.args.mirror, receipt) ?? this.missingArgument('mirror');
    const range = verifyRangeOf(f);
    const topics = parseTopicNames(f.topic ?? []);
    const source = await this.sourceAccess(f);
    const client = await this.kafka();
    const spinner = new Spinner(this.stderr, process.stderr.isTTY === true && this.textOutput());
    const started = Date.now();
    try {
      const deps = {
        openSource: this.openSource,
        warn: (m: string) => this.warning(m),
        onProgress: (p: VerifyProgress) => spinner.update(verifyProgressText(p, Date.now() - started)),
      };
      const result = receipt
        ? await verifyReceipt(client, receipt, source, deps)
        : await verifyMirror(client, { mirror, topics, range, ...source }, deps);
      spinner.stop();
      this.render(result, renderVerify);
      const error = verifyOutcomeError(result);
      if (error) throw error;
      return result;
    } finally {
      spinner.stop();
    }
  }
}
