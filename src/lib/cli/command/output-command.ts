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
  readonly wide: boolean;
  readonly color: boolean;
  /** For lines a renderer makes before handing any over (a view cut to the screen): throws once past --timeout. */
  readonly checkpoint: () => void;
}

export type HumanRenderer<R> = (result: R, options: RenderOptions) => string | Iterable<string>;

export interface OutputOptions<R> {
  readonly showSecrets?: boolean;
  readonly maskText?: (result: R, mask: (text: string) => string) => R;
  readonly refreshFrame?: (text: string) => string;
  readonly warnings?: readonly string[];
}

export interface TextSink {
  write(text: string): unknown;
}

export abstract class OutputCommand extends Command {
  protected baseFlagValues: BaseFlags | undefined;
  protected outputFormat: OutputFormat = 'table';
  protected stdout: TextSink = new OutputStream(process.stdout);
  protected stderr: TextSink = new OutputStream(process.stderr);

  private documentWritten = false;
  private pendingResult: { readonly value: unknown; readonly budget: RenderBudget } | undefined;
  private failureInDocument: unknown;
  private documentWarnings: string[] = [];
  private lineMode: 'watch' | 'server' | undefined;
  protected exitCodeAfterOutput: ExitCode | undefined;
  protected abstract deadline: Deadline;
  protected renderClock: () => number = Date.now;
  protected canPrompt(yes?: boolean): boolean {
    return canPrompt({ json: this.outputFormat === 'json', output: this.outputFormat, yes });
  }

  // ---- Output: every result, note, warning, trace and error a command prints is written below. ----

  protected confirmSettings(yes: boolean | undefined) {
    const textOutput = this.textOutput();
    return { canPrompt: this.canPrompt(yes), yes: yes === true, textOutput, stdout: this.stdout, stderr: this.stderr };
  }

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

  private masked<R>(result: R, options: OutputOptions<R>, budget: RenderBudget): R {
    const what = 'masking the secrets in the output';
    if (options.maskText)
      return options.maskText(
        result,
        budget.checked((text: string) => redactText(text, { registeredSecrets: false }), what),
      );
    return redact(result, { registeredSecrets: false, onValue: budget.checked(() => undefined, what) }) as R;
  }

  protected textOutput(): boolean {
    return this.outputFormat === 'table' || this.outputFormat === 'wide';
  }

  protected ttyText(): boolean {
    return process.stdout.isTTY === true && this.textOutput();
  }

  protected exitAfterOutput(code: ExitCode): void {
    this.exitCodeAfterOutput = code;
  }

  protected async outputFlushed(): Promise<void> {
    await flushed(this.stdout);
    await flushed(this.stderr);
  }

  protected outputClosed(): boolean {
    return this.stdout instanceof OutputStream && this.stdout.closed;
  }

  /** Warnings after a server's one JSON line can join no document and go to stderr, the server's log. */
  protected renderJsonLine(result: unknown, options: { showSecrets?: boolean } = {}): void {
    this.documentWritten = true;
    this.lineMode = 'server';
    const shown = options.showSecrets ? result : redact(result, { registeredSecrets: false });
    this.stdout.write(formatJsonLine(resultDocument(shown, { warnings: this.takeDocumentWarnings() })));
  }

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

  protected note(message: string): void {
    if (!this.textOutput()) return;
    this.stderr.write(`${escapeControl(redactText(message))}\n`);
  }

  protected warning(message: string): void {
    if (!this.textOutput() && this.lineMode !== 'server') {
      this.documentWarnings.push(redactText(message));
      return;
    }
    this.stderr.write(`${yellow('Warning:')} ${escapeControl(redactText(message))}\n`);
  }

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

  // oclif prints a returned result itself under --json: routed through the same writer, so one document.
  protected override logJson(json: unknown): void {
    if (this.documentWritten) return;
    const budget = new RenderBudget(this.deadline, this.renderClock);
    const onValue = budget.checked(() => undefined, 'masking the secrets in the output');
    this.keepResult(
      budget.step(() => redact(json, { registeredSecrets: false, onValue })),
      budget,
    );
  }

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

export function flushed(sink: TextSink): Promise<void> {
  return sink instanceof OutputStream ? sink.flushed() : Promise.resolve();
}

export function formatWireEvent(event: WireEvent): string {
  const size =
    event.responseBytes === undefined ? `${event.requestBytes}B` : `${event.requestBytes}B/${event.responseBytes}B`;
  const outcome = event.outcome === 'ok' ? 'ok' : `error: ${event.error ?? 'unknown'}`;
  return (
    `${event.api} v${event.version} (key ${event.apiKey}) -> ${event.broker}: ${outcome} in ` + `${event.ms}ms, ${size}`
  );
}
