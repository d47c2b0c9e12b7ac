import { Args, Flags } from '@oclif/core';
import { BaseCommand } from '../lib/cli/base-command.js';
import { readClientPropertiesFile } from '../lib/connection/connection-config.js';
import { KmirrorError, UsageError } from '../lib/cli/errors.js';
import { ExitCode } from '../lib/cli/exit-codes.js';
import { durationFlag, yesFlag } from '../lib/cli/flags.js';
import type { PropertyEntry } from '../lib/connection/properties-file.js';
import {
  type AddTopicsInput,
  type AddTopicsResult,
  planAddTopics,
  addTopicsResultOf,
  sendAddTopics,
  unmetNamedTopics,
  waitUntilMirroring,
} from '../lib/mirror/add-topics.js';
import { compilePatterns, parseTopicNames, readTopicsFile } from '../lib/mirror/topic-selection.js';
import { confirmAction } from '../lib/prompt/confirm.js';
import { renderAddTopics, renderAddTopicsPreview } from '../lib/render/add-topics.js';

/**
 * Result of starting mirror topics. `added` lists what was started (or, with dryRun, what would be);
 * `skipped` what was left out before sending and why; `failed` the topics the broker refused.
 */
export type AddTopicsJson = AddTopicsResult;

export default class AddTopics extends BaseCommand<typeof AddTopics> {
  static override summary = 'Start mirroring source topics, by name or by pattern';
  static override description =
    'Resolves the topics on the SOURCE cluster (reached with the settings the mirror stores, or --source-config) and sends ' +
    "StartMirrorTopics with each topic's source id and partition count. Patterns are full-match regular expressions " +
    '(^(p1|p2)$, as the broker applies them) and are saved in the mirror (mirror.topics.include / mirror.topics.exclude), ' +
    'so source topics created later that match are started automatically. Topics already in this mirror or in another ' +
    'mirror are reported and left out, because the broker would refuse the whole request for them. Topics that only a ' +
    'pattern selected need confirmation: on a terminal it asks, elsewhere pass --yes. Exit codes: 3 when some topics ' +
    'failed, 6 when the mirror (or every named topic) does not exist, 124 when --wait or --timeout runs out.';
  static override examples = [
    '<%= config.bin %> add-topics m1 -b localhost:9092 --topic orders,payments',
    '<%= config.bin %> add-topics m1 -b localhost:9092 --pattern "orders-.*" --exclude "orders-internal" --yes',
    '<%= config.bin %> add-topics m1 -b localhost:9092 --pattern "orders-.*" --dry-run',
    '<%= config.bin %> add-topics m1 -b localhost:9092 --topics-file topics.txt --wait 2m',
  ];

  static override args = {
    mirror: Args.string({ description: 'name of the mirror', required: true }),
  };

  static override flags = {
    topic: Flags.string({
      char: 't',
      summary: 'topic to add (repeatable, or a comma-separated list)',
      multiple: true,
      helpValue: '<name>',
    }),
    'topics-file': Flags.string({
      summary: 'file with one topic name per line (# starts a comment)',
      helpValue: '<file>',
    }),
    pattern: Flags.string({
      char: 'p',
      summary: 'regular expression selecting source topics (repeatable); saved in the mirror for auto-discovery',
      multiple: true,
      helpValue: '<regex>',
    }),
    exclude: Flags.string({
      char: 'x',
      summary: 'regular expression of topics to leave out (repeatable); saved in the mirror',
      multiple: true,
      helpValue: '<regex>',
    }),
    'allow-missing': Flags.boolean({
      summary: 'send named topics that do not exist on the source yet (the mirror starts them when they appear)',
    }),
    'source-config': Flags.string({
      summary:
        "properties file for reaching the source cluster from this machine; overrides the mirror's stored settings",
      description:
        'Keys as in --command-config (bootstrap.servers, security.protocol, sasl.*, ssl.*). Setting one ssl.truststore.*, ' +
        'ssl.keystore.* or sasl.* key replaces that whole group of the stored settings.',
      helpValue: '<file>',
    }),
    'dry-run': Flags.boolean({ summary: 'show the matching topics and the request that would be sent; send nothing' }),
    wait: durationFlag({
      description:
        'after starting, wait up to this long until every added partition is MIRRORING (also bounded by --timeout)',
    }),
    yes: yesFlag('add topics matched by --pattern without asking (required when there is no terminal to ask on)'),
  };

  async run(): Promise<AddTopicsResult> {
    const input = this.validatedInput();
    const client = await this.kafka();
    const plan = await planAddTopics(client, input, {
      openSource: async (settings) => {
        const { createClient } = await import('../lib/kafka/connect.js');
        return createClient(settings, this.deadline, (e) =>
          this.trace(
            () =>
              `[source] ${e.api} v${e.version} -> ${e.broker}: ${e.outcome === 'ok' ? 'ok' : `error: ${e.error ?? 'unknown'}`} in ${e.ms}ms`,
          ),
        );
      },
      warn: (message) => this.warning(message),
    });

    if (this.flags['dry-run']) {
      const result = addTopicsResultOf(plan, true);
      this.render(result, (r) => renderAddTopics(plan, r));
      return result;
    }

    let previewShown = false;
    if (plan.request && plan.addedByPattern.length > 0) {
      const canPrompt = this.canPrompt(this.flags.yes);
      const text = this.outputFormat === 'table' || this.outputFormat === 'wide';
      if (canPrompt) {
        this.stdout.write(`${renderAddTopicsPreview(plan)}\n`);
        previewShown = true;
      } else if (!this.flags.yes && text) {
        // Refused below: show on stderr what would have been added, so the operator can decide.
        this.stderr.write(`${renderAddTopicsPreview(plan)}\n`);
      }
      const count = plan.request.Topics?.length ?? 0;
      const confirmed = await confirmAction(
        `Start mirroring ${count} topic(s) in mirror ${plan.mirror} (${plan.addedByPattern.length} selected by --pattern)?`,
        {
          canPrompt,
          yes: this.flags.yes,
          action: `start ${plan.addedByPattern.length} topic(s) selected by --pattern in mirror '${plan.mirror}'`,
        },
      );
      if (!confirmed)
        throw new KmirrorError('not confirmed; nothing was sent', ExitCode.Error, {
          hint: '--dry-run shows what would be sent',
        });
    }

    const outcome = await sendAddTopics(client, plan);
    this.render(outcome.result, (r) => renderAddTopics(plan, r, { previewShown, failures: outcome.failures }));
    if (outcome.error) throw outcome.error;
    const unmet = unmetNamedTopics(outcome.result, plan);
    if (unmet) throw unmet;

    const waitMs = this.flags.wait;
    if (waitMs !== undefined && outcome.result.added.length > 0) {
      await waitUntilMirroring(
        client,
        plan.mirror,
        outcome.result.added,
        this.deadline.waitWithin(
          waitMs,
          `the topics were started; kmirror describe ${plan.mirror} shows their partition states (a longer --wait or --timeout waits longer)`,
        ),
      );
      this.note(`Every partition of the added topics is MIRRORING.`);
    }
    return outcome.result;
  }

  /** Every flag and file checked before any request. */
  private validatedInput(): AddTopicsInput {
    const f = this.flags;
    const named = parseTopicNames(f.topic ?? []);
    if (f['topics-file'] !== undefined)
      for (const name of readTopicsFile(f['topics-file'])) if (!named.includes(name)) named.push(name);
    const include = [...new Set(f.pattern ?? [])];
    const exclude = [...new Set(f.exclude ?? [])];
    if (named.length === 0 && include.length === 0) {
      throw new UsageError('no topics given', {
        hint: 'name topics with --topic (or --topics-file), or select them with --pattern REGEX',
      });
    }
    const warn = (message: string): void => this.warning(message);
    compilePatterns(include, '--pattern', warn);
    const excludeRe = compilePatterns(exclude, '--exclude', warn);
    for (const name of named) {
      if (excludeRe?.test(name)) {
        throw new UsageError(`topic '${name}' is named but also matches --exclude`, {
          hint: 'drop it from --topic/--topics-file or narrow the --exclude pattern',
        });
      }
    }
    let sourceConfig: ReadonlyMap<string, PropertyEntry> | undefined;
    if (f['source-config'] !== undefined)
      sourceConfig = readClientPropertiesFile(f['source-config'], '--source-config', { warn: (m) => this.warning(m) });
    return {
      mirror: this.args.mirror,
      topics: named,
      include,
      exclude,
      allowMissing: f['allow-missing'],
      ...(sourceConfig ? { sourceConfig, sourceConfigName: `--source-config '${f['source-config']}'` } : {}),
    };
  }
}
