// The output half of every command: the one JSON/YAML document (kept until the command ends, with its warnings
// and its failure), --watch and server lines, text for people written with backpressure, notes, warnings and
// --debug traces. Secrets are masked in everything written here; broker text reaching a terminal is escaped.

import { RenderBudget } from './render-budget.js';
import { rowsWithinBudget } from './rows-within-budget.js';
import type { Deadline } from './deadline.js';
import { Command } from '@oclif/core/command';
import type { WireEvent } from '../../kafka/client.js';
import { redact, redactText } from '../../connection/redact.js';
import { escapeControl, escapeStackTrace } from '../../text/terminal-safe.js';
import { coloursOn, dim, red, yellow } from '../../text/paint.js';
import { type Failure, failureOf } from '../failures/errors.js';
import type { ExitCode } from '../failures/exit-codes.js';
import type { BaseFlags } from '../flags/flags.js';
import type { OutputFormat } from '../flags/flags.js';
import { canPrompt } from '../output/interactive.js';
import { errorDocument, failureJson, resultDocument } from '../output/json-document.js';
import { type JsonCut, formatJson, formatJsonLine, formatJsonPieces, formatYaml } from '../output/output-format.js';
import { outputFromArgv } from '../output/output-from-argv.js';
import { formatYamlPieces } from '../output/yaml-pieces.js';
import { OutputStream, linesAsText, type Printable } from '../output/output-stream.js';
import { optionWords } from '../output/option-words.js';

export interface RenderOptions {
  /** `-o wide`: show every column. */
  readonly wide: boolean;
  /** Whether colour codes may be used (text/paint.ts already knows; for renderers that write their own). */
  readonly color: boolean;
  /** For lines a renderer makes before handing any over (a view cut to the screen): throws once past --timeout. */
  readonly checkpoint: () => void;
}

/** Text for people: a string, or for output that can be huge, its lines (made as they are written). */
export type HumanRenderer<R> = (result: R, options: RenderOptions) => string | Iterable<string>;

export interface OutputOptions<R> {
  /** An explicit flag asked for the secrets: print the result unmasked. */
  readonly showSecrets?: boolean;
  /** Masks only these free-text fields, for results too large for the generic deep walk (describe). */
  readonly maskText?: (result: R, mask: (text: string) => string) => R;
  /** --watch: one document per refresh (a JSON line; a YAML document after ---); the text inside this frame. */
  readonly refreshFrame?: (text: string) => string;
  /** Warnings about this result: in its document, or on stderr after the text. */
  readonly warnings?: readonly string[];
}

/** Where a command writes; the process streams, or a buffer in tests. */
export interface TextSink {
  write(text: string): unknown;
}

export abstract class OutputCommand extends Command {
  /** The shared flags, typed without the command's own. */
  protected baseFlagValues: BaseFlags | undefined;
  protected outputFormat: OutputFormat = 'table';
  /** Written with backpressure; the command ends only after both are flushed (see _run). */
  protected stdout: TextSink = new OutputStream(process.stdout);
  protected stderr: TextSink = new OutputStream(process.stderr);

  /** A document was made: the one JSON/YAML document (pending until the command ends) or a --watch line. */
  private documentWritten = false;
  /** The result document, written when the command ends: with its warnings, and its failure if it fails. */
  private pendingResult: { readonly value: unknown; readonly budget: RenderBudget } | undefined;
  /** The timeout that cut the result document short: already inside it as its `error`, not printed again. */
  private failureInDocument: unknown;
  /** Warnings given in JSON/YAML mode, for the `warnings` array of the next document. */
  private documentWarnings: string[] = [];
  /** Line documents written: one per --watch refresh, or the one line of a server (playground, exporter). */
  private lineMode: 'watch' | 'server' | undefined;
  /** Set by exitAfterOutput(): the exit code of a command that printed its whole result. */
  protected exitCodeAfterOutput: ExitCode | undefined;
  /** --timeout: masking, the rows of a long text and a JSON document are checked against it (render-budget.ts). */
  protected abstract deadline: Deadline;
  /** The clock a render budget reads (a test's own, to expire a deadline mid-render). */
  protected renderClock: () => number = Date.now;
  /** Whether a prompt may be shown (TTY both ways, not JSON/YAML, no --yes, not CI). */
  protected canPrompt(yes?: boolean): boolean {
    return canPrompt({ json: this.outputFormat === 'json', output: this.outputFormat, yes });
  }

  // ---- Output: every result, note, warning, trace and error a command prints is written below. ----

  /** What a confirmation needs to know (prompt/confirm-plan.ts): can it ask, --yes, where the preview goes. */
  protected confirmSettings(yes: boolean | undefined) {
    const textOutput = this.textOutput();
    return { canPrompt: this.canPrompt(yes), yes: yes === true, textOutput, stdout: this.stdout, stderr: this.stderr };
  }

  /**
   * Prints the command's result: one JSON or YAML document, or the human text from `human`.
   * Secrets are masked unless the command passes `showSecrets` (for an explicit flag).
   */
  protected render<R>(result: R, human: HumanRenderer<R>, options: OutputOptions<R> = {}): void {
    const budget = new RenderBudget(this.deadline, this.renderClock);
    const shown = options.showSecrets ? result : budget.step(() => this.masked(result, options, budget));
    const frame = options.refreshFrame;
    const warnings = options.warnings ?? [];
    switch (this.outputFormat) {
      case 'json':
      case 'yaml':
        for (const warning of warnings) this.warning(warning);
        if (frame) this.writeRefreshDocument(shown, budget);
        else this.keepResult(shown, budget);
        return;
      default: {
        const checkpoint = (): void => {
          if (budget.spent) throw budget.timeoutError('making the rows of the output');
        };
        const humanOptions = { wide: this.outputFormat === 'wide', color: coloursOn(), checkpoint };
        const text = frame ? budget.step(() => human(shown, humanOptions)) : human(shown, humanOptions);
        // A refresh frame wraps the whole text, made within the budget before any of it is shown; otherwise
        // lines are written as they are made.
        if (frame) this.stdout.write(frame(frameText(text, budget)));
        else if (typeof text !== 'string') print(this.stdout, linesAsText(rowsWithinBudget(text, budget)));
        else if (text !== '') this.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
        for (const warning of warnings) this.warning(warning);
      }
    }
  }

  /** The result with its secrets masked, within the render budget (a large result takes a while). */
  private masked<R>(result: R, options: OutputOptions<R>, budget: RenderBudget): R {
    const what = 'masking the secrets in the output';
    if (options.maskText)
      return options.maskText(
        result,
        budget.checked((text: string) => redactText(text, { registeredSecrets: false }), what),
      );
    return redact(result, { registeredSecrets: false, onValue: budget.checked(() => undefined, what) }) as R;
  }

  /** Whether the output is text for people (table or wide), not a JSON or YAML document. */
  protected textOutput(): boolean {
    return this.outputFormat === 'table' || this.outputFormat === 'wide';
  }

  /** Text output to a terminal (where a --watch redraws in place). */
  protected ttyText(): boolean {
    return process.stdout.isTTY === true && this.textOutput();
  }

  /** After the whole result is printed: end with this exit code, without an error message (a report). */
  protected exitAfterOutput(code: ExitCode): void {
    this.exitCodeAfterOutput = code;
  }

  /** Waits until everything printed so far has left the process (a refresh loop waits for its reader). */
  protected async outputFlushed(): Promise<void> {
    await flushed(this.stdout);
    await flushed(this.stderr);
  }

  /** Whether stdout's reader went away (`| head`, a pager quit): nothing more is worth printing. */
  protected outputClosed(): boolean {
    return this.stdout instanceof OutputStream && this.stdout.closed;
  }

  /**
   * The one line a server prints once it runs (playground, exporter --json): written at once, as the
   * command goes on. Warnings after it can join no document and go to stderr, the server's log.
   */
  protected renderJsonLine(result: unknown, options: { showSecrets?: boolean } = {}): void {
    this.documentWritten = true;
    this.lineMode = 'server';
    const shown = options.showSecrets ? result : redact(result, { registeredSecrets: false });
    this.stdout.write(formatJsonLine(resultDocument(shown, { warnings: this.takeDocumentWarnings() })));
  }

  /** A --watch refresh that failed after the first: a warning in text, an error document line in JSON/YAML. */
  protected refreshFailed(err: unknown, retryInMs: number): void {
    const failure = failureOf(err);
    if (this.textOutput()) {
      this.warning(`refresh failed: ${failure.message}; trying again in ${retryInMs / 1000}s`);
      return;
    }
    this.lineMode = 'watch';
    this.documentWritten = true;
    this.writeErrorLine(failure);
  }

  /** A note for people, on stderr; left out of JSON/YAML output, whose document holds what matters. */
  protected note(message: string): void {
    if (!this.textOutput()) return;
    this.stderr.write(`${escapeControl(redactText(message))}\n`);
  }

  /** A warning: on stderr for people; in JSON/YAML the `warnings` array of the document. */
  protected warning(message: string): void {
    if (!this.textOutput() && this.lineMode !== 'server') {
      this.documentWarnings.push(redactText(message));
      return;
    }
    this.stderr.write(`${yellow('Warning:')} ${escapeControl(redactText(message))}\n`);
  }

  /** A --debug trace line on stderr; the message is built only when tracing is on. */
  protected trace(message: string | (() => string)): void {
    if (!this.debugEnabled()) return;
    const text = typeof message === 'function' ? message() : message;
    this.stderr.write(`${dim(`[debug] ${escapeControl(redactText(text))}`)}\n`);
  }

  protected debugEnabled(): boolean {
    if (this.baseFlagValues) return this.baseFlagValues.debug === true;
    return (
      optionWords(this.argv).includes('--debug') ||
      ['1', 'true', 'yes'].includes((process.env.KMIRROR_DEBUG ?? '').toLowerCase())
    );
  }

  // oclif prints a returned result itself under --json; route that through the same writer so a
  // command that also called render() still emits exactly one document.
  protected override logJson(json: unknown): void {
    if (this.documentWritten) return;
    const budget = new RenderBudget(this.deadline, this.renderClock);
    const onValue = budget.checked(() => undefined, 'masking the secrets in the output');
    this.keepResult(
      budget.step(() => redact(json, { registeredSecrets: false, onValue })),
      budget,
    );
  }

  /** The result document waits for the end of the command: its warnings and outcome are known only then. */
  private keepResult(shown: unknown, budget: RenderBudget): void {
    this.documentWritten = true;
    this.pendingResult = { value: shown, budget };
  }

  private takeDocumentWarnings(): string[] {
    const taken = this.documentWarnings;
    this.documentWarnings = [];
    return taken;
  }

  /**
   * Writes the kept result document, with the failure that ended the command if there was one. A document
   * whose making uses up the render budget is cut short (JsonCut): closed where it stands, with the timeout (or
   * the command's own failure) as its `error`; the timeout then ends the command, once the document is out.
   */
  protected writePendingResult(failure?: Failure): void {
    const pending = this.pendingResult;
    if (pending === undefined) return;
    this.pendingResult = undefined;
    const warnings = this.takeDocumentWarnings();
    const document = resultDocument(pending.value, {
      warnings,
      ...(failure === undefined ? {} : { error: failureJson(failure) }),
    });
    const { budget } = pending;
    const yaml = this.outputFormat === 'yaml';
    const timeout = budget.timeoutError(`making the ${yaml ? 'YAML' : 'JSON'} document of the output`);
    let cutShort = false;
    const cut: JsonCut = {
      due: () => (cutShort = budget.spent),
      ending: () => ({ warnings: document.warnings, error: failureJson(failure ?? failureOf(timeout)) }),
    };
    const pieces = budgeted(yaml ? formatYamlPieces(document, cut) : formatJsonPieces(document, cut), budget);
    print(this.stdout, failure === undefined ? this.failingWhen(() => cutShort, pieces, timeout) : pieces);
  }

  /** The pieces of a document, then `timeout` as the command's failure if they were cut short. */
  private *failingWhen(cutShort: () => boolean, pieces: Iterable<string>, timeout: Error): Generator<string> {
    yield* pieces;
    if (!cutShort()) return;
    this.failureInDocument = timeout;
    throw timeout;
  }

  /** One --watch refresh: a compact JSON line, or a YAML document after ---, stamped with its time. */
  private writeRefreshDocument(shown: unknown, budget: RenderBudget): void {
    this.documentWritten = true;
    this.lineMode = 'watch';
    const timestamp = new Date().toISOString();
    const document = resultDocument(shown, { warnings: this.takeDocumentWarnings(), timestamp });
    const yaml = this.outputFormat === 'yaml';
    const pieces = yaml ? formatYamlPieces(document) : formatJsonPieces(document, undefined, true);
    // Made whole before it is written: a refresh cut short is not shown, its timeout is the next line.
    const what = `making the ${yaml ? 'YAML' : 'JSON'} document of the output`;
    const text = [...rowsWithinBudget(pieces, budget, what)].join('');
    this.stdout.write(yaml ? `---\n${text}` : text);
  }

  private writeErrorLine(failure: Failure): void {
    const timestamp = new Date().toISOString();
    this.writeLineDocument(errorDocument(failureJson(failure), { warnings: this.takeDocumentWarnings(), timestamp }));
  }

  private writeLineDocument(document: unknown): void {
    this.stdout.write(this.outputFormat === 'yaml' ? `---\n${formatYaml(document)}` : formatJsonLine(document));
  }

  /** The failure that ends the command: in its document (JSON/YAML), else Error/Hint lines; --debug adds stacks. */
  protected reportFailure(err: Error, failure: Failure): void {
    const format = this.baseFlagValues ? this.outputFormat : this.jsonEnabled() ? 'json' : outputFromArgv(this.argv);
    const machine = format === 'json' || format === 'yaml';
    if (machine && err === this.failureInDocument) {
      // Already the `error` of the document that was cut short.
    } else if (machine && this.pendingResult !== undefined) this.writePendingResult(failure);
    else if (machine && this.lineMode === 'watch') this.writeErrorLine(failure);
    else if (machine && !this.documentWritten) {
      const document = errorDocument(failureJson(failure), { warnings: this.takeDocumentWarnings() });
      this.documentWritten = true;
      print(this.stdout, format === 'yaml' ? formatYaml(document) : formatJson(document));
    } else {
      // The documents above keep the broker's exact text; a terminal gets it escaped.
      // A "no" at a question is the operator's choice, not an error: its one line stands alone.
      const lines = [
        err.name === 'DeclinedError' ? failure.message : `${red('Error:')} ${escapeControl(failure.message)}`,
      ];
      if (failure.hint) lines.push(`${dim('Hint:')} ${escapeControl(failure.hint)}`);
      this.stderr.write(`${lines.join('\n')}\n`);
    }
    if (this.debugEnabled()) {
      for (
        let current: unknown = err, depth = 0;
        current instanceof Error && depth < 5;
        current = current.cause, depth++
      ) {
        const stack = redactText(current.stack ?? `${current.name}: ${current.message}`);
        this.stderr.write(`${escapeStackTrace(stack, redactText(current.message))}\n`);
      }
    }
  }
}

/**
 * Text to a sink: pulled with backpressure by an OutputStream, joined for a plain sink (tests), which like the
 * stream gets what was made before a failure.
 */
function print(sink: TextSink, text: Printable): void {
  if (sink instanceof OutputStream) {
    sink.write(text);
    return;
  }
  if (typeof text === 'string') {
    sink.write(text);
    return;
  }
  const pieces: string[] = [];
  try {
    for (const piece of text) pieces.push(piece);
  } finally {
    sink.write(pieces.join(''));
  }
}

/** The text of a --watch frame; the budget's timeout once making it has used the budget up. */
function frameText(text: string | Iterable<string>, budget: RenderBudget): string {
  const whole = typeof text === 'string' ? text : [...rowsWithinBudget(text, budget)].join('\n');
  if (budget.spent) throw budget.timeoutError('making the rows of the output');
  return whole;
}

/** Each piece made as one step of the budget (the time the reader takes between pieces is not counted). */
function* budgeted(pieces: Iterable<string>, budget: RenderBudget): Generator<string> {
  const iterator = pieces[Symbol.iterator]();
  try {
    for (let step = budget.step(() => iterator.next()); !step.done; step = budget.step(() => iterator.next()))
      yield step.value;
  } finally {
    iterator.return?.();
  }
}

/** Resolves once everything written to the sink so far has left the process. */
export function flushed(sink: TextSink): Promise<void> {
  return sink instanceof OutputStream ? sink.flushed() : Promise.resolve();
}

/** One --debug line for a request on the wire. */
export function formatWireEvent(event: WireEvent): string {
  const size =
    event.responseBytes === undefined ? `${event.requestBytes}B` : `${event.requestBytes}B/${event.responseBytes}B`;
  const outcome = event.outcome === 'ok' ? 'ok' : `error: ${event.error ?? 'unknown'}`;
  return (
    `${event.api} v${event.version} (key ${event.apiKey}) -> ${event.broker}: ${outcome} in ` + `${event.ms}ms, ${size}`
  );
}
