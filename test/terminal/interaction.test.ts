// Interaction in a real terminal (issue 4, "Interaction"): the built binary runs in a tmux pane
// against emulated clusters of this process; the test types its answers and reads the screen.
// Covers a prompt for a missing value, a yes/no confirmation (both answers) and --watch redrawing
// in place until Ctrl-C.

import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import { runCli } from '../helpers/in-process-cli.js';
import { type TmuxPane, TmuxServer, tmuxAvailable } from './tmux.js';

const HAVE_TMUX = tmuxAvailable();
// Missing tmux fails in CI (install it with scripts/install-client-tools.sh) and skips elsewhere.
const skip =
  !HAVE_TMUX && !process.env.CI
    ? 'tmux is not installed (apt-get install -y tmux); skipping the real-terminal tests'
    : false;

describe('kmirror in a real terminal (tmux)', { skip }, () => {
  let emulator: EmulatedClusters | undefined;
  let tmux: TmuxServer | undefined;
  let dst = '';
  let src = '';

  before(async () => {
    assert.ok(HAVE_TMUX, 'tmux is required when CI is set: run scripts/install-client-tools.sh');
    emulator = await startEmulatedClusters({
      seed: 'terminal',
      demoTopics: [
        { name: 'orders-us', partitions: 2, initialOffset: 500n },
        { name: 'orders-eu', partitions: 1, initialOffset: 300n },
        { name: 'payments', partitions: 1, initialOffset: 100n },
      ],
    });
    dst = emulator.destination.bootstrap;
    src = emulator.source.bootstrap;
    tmux = new TmuxServer();
  });

  after(async () => {
    tmux?.kill();
    await emulator?.close();
  });

  /** Types the password at the question on screen; the command must connect (exit 0) and never show it. */
  async function answerPasswordThenNoMirrors(pane: TmuxPane, password: string): Promise<void> {
    pane.type(password);
    pane.press('Enter');
    const code = await pane.exitCode();
    const screen = pane.capture();
    assert.equal(code, 0, screen);
    assert.match(screen, /No mirrors/);
    assert.ok(!screen.includes(password), `the password is not echoed:\n${screen}`);
  }

  function mirrorOf(topic: string): string | undefined {
    return emulator?.destination.cluster.topics.get(topic)?.mirror?.name;
  }

  async function createMirror(name: string): Promise<void> {
    const created = await runCli(['create', name, '-b', dst, '--source-bootstrap', src]);
    assert.equal(created.code, 0, created.stderr);
  }

  it('asks for a missing --source-bootstrap on a terminal and creates the mirror with the answer', async () => {
    assert.ok(tmux && emulator);
    const pane = tmux.start(['create', 'prompted', '-b', dst]);
    await pane.waitFor('the source bootstrap question', (s) => s.includes('Bootstrap servers of the SOURCE cluster'));
    pane.type(src);
    pane.press('Enter');
    const code = await pane.exitCode();
    const screen = pane.capture();
    assert.equal(code, 0, screen);
    assert.match(screen, /Created mirror prompted \(source cluster \S+ at /);
    assert.ok(emulator.destination.cluster.mirrors.exists('prompted'), 'the mirror exists on the destination');
  });

  it('previews the topics a pattern selects and asks; "n" sends nothing (exit 1), "y" adds them', async () => {
    assert.ok(tmux);
    await createMirror('confirmed');

    const refused = tmux.start(['add-topics', 'confirmed', '-b', dst, '--pattern', 'orders-.*']);
    const question = await refused.waitFor('the confirmation question', (s) =>
      /Start mirroring 2 topic\(s\) in mirror confirmed/.test(s),
    );
    assert.match(question, /^orders-eu +1 /m, 'the preview lists the matches before asking');
    assert.match(question, /^orders-us +2 /m);
    refused.type('n');
    refused.press('Enter');
    assert.equal(await refused.exitCode(), 1, refused.capture());
    assert.match(refused.capture(), /^Nothing was changed\.$/m);
    assert.equal(mirrorOf('orders-us'), undefined, 'answering n must not start any topic');
    assert.equal(mirrorOf('orders-eu'), undefined);

    const accepted = tmux.start(['add-topics', 'confirmed', '-b', dst, '--pattern', 'orders-.*']);
    await accepted.waitFor('the confirmation question', (s) =>
      /Start mirroring 2 topic\(s\) in mirror confirmed/.test(s),
    );
    accepted.type('y');
    accepted.press('Enter');
    assert.equal(await accepted.exitCode(), 0, accepted.capture());
    assert.match(accepted.capture(), /Started 2 mirror topic\(s\) in mirror confirmed: orders-eu, orders-us/);
    assert.equal(mirrorOf('orders-us'), 'confirmed');
    assert.equal(mirrorOf('orders-eu'), 'confirmed');
  });

  it('redraws describe --watch in place, and Ctrl-C ends it with exit 0', async () => {
    assert.ok(tmux);
    await createMirror('watched');
    const added = await runCli(['add-topics', 'watched', '-b', dst, '--topic', 'payments']);
    assert.equal(added.code, 0, added.stderr);

    const pane = tmux.start(['describe', 'watched', '-b', dst, '--watch', '--interval', '1']);
    const header = /^Every 1s: kmirror describe .*(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) {2}\(Ctrl-C to stop\)$/gm;
    const stamps = (screen: string): string[] => [...screen.matchAll(header)].map((m) => m[1] ?? '');
    const first = await pane.waitFor('the first refresh', (s) => stamps(s).length > 0 && /^payments +1 /m.test(s));
    const firstStamp = stamps(first)[0];
    const second = await pane.waitFor('a later refresh', (s) => stamps(s).length > 0 && stamps(s)[0] !== firstStamp);
    // Appended output would leave the earlier refresh on the 50-line screen: one header per screen.
    assert.equal(stamps(first).length, 1, first);
    assert.equal(stamps(second).length, 1, second);
    assert.match(second, /^Mirror watched: /m);

    pane.press('C-c');
    assert.equal(await pane.exitCode(), 0, pane.capture());
  });

  it('on a terminal, a mistyped command asks nothing and runs nothing, even with --yes', async () => {
    assert.ok(tmux && emulator);
    await createMirror('typo');
    const pane = tmux.start(['delet', 'typo', '-b', dst, '--yes']);
    assert.equal(await pane.exitCode(), 2, pane.capture());
    const screen = pane.capture();
    assert.match(screen, /'delet' is not a kmirror command/);
    assert.match(screen, /did you mean 'kmirror delete'\?/);
    assert.doesNotMatch(screen, /\(Y\/n\)|\(y\/N\)/, 'no question');
    assert.ok(emulator.destination.cluster.mirrors.exists('typo'), 'the mirror is still there');
  });

  it('Enter alone at a confirmation is no: nothing is sent', async () => {
    assert.ok(tmux && emulator);
    await createMirror('enter-no');
    const pane = tmux.start(['add-topics', 'enter-no', '-b', dst, '--pattern', 'orders-.*']);
    // Whatever the question (these topics may sit in an earlier test's mirror), the default shown is no.
    await pane.waitFor('the confirmation question', (s) => /\? .*mirror '?enter-no'?.*\(y\/N\)/.test(s));
    pane.press('Enter');
    assert.equal(await pane.exitCode(), 1, pane.capture());
    assert.match(pane.capture(), /^Nothing was changed\.$/m);
    const include = emulator.destination.cluster.mirrors.configsOf('enter-no')?.get('mirror.topics.include') ?? '';
    assert.equal(include, '', 'the pattern was not saved');
  });

  it('--sasl-password-stdin on a terminal asks for the password without echo, and connects with it', async () => {
    assert.ok(tmux);
    const secured = await startEmulatedClusters({ seed: 'terminal-sasl', growthPerSec: 0, sasl: true });
    try {
      const [user, password] = Object.entries(secured.security.sasl?.users ?? {})[0] ?? ['', ''];
      const to = ['-b', secured.destination.bootstrap, '--sasl-mechanism', 'plain', '--sasl-username', user];
      const pane = tmux.start(['list', ...to, '--sasl-password-stdin']);
      await pane.waitFor('the password question', (s) => s.includes('SASL password:'));
      await answerPasswordThenNoMirrors(pane, password);
    } finally {
      await secured.close();
    }
  });

  it('a profile whose password is { prompt: true } asks on a terminal without echo, and connects with it', async () => {
    assert.ok(tmux);
    const secured = await startEmulatedClusters({ seed: 'terminal-profile', growthPerSec: 0, sasl: true });
    try {
      const [user, password] = Object.entries(secured.security.sasl?.users ?? {})[0] ?? ['', ''];
      const home = { XDG_CONFIG_HOME: mkdtempSync(join(tmpdir(), 'kmirror-tty-profile-')) };
      const to = ['-b', secured.destination.bootstrap, '--sasl-mechanism', 'plain', '--sasl-username', user];
      const saved = await runCli(['profile', 'create', 'asks', ...to, '--sasl-password-prompt'], { env: home });
      assert.equal(saved.code, 0, saved.stderr);
      const pane = tmux.start(['list', '--profile', 'asks'], undefined, home);
      await pane.waitFor('the password question', (s) => /password/i.test(s));
      await answerPasswordThenNoMirrors(pane, password);
    } finally {
      await secured.close();
    }
  });

  it('describe --watch fits an 80×20 terminal: attention rows cut, a last line says how many are hidden', async () => {
    assert.ok(tmux);
    // A mirror that stays behind: 12 partitions copying 1 record/s each, far from their 500-record source.
    const slow = await startEmulatedClusters({
      seed: 'terminal-slow',
      demoTopics: [{ name: 'backlog', partitions: 12, initialOffset: 500n }],
      timing: { copyRecordsPerSec: 1, startupFailureMs: 0 },
    });
    try {
      const to = ['-b', slow.destination.bootstrap];
      const created = await runCli(['create', 'short', ...to, '--source-bootstrap', slow.source.bootstrap]);
      assert.equal(created.code, 0, created.stderr);
      const added = await runCli(['add-topics', 'short', ...to, '--topic', 'backlog']);
      assert.equal(added.code, 0, added.stderr);

      const pane = tmux.start(['describe', 'short', ...to, '--watch', '--interval', '0.5'], { columns: 80, rows: 20 });
      const stamp = (screen: string): string =>
        /^Every 0\.5s: .*?(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)/.exec(screen)?.[1] ?? '';
      const hidden = /^… \d+ attention row\(s\) hidden to fit 20 terminal rows \(all: without --watch\)$/m;
      const first = await pane.waitFor('a frame cut to fit', (s) => stamp(s) !== '' && hidden.test(s));
      const second = await pane.waitFor('the next frame', (s) => stamp(s) !== '' && stamp(s) !== stamp(first));
      for (const screen of [first, second]) {
        const lines = screen.split('\n');
        // The header is still the first line (nothing scrolled away), cut to the width, and the summary follows.
        assert.match(lines[0] ?? '', /^Every 0\.5s: kmirror describe short .*… {2}\d{4}-/, screen);
        assert.ok(lines.every((l) => l.length <= 80) && lines.length <= 20, screen);
        assert.match(screen, /^Mirror short: 12 partitions in 1 topic/m);
        assert.match(screen, /^Most lagging partitions \(top \d of 12; see all with --partitions --sort lag\):$/m);
      }
      pane.press('C-c');
      assert.equal(await pane.exitCode(), 0, pane.capture());
    } finally {
      await slow.close();
    }
  });
});
