// Runs clients written by others (kcat, confluent-kafka's librdkafka) against the in-process
// emulator. They must be spawned asynchronously: a synchronous spawn would block the event loop
// that serves their requests.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';

export const INSTALL_HINT =
  'bash scripts/install-client-tools.sh  (apt-get install kcat python3-confluent-kafka python3-kafka graphviz)';
/** Debian's interpreter: the package python3-confluent-kafka installs only for it, not for a pyenv python3. */
export const DEBIAN_PYTHON = '/usr/bin/python3';
export const ADMIN_PROBE = fileURLToPath(new URL('../../../test/clients/py/admin_probe.py', import.meta.url));
export const COMMIT_PROBE = fileURLToPath(new URL('../../../test/clients/py/commit_probe.py', import.meta.url));
export const RECORDS_PROBE = fileURLToPath(new URL('../../../test/clients/py/records_probe.py', import.meta.url));
export const KAFKA_PYTHON_PROBE = fileURLToPath(
  new URL('../../../test/clients/py/kafka_python_probe.py', import.meta.url),
);
export const TXN_PROBE = fileURLToPath(new URL('../../../test/clients/py/txn_probe.py', import.meta.url));
/** A hung client is a failure, never a stuck suite. */
export const TOOL_KILL_AFTER_MS = 30_000;

export interface ToolResult {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly timedOut: boolean;
}

export function runTool(
  command: string,
  args: readonly string[],
  options: { stdin?: string; killAfterMs?: number } = {},
): Promise<ToolResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.killAfterMs ?? TOOL_KILL_AFTER_MS);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, timedOut });
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.stdin ?? '');
  });
}

/** What a failed assertion should show about a client run. */
export function describeRun(label: string, result: ToolResult): string {
  const how = result.timedOut
    ? `killed after ${TOOL_KILL_AFTER_MS} ms`
    : `exit ${String(result.code ?? result.signal)}`;
  return `${label}: ${how}\n--- stdout\n${result.stdout.slice(0, 4000)}\n--- stderr\n${result.stderr.slice(0, 4000)}`;
}

export interface ToolCheck {
  readonly name: string;
  readonly available: boolean;
  readonly detail: string;
}

async function probe(name: string, command: string, args: readonly string[]): Promise<ToolCheck> {
  try {
    const result = await runTool(command, args, { killAfterMs: 10_000 });
    const output = `${result.stdout}${result.stderr}`.trim();
    return {
      name,
      available: result.code === 0,
      detail: result.code === 0 ? output : `${command} failed: ${output.slice(0, 300)}`,
    };
  } catch (err) {
    return { name, available: false, detail: `${command}: ${err instanceof Error ? err.message : String(err)}` };
  }
}

export function probeKcat(): Promise<ToolCheck> {
  return probe('kcat', 'kcat', ['-V']);
}

/** Prints `<confluent-kafka version> <librdkafka version string> <librdkafka version int>`. */
export function probeConfluentKafka(): Promise<ToolCheck> {
  return probe('python3-confluent-kafka', DEBIAN_PYTHON, [
    '-c',
    'import confluent_kafka as c; print(c.version()[0], c.libversion()[0], c.libversion()[1])',
  ]);
}

/** Prints the kafka-python version (Debian's python3-kafka). */
export function probeKafkaPython(): Promise<ToolCheck> {
  return probe('python3-kafka', DEBIAN_PYTHON, ['-c', 'import kafka; print(kafka.__version__)']);
}

/** Debian's graphviz: `dot -V` prints its version on stderr. */
export function probeGraphviz(): Promise<ToolCheck> {
  return probe('graphviz', 'dot', ['-V']);
}

function inCi(): boolean {
  const ci = process.env.CI;
  return ci !== undefined && ci !== '' && ci !== '0' && ci.toLowerCase() !== 'false';
}

/**
 * A suite that needs an outside client: runs when the client is there; otherwise it fails in CI
 * (where .ci/run installs it) and is skipped, with the install command, on a developer's machine.
 */
export function describeWithTool(tool: ToolCheck, title: string, body: () => void): void {
  if (tool.available) {
    describe(title, body);
    return;
  }
  const message = `${tool.name} is not installed (${tool.detail}); install it with: ${INSTALL_HINT}`;
  if (inCi()) {
    describe(title, () => {
      it(`needs ${tool.name}`, () => assert.fail(message));
    });
  } else {
    describe(title, { skip: message }, body);
  }
}
