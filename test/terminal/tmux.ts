// A real terminal for end-to-end tests: tmux (from Debian) on a private socket runs the built
// binary in a pane; tests type with send-keys and read the screen with capture-pane.

import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { testEnv } from '../helpers/cli.js';

const BIN = fileURLToPath(new URL('../../../bin/run.cjs', import.meta.url));

export function tmuxAvailable(): boolean {
  const probe = spawnSync('tmux', ['-V'], { encoding: 'utf8' });
  return probe.status === 0;
}

/** Quotes for the pane's POSIX shell. */
function quote(word: string): string {
  return /^[A-Za-z0-9_./:,=@%+-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

export class TmuxServer {
  /** Unique per test process, so parallel test files never share (or kill) a server. */
  readonly socket = `kmirror-test-${process.pid}-${randomBytes(4).toString('hex')}`;
  private sessions = 0;

  private tmux(args: readonly string[]): string {
    // CI unset in the server's environment too: a pane must be a place where a person could answer.
    const result = spawnSync('tmux', ['-L', this.socket, ...args], {
      encoding: 'utf8',
      env: testEnv({ CI: undefined, TMUX: undefined }),
    });
    if (result.status !== 0)
      throw new Error(`tmux ${args.join(' ')} failed (${String(result.status)}): ${result.stderr}`);
    return result.stdout;
  }

  /**
   * Starts `kmirror <args>` in a new pane (200×50 unless `size` says otherwise), then prints
   * `EXIT=<code>` and keeps the pane open. The shell catches SIGINT (a caught signal is reset for
   * the child), so Ctrl-C reaches kmirror while the shell survives to print the exit code.
   */
  start(
    args: readonly string[],
    size: { columns: number; rows: number } = { columns: 200, rows: 50 },
    env: Readonly<Record<string, string>> = {},
  ): TmuxPane {
    const name = `t${++this.sessions}`;
    const vars = Object.entries(env).map(([k, v]) => `${k}=${v}`);
    const kmirror = ['env', '-u', 'CI', 'NO_COLOR=1', ...vars, process.execPath, BIN, ...args].map(quote).join(' ');
    const script = `trap : INT; ${kmirror}; echo EXIT=$?; exec sleep 3600`;
    const [x, y] = [String(size.columns), String(size.rows)];
    this.tmux(['new-session', '-d', '-s', name, '-x', x, '-y', y, '/bin/sh', '-c', script]);
    return new TmuxPane(name, (a) => this.tmux(a));
  }

  /** Stops every pane of this server and removes its socket; safe when the server never started. */
  kill(): void {
    const socketPath = spawnSync('tmux', ['-L', this.socket, 'display-message', '-p', '#{socket_path}'], {
      encoding: 'utf8',
    }).stdout.trim();
    spawnSync('tmux', ['-L', this.socket, 'kill-server'], { encoding: 'utf8' });
    // tmux leaves the socket file behind after kill-server.
    if (socketPath.endsWith(this.socket)) rmSync(socketPath, { force: true });
  }
}

export class TmuxPane {
  constructor(
    readonly name: string,
    private readonly tmux: (args: readonly string[]) => string,
  ) {}

  /** The visible screen as plain text (no escapes), trailing blank lines dropped. */
  capture(): string {
    return this.tmux(['capture-pane', '-p', '-t', this.name]).replace(/\s+$/, '');
  }

  /** Types text literally (no key names), without pressing Enter. */
  type(text: string): void {
    this.tmux(['send-keys', '-t', this.name, '-l', text]);
  }

  /** Presses keys by tmux name: Enter, C-c, … */
  press(...keys: string[]): void {
    this.tmux(['send-keys', '-t', this.name, ...keys]);
  }

  /** Polls the screen until `check` accepts it; a bounded wait that fails with the last screen. */
  async waitFor(what: string, check: (screen: string) => boolean, limitMs = 30_000): Promise<string> {
    const end = Date.now() + limitMs;
    let screen = '';
    while (Date.now() < end) {
      screen = this.capture();
      if (check(screen)) return screen;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`timed out after ${limitMs} ms waiting for ${what}; the screen was:\n${screen}`);
  }

  /** The exit code printed after kmirror ended (waits for it). */
  async exitCode(limitMs = 30_000): Promise<number> {
    // Not anchored at the line start: the terminal echoes ^C in front of it after Ctrl-C.
    const screen = await this.waitFor('EXIT=<code>', (s) => /EXIT=\d+$/m.test(s), limitMs);
    return Number(/EXIT=(\d+)$/m.exec(screen)?.[1]);
  }
}
