// Starts and stops real Apache Kafka 4.4 brokers (KRaft) for the integration suite.
//
// Brokers run as plain `java -cp <classpath> kafka.Kafka server.properties` processes; the
// classpath comes from Maven through scripts/kafka-classpath.sh, so no Kafka distribution or
// Docker is needed. Every process listens on 127.0.0.1 only, on ports picked at random.
//
// Everything a node writes (config, data, logs) lives in one temp dir per single node or
// cluster. It is removed on stop unless KMIRROR_KEEP_KAFKA_LOGS is set or the test marked a
// failure, so that a failing run leaves the broker log behind to read.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { mkdtemp, open as openFile, readFile, writeFile } from 'node:fs/promises';
import { connect, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const execFileP = promisify(execFile);

export const HOST = '127.0.0.1';
export const SASL_MECHANISMS = ['PLAIN', 'SCRAM-SHA-256', 'SCRAM-SHA-512'] as const;
export type SaslMechanism = (typeof SASL_MECHANISMS)[number];

const DEFAULT_START_TIMEOUT_MS = 90_000;
const STOP_GRACE_MS = 15_000;
/** The JVM that writes the class-data archive does so at exit: 5-11 s measured on a loaded 2-core box. */
const STOP_GRACE_DUMPING_MS = 60_000;
const STARTED_MARKER = /\] Kafka Server started/;
const TEMP_PREFIX = 'kmirror-kafka-';
/** Whole-start attempts, when a port picked as free was taken before the JVM bound it, say. */
const PORT_ATTEMPTS = 3;

export interface Credentials {
  username: string;
  password: string;
}

export interface StartTimings {
  /** From the call until every port accepted connections and the log said "started". */
  totalMs: number;
  /** Port picking, keystore, cluster id and `StorageTool format`. */
  prepareMs: number;
  /** Spawning the server JVM(s) until ready. */
  serverMs: number;
  /** How many times the whole start ran (more than 1 only after a port clash). */
  attempts: number;
}

export interface SingleNodeOptions {
  /** Extra or overriding server.properties entries. */
  brokerProps?: Record<string, string | number | boolean>;
  /** Heap of the broker JVM in MiB (default 512). */
  heapMb?: number;
  /** Extra JVM arguments, appended after the harness's own. */
  jvmArgs?: string[];
  /** How long to wait for the broker to be ready (default 90 s). */
  startTimeoutMs?: number;
  adminPassword?: string;
  alicePassword?: string;
  /** Keep the temp dir on stop whatever happens. */
  keepLogs?: boolean;
}

export interface StopOptions {
  /** Keep the temp dir (as when the test failed). */
  keepLogs?: boolean;
}

export interface SingleNode {
  clusterId: string;
  nodeId: number;
  /** `host:port` of each client listener. */
  bootstrap: { plaintext: string; saslPlaintext: string; ssl: string };
  ports: { plaintext: number; saslPlaintext: number; ssl: number; controller: number };
  /** Mechanisms enabled on the SASL_PLAINTEXT listener. */
  saslMechanisms: readonly SaslMechanism[];
  /** `admin` is a super user; `alice` is not and has no ACLs until a test adds some. */
  credentials: { admin: Credentials; alice: Credentials };
  /** PEM of the broker's self-signed certificate, to trust as the CA on the SSL listener. */
  caPemPath: string;
  /** The PKCS12 keystore behind the SSL listener and its password. */
  keystore: { path: string; password: string };
  dir: string;
  logPath: string;
  pid: number;
  startMs: number;
  timings: StartTimings;
  /** Resident memory of the broker JVM in bytes, or undefined once it has stopped. */
  rssBytes(): number | undefined;
  /** Tells stop() to keep the logs because the test failed. */
  markFailed(): void;
  /**
   * SIGTERM, up to 15 s, then SIGKILL. Safe to call more than once. (Up to 60 s for the one JVM
   * per machine that writes the class-data archive at exit, the first time the suite runs.)
   */
  stop(opts?: StopOptions): Promise<void>;
}

export interface ClusterOptions {
  /** Extra or overriding server.properties entries for the brokers. */
  brokerProps?: Record<string, string | number | boolean>;
  /** Extra or overriding server.properties entries for the controller. */
  controllerProps?: Record<string, string | number | boolean>;
  /** Heap of each broker JVM in MiB (default 512). */
  heapMb?: number;
  /** Heap of the controller JVM in MiB (default 384). */
  controllerHeapMb?: number;
  jvmArgs?: string[];
  startTimeoutMs?: number;
  keepLogs?: boolean;
}

export interface ClusterBroker {
  nodeId: number;
  port: number;
  /** `127.0.0.1:port` */
  address: string;
  logPath: string;
  readonly running: boolean;
  readonly pid: number | undefined;
  /** Time in ms of the broker's last start (initial or restart). */
  readonly lastStartMs: number;
  rssBytes(): number | undefined;
  /**
   * Stops this broker. SIGTERM (controlled shutdown) by default; `{ signal: 'SIGKILL' }` for a crash.
   * Resolves when the process has exited, so its port is closed.
   */
  stop(opts?: { signal?: 'SIGTERM' | 'SIGKILL' }): Promise<void>;
  /** Starts it again on the same port and data dir; resolves when it is ready. No-op if running. */
  start(): Promise<void>;
}

export interface Cluster {
  clusterId: string;
  /** Comma-separated bootstrap list of all brokers. */
  bootstrap: string;
  bootstrapServers: string[];
  brokers: ClusterBroker[];
  /** The dedicated KRaft controller: no client listener, it only serves the brokers. */
  controller: { nodeId: number; port: number; logPath: string; rssBytes(): number | undefined };
  dir: string;
  startMs: number;
  timings: StartTimings;
  /** Resident memory of every JVM of the cluster that is running, in bytes. */
  rssBytes(): number;
  markFailed(): void;
  stopAll(opts?: StopOptions): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// Paths, Java, classpath

function findRepoRoot(): string {
  // Walked up rather than fixed, because this file runs both from test/real-kafka and dist/test/real-kafka.
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'scripts', 'kafka-classpath.sh'))) return dir;
    const parent = dirname(dir);
    if (parent === dir)
      throw new Error('kafka harness: cannot find scripts/kafka-classpath.sh above ' + fileURLToPath(import.meta.url));
    dir = parent;
  }
}

function javaTool(name: 'java' | 'keytool'): string {
  // JAVA_HOME wins, as for Maven, so the broker runs on the JDK that resolved its classpath.
  const home = process.env.JAVA_HOME;
  return home ? join(home, 'bin', name) : name;
}

let classpathPromise: Promise<string> | undefined;

/** The Java classpath of Kafka 4.4 plus log4j2, resolved once per process. */
export function kafkaClasspath(): Promise<string> {
  classpathPromise ??= (async () => {
    const fromEnv = process.env.KMIRROR_KAFKA_CLASSPATH;
    if (fromEnv) return fromEnv;
    const root = findRepoRoot();
    try {
      // The first run on a machine downloads Kafka through Maven; allow for a slow mirror.
      const { stdout } = await execFileP('bash', [join(root, 'scripts', 'kafka-classpath.sh')], {
        cwd: root,
        timeout: 600_000,
        maxBuffer: 16 << 20,
      });
      const cp = (await readFile(stdout.trim(), 'utf8')).trim();
      if (!cp) throw new Error('empty classpath file ' + stdout.trim());
      return cp;
    } catch (err) {
      classpathPromise = undefined;
      throw err;
    }
  })();
  return classpathPromise;
}

// ---------------------------------------------------------------------------------------------
// Class-data sharing: a JVM loading Kafka's ~8k classes spends most of its start there. The first
// broker of a machine dumps the classes it loaded into an archive at exit; later JVMs map it and
// start about 1.5 s faster (measured on 2 cores: 3.3 s -> 1.8 s). Keyed by the JDK and the jars'
// paths, sizes and times, because the JVM ignores an archive whose classpath differs anyway.

let cdsCreating = false;

function cdsArchivePath(classpath: string): string | undefined {
  if (process.env.KMIRROR_KAFKA_CDS === '0') return undefined;
  const hash = createHash('sha256');
  try {
    const javaPath = process.env.JAVA_HOME ? join(process.env.JAVA_HOME, 'bin', 'java') : whichSync('java');
    if (!javaPath) return undefined;
    hash.update(realpathSync(javaPath));
    for (const jar of classpath.split(delimiter)) {
      const st = statSync(jar);
      hash.update(`${jar}\0${st.size}\0${st.mtimeMs}\n`);
    }
  } catch {
    return undefined;
  }
  const root = findRepoRoot();
  return join(root, 'test', 'kafka', 'target', `kafka-cds-${hash.digest('hex').slice(0, 16)}.jsa`);
}

function whichSync(cmd: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const p = join(dir, cmd);
    if (existsSync(p)) return p;
  }
  return undefined;
}

function baseCdsArchiveExists(): boolean {
  // A dynamic archive can only be dumped on top of the JDK's default one.
  const javaPath = process.env.JAVA_HOME ? join(process.env.JAVA_HOME, 'bin', 'java') : whichSync('java');
  if (!javaPath) return false;
  try {
    const home = dirname(dirname(realpathSync(javaPath)));
    return existsSync(join(home, 'lib', 'server', 'classes.jsa'));
  } catch {
    return false;
  }
}

interface CdsPlan {
  args: string[];
  /** The archive this JVM maps, if any. */
  using?: string;
  /** Called once the JVM has exited; `clean` only after a normal exit (0, or 143 after SIGTERM). */
  afterExit?: (clean: boolean) => void;
}

function cdsForTool(classpath: string): string[] {
  const archive = cdsArchivePath(classpath);
  return archive && existsSync(archive) ? [`-XX:SharedArchiveFile=${archive}`] : [];
}

function cdsForServer(classpath: string, mayDump: boolean): CdsPlan {
  const archive = cdsArchivePath(classpath);
  if (!archive) return { args: [] };
  if (existsSync(archive)) return { args: [`-XX:SharedArchiveFile=${archive}`], using: archive };
  // Only one dumping JVM per process (a dump costs a few seconds at exit), and only a broker, whose
  // classes are a superset of what the tools and a controller load.
  if (!mayDump || cdsCreating || !baseCdsArchiveExists()) return { args: [] };
  cdsCreating = true;
  removeStaleCdsTemps(dirname(archive));
  mkdirSync(dirname(archive), { recursive: true });
  const tmp = `${archive}.tmp-${process.pid}`;
  return {
    args: [`-XX:ArchiveClassesAtExit=${tmp}`],
    afterExit: (clean) => {
      cdsCreating = false;
      try {
        // A truncated archive crashes the JVM that maps it (SIGBUS), so only a JVM that exited
        // normally may publish its dump, and the rename makes it appear whole.
        if (clean && statSync(tmp).size > 1 << 20 && !existsSync(archive)) renameSync(tmp, archive);
      } catch {
        // No archive this time; the next start tries again.
      }
      rmSync(tmp, { force: true });
    },
  };
}

/** Dumps left by test processes that were killed before they could rename or remove them. */
function removeStaleCdsTemps(dir: string): void {
  for (const name of safeReaddir(dir)) {
    const m = /\.jsa\.tmp-(\d+)$/.exec(name);
    if (m && !pidAlive(Number(m[1]))) rmSync(join(dir, name), { force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Ports

const handedOutPorts = new Set<number>();

/**
 * Where to look for listener ports: below the kernel's ephemeral range, so that neither an
 * outgoing connection (the brokers' own, to the controller and each other) nor another
 * program's bind to port 0 can be handed a broker's port while it is not bound, which matters
 * most while a stopped broker waits to be restarted on the same port.
 */
function portRange(): { lo: number; hi: number } | undefined {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (low !== undefined && low - 1 - 10_000 >= 5_000) return { lo: 10_000, hi: low - 1 };
  } catch {
    // not Linux: fall back to port 0
  }
  return undefined;
}

function tryListen(server: Server, port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    server.once('error', () => resolve(undefined));
    server.listen({ port, host: HOST, exclusive: true }, () => {
      const addr = server.address();
      resolve(addr && typeof addr === 'object' ? addr.port : undefined);
    });
  });
}

/**
 * Ports that were free a moment ago. All are held open together so they differ, and ports handed
 * out earlier in this process are skipped because their JVM may not have bound them yet. The
 * remaining race (another process binding one before the JVM does) is handled by retrying the start.
 */
export async function freePorts(count: number): Promise<number[]> {
  const range = portRange();
  const servers: Server[] = [];
  const ports: number[] = [];
  try {
    for (let tries = 0; ports.length < count; tries++) {
      if (tries > count * 50) throw new Error('kafka harness: could not find free ports');
      const wanted = range ? range.lo + Math.floor(Math.random() * (range.hi - range.lo + 1)) : 0;
      if (handedOutPorts.has(wanted) || ports.includes(wanted)) continue;
      const server = createServer();
      const port = await tryListen(server, wanted);
      if (port === undefined) {
        server.close();
        continue;
      }
      servers.push(server);
      if (!handedOutPorts.has(port)) ports.push(port);
    }
  } finally {
    await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  }
  for (const p of ports) handedOutPorts.add(p);
  return ports;
}

/** True when something accepts TCP connections on the port. */
export function portOpen(port: number, host = HOST, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok: boolean): void => {
      socket.removeAllListeners();
      socket.on('error', () => undefined);
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

// ---------------------------------------------------------------------------------------------
// Process bookkeeping and cleanup

const liveChildren = new Set<ChildProcess>();
/** Temp dirs of handles not yet stopped, removed at exit unless the run failed. */
const openDirs = new Map<string, { keep: () => boolean }>();
let exitHooksInstalled = false;

function installExitHooks(): void {
  if (exitHooksInstalled) return;
  exitHooksInstalled = true;
  process.on('exit', (code) => {
    // Only synchronous work is possible here: kill hard, then tidy.
    const killed = liveChildren.size;
    for (const child of liveChildren) {
      try {
        child.kill('SIGKILL');
      } catch {
        // already gone
      }
    }
    if (killed > 0) process.stderr.write(`kafka harness: killed ${killed} Kafka JVM(s) still running at exit\n`);
    for (const [dir, { keep }] of openDirs) {
      // A non-zero exit with a handle never stopped smells of a failure: keep what it logged.
      if (code !== 0 || keep() || keepLogsFromEnv()) {
        markKept(dir);
        process.stderr.write(`kafka harness: logs kept in ${dir}\n`);
      } else {
        rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
      }
    }
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      // Exiting runs the 'exit' hook above; 128 + signal number is the shell convention.
      process.exit(signal === 'SIGINT' ? 130 : signal === 'SIGTERM' ? 143 : 129);
    });
  }
}

function keepLogsFromEnv(): boolean {
  const v = process.env.KMIRROR_KEEP_KAFKA_LOGS;
  return v !== undefined && v !== '' && v !== '0' && v.toLowerCase() !== 'false';
}

function markKept(dir: string): void {
  try {
    writeFileSync(join(dir, 'KEPT'), 'logs kept on purpose; the harness will not remove this dir\n');
  } catch {
    // dir already gone
  }
}

let reaped = false;

/**
 * Kills brokers left behind by an earlier test process that died without cleaning up (SIGKILL,
 * OOM, a crashed runner), and removes their temp dirs. A JVM is only killed when its command line
 * names that dead owner's dir, so a reused PID never hits an unrelated process.
 */
export function reapLeftovers(): void {
  if (reaped) return;
  reaped = true;
  let entries: string[];
  try {
    entries = readdirSync(tmpdir()).filter((n) => n.startsWith(TEMP_PREFIX));
  } catch {
    return;
  }
  for (const name of entries) {
    const dir = join(tmpdir(), name);
    let owner: number;
    try {
      owner = Number(readFileSync(join(dir, 'owner.pid'), 'utf8').trim());
    } catch {
      continue; // not ours, or still being created
    }
    if (!Number.isInteger(owner) || owner <= 0 || owner === process.pid || pidAlive(owner)) continue;
    for (const sub of safeReaddir(dir)) {
      const pidFile = join(dir, sub, 'java.pid');
      if (!existsSync(pidFile)) continue;
      const pid = Number(readFileSync(pidFile, 'utf8').trim());
      if (!Number.isInteger(pid) || pid <= 0) continue;
      try {
        const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        if (cmdline.includes(dir)) {
          process.kill(pid, 'SIGKILL');
          process.stderr.write(`kafka harness: killed leftover broker pid ${pid} from ${dir}\n`);
        }
      } catch {
        // process gone
      }
    }
    if (!existsSync(join(dir, 'KEPT'))) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  }
}

function safeReaddir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function rssOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const m = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m?.[1] ? Number(m[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function tailLines(path: string, n: number): Promise<string> {
  try {
    const lines = (await readFile(path, 'utf8')).split('\n');
    if (lines.at(-1) === '') lines.pop();
    return lines.slice(-n).join('\n');
  } catch {
    return '(no file)';
  }
}

// ---------------------------------------------------------------------------------------------
// One Kafka JVM (broker, controller or both) that can be started, stopped and started again.

/** A start failure that a fresh attempt can cure: a port taken meanwhile, or a bad CDS archive. */
class RetryableStartError extends Error {}

interface ServerSpec {
  name: string;
  nodeDir: string;
  classpath: string;
  heapMb: number;
  jvmArgs: string[];
  /** Ports that must accept connections before the server counts as ready. */
  readyPorts: number[];
  /** Whether this JVM may create the class-data archive if there is none yet. */
  mayDumpCds: boolean;
}

class KafkaProcess {
  readonly logPath: string;
  readonly stdoutPath: string;
  readonly propsPath: string;
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  private exitInfo: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  private stopping: Promise<void> | undefined;
  private starting: Promise<void> | undefined;
  private cdsInUse: string | undefined;
  private dumpingCds = false;
  lastStartMs = 0;

  constructor(readonly spec: ServerSpec) {
    this.logPath = join(spec.nodeDir, 'server.log');
    this.stdoutPath = join(spec.nodeDir, 'stdout.log');
    this.propsPath = join(spec.nodeDir, 'server.properties');
  }

  get pid(): number | undefined {
    return this.running ? this.child?.pid : undefined;
  }

  get running(): boolean {
    return this.child !== undefined && this.exitInfo === undefined;
  }

  /** Starts the JVM unless it runs; waits for a stop still in progress, and joins a start in progress. */
  start(timeoutMs: number): Promise<void> {
    this.starting ??= this.doStart(timeoutMs).finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  private async doStart(timeoutMs: number): Promise<void> {
    if (this.stopping) await this.stopping;
    if (this.running) return;
    const t0 = performance.now();
    this.stopping = undefined;
    this.exitInfo = undefined;
    installExitHooks();
    const logOffset = existsSync(this.logPath) ? statSync(this.logPath).size : 0;
    const stdoutOffset = existsSync(this.stdoutPath) ? statSync(this.stdoutPath).size : 0;
    const cds = cdsForServer(this.spec.classpath, this.spec.mayDumpCds);
    this.cdsInUse = cds.using;
    this.dumpingCds = cds.afterExit !== undefined;
    const args = [
      `-Xmx${this.spec.heapMb}m`,
      '-Xms64m',
      // Serial GC and C1-only JIT: fewer threads and less compile work competing for 2 cores while
      // several JVMs start; throughput is irrelevant for tests.
      '-XX:+UseSerialGC',
      '-XX:TieredStopAtLevel=1',
      '-XX:+ExitOnOutOfMemoryError',
      '-Djava.awt.headless=true',
      `-Dlog4j2.configurationFile=${join(this.spec.nodeDir, 'log4j2.xml')}`,
      ...cds.args,
      ...this.spec.jvmArgs,
      '-cp',
      this.spec.classpath,
      'kafka.Kafka',
      this.propsPath,
    ];
    const out = openSync(this.stdoutPath, 'a');
    let child: ChildProcess;
    try {
      child = spawn(javaTool('java'), args, { cwd: this.spec.nodeDir, stdio: ['ignore', out, out] });
    } finally {
      closeSync(out);
    }
    this.child = child;
    liveChildren.add(child);
    this.exited = new Promise<void>((resolve) => {
      const finish = (code: number | null, signal: NodeJS.Signals | null): void => {
        if (this.exitInfo) return;
        this.exitInfo = { code, signal };
        liveChildren.delete(child);
        rmSync(join(this.spec.nodeDir, 'java.pid'), { force: true });
        cds.afterExit?.(signal === null && (code === 0 || code === 143));
        resolve();
      };
      child.once('exit', finish);
      child.once('error', (err) => {
        // spawn failure (java not on PATH): surface it through the start error below
        writeFileSync(this.stdoutPath, `spawn failed: ${err.message}\n`, { flag: 'a' });
        finish(127, null);
      });
    });
    if (child.pid !== undefined) writeFileSync(join(this.spec.nodeDir, 'java.pid'), `${child.pid}\n`);

    try {
      await this.waitReady(t0 + timeoutMs, logOffset, stdoutOffset);
    } catch (err) {
      await this.stop();
      throw err;
    }
    this.lastStartMs = Math.round(performance.now() - t0);
  }

  private async waitReady(deadline: number, logOffset: number, stdoutOffset: number): Promise<void> {
    let offset = logOffset;
    let carry = '';
    let started = false;
    for (;;) {
      if (!started) {
        const chunk = await readFrom(this.logPath, offset);
        offset += chunk.bytes;
        // Keep the tail of the previous chunk in case the marker straddles two reads.
        const text = carry + chunk.text;
        if (STARTED_MARKER.test(text)) started = true;
        carry = text.slice(-200);
      }
      if (started) {
        const open = await Promise.all(this.spec.readyPorts.map((p) => portOpen(p)));
        if (open.every(Boolean)) return;
      }
      if (this.exitInfo) {
        throw await this.startError(
          `exited during start (code ${this.exitInfo.code}, signal ${this.exitInfo.signal})`,
          logOffset,
          stdoutOffset,
        );
      }
      if (performance.now() > deadline) {
        throw await this.startError(
          started
            ? 'logged "started" but its ports did not accept connections in time'
            : 'did not log "Kafka Server started" in time',
          logOffset,
          stdoutOffset,
        );
      }
      await sleep(100);
    }
  }

  private async startError(why: string, logOffset: number, stdoutOffset: number): Promise<Error> {
    const log = await tailLines(this.logPath, 50);
    const stdout = await tailLines(this.stdoutPath, 20);
    const sinceStart =
      (await readFrom(this.logPath, logOffset)).text + (await readFrom(this.stdoutPath, stdoutOffset)).text;
    // The first error since this start is usually the cause; the tail often only shows shutdown.
    const firstError = sinceStart.split('\n').find((l) => /\b(ERROR|FATAL)\b|Exception|Error:/.test(l));
    const message =
      `kafka harness: ${this.spec.name} ${why}\n` +
      (firstError ? `--- first error: ${firstError.slice(0, 500)}\n` : '') +
      `--- last 50 lines of ${this.logPath}\n${log}\n` +
      `--- last 20 lines of ${this.stdoutPath}\n${stdout}`;
    if (/Address already in use|BindException/.test(sinceStart)) return new RetryableStartError(message);
    if (this.cdsInUse && /A fatal error has been detected by the Java Runtime/.test(sinceStart)) {
      // Most likely a damaged archive (a JVM crashes mapping one); drop it and start without.
      rmSync(this.cdsInUse, { force: true });
      return new RetryableStartError(message);
    }
    return new Error(message);
  }

  /** SIGTERM (or the given signal), then SIGKILL after 15 s. Resolves once the JVM has exited. */
  stop(signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM'): Promise<void> {
    if (!this.child || this.exitInfo) return this.exited;
    this.stopping ??= (async () => {
      const child = this.child;
      if (!child) return;
      child.kill(signal);
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<'timeout'>((resolve) => {
        // SIGKILL during the dump would waste it, so that one JVM gets longer.
        timer = setTimeout(
          () => resolve('timeout'),
          this.dumpingCds && signal === 'SIGTERM' ? STOP_GRACE_DUMPING_MS : STOP_GRACE_MS,
        );
      });
      const outcome = await Promise.race([this.exited.then(() => 'exited' as const), grace]);
      // A pending 15 s timer would keep the test process alive after its last test.
      clearTimeout(timer);
      if (outcome === 'timeout') {
        child.kill('SIGKILL');
        await this.exited;
      }
    })();
    return this.stopping;
  }

  rssBytes(): number | undefined {
    return rssOf(this.pid);
  }
}

async function readFrom(path: string, offset: number): Promise<{ text: string; bytes: number }> {
  let fh;
  try {
    fh = await openFile(path, 'r');
  } catch {
    return { text: '', bytes: 0 };
  }
  try {
    const size = (await fh.stat()).size;
    if (size <= offset) return { text: '', bytes: 0 };
    const buf = Buffer.alloc(size - offset);
    const { bytesRead } = await fh.read(buf, 0, buf.length, offset);
    return { text: buf.subarray(0, bytesRead).toString('utf8'), bytes: bytesRead };
  } finally {
    await fh.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Config files and tools

type Props = Record<string, string | number | boolean>;

function propsText(props: Props): string {
  // java.util.Properties treats backslash as an escape; nothing else in our values needs quoting.
  return (
    Object.entries(props)
      .map(([k, v]) => `${k}=${String(v).replace(/\\/g, '\\\\')}`)
      .join('\n') + '\n'
  );
}

function log4j2Xml(logPath: string): string {
  // shutdownHook="disable": Kafka logs its own shutdown from a JVM hook; log4j's hook would stop
  // the appender first and those lines would be lost.
  return `<?xml version="1.0" encoding="UTF-8"?>
<Configuration status="WARN" shutdownHook="disable">
  <Appenders>
    <File name="file" fileName="${xmlEscape(logPath)}" append="true">
      <PatternLayout pattern="[%d] %p %m (%c)%n"/>
    </File>
  </Appenders>
  <Loggers>
    <Logger name="kafka.request.logger" level="WARN"/>
    <Logger name="org.apache.kafka.clients.NetworkClient" level="WARN"/>
    <Root level="INFO"><AppenderRef ref="file"/></Root>
  </Loggers>
</Configuration>
`;
}

function xmlEscape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

async function runTool(classpath: string, mainClass: string, args: string[], cwd: string): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const cds = cdsForTool(classpath);
    try {
      const { stdout } = await execFileP(
        javaTool('java'),
        ['-Xmx256m', '-XX:+UseSerialGC', '-XX:TieredStopAtLevel=1', ...cds, '-cp', classpath, mainClass, ...args],
        { cwd, timeout: 120_000, maxBuffer: 16 << 20 },
      );
      return stdout;
    } catch (err) {
      const e = err as { stdout?: string; stderr?: string; message: string };
      const output = `${e.stdout ?? ''}${e.stderr ?? ''}`;
      if (attempt === 1 && cds.length > 0 && /A fatal error has been detected by the Java Runtime/.test(output)) {
        // A damaged class-data archive crashes every JVM that maps it: drop it and run without.
        const archive = cdsArchivePath(classpath);
        if (archive) rmSync(archive, { force: true });
        continue;
      }
      throw new Error(`kafka harness: ${mainClass} ${args.join(' ')} failed: ${e.message}\n${output}`);
    }
  }
}

async function randomClusterId(classpath: string, cwd: string): Promise<string> {
  const id =
    (await runTool(classpath, 'kafka.tools.StorageTool', ['random-uuid'], cwd)).trim().split('\n').at(-1)?.trim() ?? '';
  if (!/^[A-Za-z0-9_-]{22}$/.test(id))
    throw new Error(`kafka harness: unexpected cluster id from StorageTool: ${JSON.stringify(id)}`);
  return id;
}

async function formatNode(classpath: string, nodeDir: string, clusterId: string, scram: string[] = []): Promise<void> {
  const args = ['format', '--config', join(nodeDir, 'server.properties'), '--cluster-id', clusterId];
  for (const s of scram) args.push('--add-scram', s);
  await runTool(classpath, 'kafka.tools.StorageTool', args, nodeDir);
}

/** A self-signed certificate for 127.0.0.1/localhost in a PKCS12 keystore, and the cert as PEM. */
async function makeKeystore(dir: string, password: string): Promise<{ keystorePath: string; pemPath: string }> {
  const keystorePath = join(dir, 'server.p12');
  const pemPath = join(dir, 'ca.pem');
  const common = ['-keystore', keystorePath, '-storetype', 'PKCS12', '-storepass', password];
  const run = async (args: string[]): Promise<void> => {
    try {
      await execFileP(javaTool('keytool'), ['-J-XX:TieredStopAtLevel=1', '-J-XX:+UseSerialGC', ...args], {
        cwd: dir,
        timeout: 60_000,
      });
    } catch (err) {
      const e = err as { stdout?: string; stderr?: string; message: string };
      throw new Error(`kafka harness: keytool ${args[0]} failed: ${e.message}\n${e.stdout ?? ''}${e.stderr ?? ''}`);
    }
  };
  await run([
    '-genkeypair',
    '-alias',
    'kafka',
    // EC rather than RSA: keytool's RSA key generation took 2-3 s here, P-256 well under one.
    '-keyalg',
    'EC',
    '-groupname',
    'secp256r1',
    '-validity',
    '3650',
    '-dname',
    'CN=localhost, OU=kmirror tests',
    '-ext',
    'SAN=IP:127.0.0.1,DNS:localhost',
    // Marked as a CA so TLS stacks that insist on CA:true for trust anchors accept it as one.
    '-ext',
    'BC:c=ca:true',
    ...common,
    '-keypass',
    password,
  ]);
  await run(['-exportcert', '-rfc', '-alias', 'kafka', '-file', pemPath, ...common]);
  return { keystorePath, pemPath };
}

function checkSecret(name: string, value: string): string {
  // Goes verbatim into JAAS strings and --add-scram specs, which have their own quoting rules.
  if (!/^[A-Za-z0-9._~+-]{1,64}$/.test(value))
    throw new Error(`kafka harness: ${name} must match [A-Za-z0-9._~+-]{1,64}`);
  return value;
}

async function newTempDir(): Promise<string> {
  reapLeftovers();
  const dir = await mkdtemp(join(tmpdir(), TEMP_PREFIX));
  await writeFile(join(dir, 'owner.pid'), `${process.pid}\n`);
  return dir;
}

function finishDir(dir: string, keep: boolean): void {
  openDirs.delete(dir);
  if (keep) {
    markKept(dir);
    process.stderr.write(`kafka harness: logs kept in ${dir}\n`);
  } else {
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  }
}

/** Before a retry: the data dir must be formatted anew; the logs stay, renamed, for diagnosis. */
function setAsideFailedAttempt(nodeDir: string, attempt: number): void {
  if (attempt === 1) return;
  rmSync(join(nodeDir, 'data'), { recursive: true, force: true });
  for (const name of ['server.log', 'stdout.log']) {
    const path = join(nodeDir, name);
    if (existsSync(path)) renameSync(path, `${path}.attempt-${attempt - 1}`);
  }
}

async function withPortRetries<T>(attempt: (n: number) => Promise<T>): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt(n);
    } catch (err) {
      if (!(err instanceof RetryableStartError) || n >= PORT_ATTEMPTS) throw err;
      const why = err.message.split('\n').find((l) => l.startsWith('--- first error:')) ?? err.message.split('\n')[0];
      process.stderr.write(
        `kafka harness: start attempt ${n}/${PORT_ATTEMPTS} failed, retrying with new ports: ${why}\n`,
      );
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Single combined node with PLAINTEXT, SASL_PLAINTEXT and SSL

/**
 * One KRaft node that is broker and controller at once, with a static voter set, listening on
 * PLAINTEXT, SASL_PLAINTEXT (PLAIN, SCRAM-SHA-256, SCRAM-SHA-512) and SSL, with StandardAuthorizer.
 * Super users: admin and ANONYMOUS (PLAINTEXT and SSL clients); alice is an ordinary user.
 */
export async function startSingleNode(opts: SingleNodeOptions = {}): Promise<SingleNode> {
  const t0 = performance.now();
  const adminPassword = checkSecret('adminPassword', opts.adminPassword ?? 'admin-secret');
  const alicePassword = checkSecret('alicePassword', opts.alicePassword ?? 'alice-secret');
  const timeoutMs = opts.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS;
  const classpath = await kafkaClasspath();
  const dir = await newTempDir();
  let failed = false;
  openDirs.set(dir, { keep: () => failed || opts.keepLogs === true });
  const nodeDir = join(dir, 'node-1');
  const tlsDir = join(dir, 'tls');
  mkdirSync(nodeDir);
  mkdirSync(tlsDir);
  const storePassword = 'kmirror-test';

  try {
    // The keystore and the cluster id are independent JVM runs: overlap them.
    const [tls, clusterId] = await Promise.all([makeKeystore(tlsDir, storePassword), randomClusterId(classpath, dir)]);
    let prepareMs = 0;
    let serverStart = 0;
    const { proc, ports, attempts } = await withPortRetries(async (attempt) => {
      const [plaintext, saslPlaintext, ssl, controller] = (await freePorts(4)) as [number, number, number, number];
      setAsideFailedAttempt(nodeDir, attempt);
      const advertised = [
        `PLAINTEXT://${HOST}:${plaintext}`,
        `SASL_PLAINTEXT://${HOST}:${saslPlaintext}`,
        `SSL://${HOST}:${ssl}`,
      ].join(',');
      const props: Props = {
        'process.roles': 'broker,controller',
        'node.id': 1,
        'controller.quorum.voters': `1@${HOST}:${controller}`,
        'controller.listener.names': 'CONTROLLER',
        listeners: `${advertised},CONTROLLER://${HOST}:${controller}`,
        'advertised.listeners': advertised,
        'listener.security.protocol.map':
          'PLAINTEXT:PLAINTEXT,SASL_PLAINTEXT:SASL_PLAINTEXT,SSL:SSL,CONTROLLER:PLAINTEXT',
        'inter.broker.listener.name': 'PLAINTEXT',
        'log.dirs': join(nodeDir, 'data'),
        'authorizer.class.name': 'org.apache.kafka.metadata.authorizer.StandardAuthorizer',
        'super.users': 'User:admin;User:ANONYMOUS',
        // Per listener (KafkaConfig reads it with the listener prefix override); the global
        // default would be GSSAPI.
        'listener.name.sasl_plaintext.sasl.enabled.mechanisms': SASL_MECHANISMS.join(','),
        'listener.name.sasl_plaintext.plain.sasl.jaas.config':
          'org.apache.kafka.common.security.plain.PlainLoginModule required ' +
          `user_admin="${adminPassword}" user_alice="${alicePassword}";`,
        // SCRAM users live in the metadata log (added at format time); the module needs no options
        // because no broker connects to another over SASL.
        'listener.name.sasl_plaintext.scram-sha-256.sasl.jaas.config':
          'org.apache.kafka.common.security.scram.ScramLoginModule required;',
        'listener.name.sasl_plaintext.scram-sha-512.sasl.jaas.config':
          'org.apache.kafka.common.security.scram.ScramLoginModule required;',
        'listener.name.ssl.ssl.keystore.type': 'PKCS12',
        'listener.name.ssl.ssl.keystore.location': tls.keystorePath,
        'listener.name.ssl.ssl.keystore.password': storePassword,
        'listener.name.ssl.ssl.key.password': storePassword,
        'listener.name.ssl.ssl.client.auth': 'none',
        ...singleNodeReplicationProps,
        ...opts.brokerProps,
      };
      await writeFile(join(nodeDir, 'server.properties'), propsText(props));
      await writeFile(join(nodeDir, 'log4j2.xml'), log4j2Xml(join(nodeDir, 'server.log')));
      const scram: string[] = [];
      for (const mech of ['SCRAM-SHA-256', 'SCRAM-SHA-512']) {
        scram.push(`${mech}=[name=admin,password=${adminPassword}]`, `${mech}=[name=alice,password=${alicePassword}]`);
      }
      await formatNode(classpath, nodeDir, clusterId, scram);
      prepareMs = Math.round(performance.now() - t0);
      serverStart = performance.now();
      const proc = new KafkaProcess({
        name: 'single node',
        nodeDir,
        classpath,
        heapMb: opts.heapMb ?? 512,
        jvmArgs: opts.jvmArgs ?? [],
        readyPorts: [plaintext, saslPlaintext, ssl, controller],
        mayDumpCds: true,
      });
      await proc.start(timeoutMs - (performance.now() - t0));
      return { proc, ports: { plaintext, saslPlaintext, ssl, controller }, attempts: attempt };
    });
    const totalMs = Math.round(performance.now() - t0);
    const timings: StartTimings = {
      totalMs,
      prepareMs,
      serverMs: Math.round(performance.now() - serverStart),
      attempts,
    };
    let stopped: Promise<void> | undefined;
    return {
      clusterId,
      nodeId: 1,
      bootstrap: {
        plaintext: `${HOST}:${ports.plaintext}`,
        saslPlaintext: `${HOST}:${ports.saslPlaintext}`,
        ssl: `${HOST}:${ports.ssl}`,
      },
      ports,
      saslMechanisms: SASL_MECHANISMS,
      credentials: {
        admin: { username: 'admin', password: adminPassword },
        alice: { username: 'alice', password: alicePassword },
      },
      caPemPath: tls.pemPath,
      keystore: { path: tls.keystorePath, password: storePassword },
      dir,
      logPath: proc.logPath,
      pid: proc.pid ?? -1,
      startMs: totalMs,
      timings,
      rssBytes: () => proc.rssBytes(),
      markFailed: () => {
        failed = true;
      },
      stop: (stopOpts: StopOptions = {}) => {
        stopped ??= (async () => {
          await proc.stop();
          finishDir(dir, failed || opts.keepLogs === true || stopOpts.keepLogs === true || keepLogsFromEnv());
        })();
        return stopped;
      },
    };
  } catch (err) {
    // Nothing is running now (a failed start stops its JVM); keep the dir so the log can be read.
    finishDir(dir, true);
    throw err;
  }
}

const singleNodeReplicationProps: Props = {
  // One broker: internal topics cannot have more replicas than that.
  'offsets.topic.replication.factor': 1,
  'transaction.state.log.replication.factor': 1,
  'transaction.state.log.min.isr': 1,
  'share.coordinator.state.topic.replication.factor': 1,
  'share.coordinator.state.topic.min.isr': 1,
  // Tests should not wait 3 s for the first consumer group rebalance.
  'group.initial.rebalance.delay.ms': 0,
};

// ---------------------------------------------------------------------------------------------
// Cluster: one dedicated controller and N brokers, PLAINTEXT only

const CONTROLLER_NODE_ID = 100;

/**
 * N brokers (node ids 1..N, default 3) and one dedicated KRaft controller (node id 100).
 * A dedicated controller keeps every broker alike: any of them can be stopped and restarted
 * without touching the quorum, which a combined broker+controller would not allow.
 */
export async function startCluster(brokerCount = 3, opts: ClusterOptions = {}): Promise<Cluster> {
  const t0 = performance.now();
  if (!Number.isInteger(brokerCount) || brokerCount < 1 || brokerCount > 9)
    throw new Error('kafka harness: brokerCount must be 1..9');
  const timeoutMs = opts.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS;
  const classpath = await kafkaClasspath();
  const dir = await newTempDir();
  let failed = false;
  openDirs.set(dir, { keep: () => failed || opts.keepLogs === true });

  try {
    const clusterId = await randomClusterId(classpath, dir);
    let prepareMs = 0;
    let serverStart = 0;
    const built = await withPortRetries(async (attempt) => {
      const ports = await freePorts(brokerCount + 1);
      const controllerPort = ports[0] as number;
      const brokerPorts = ports.slice(1);
      const voters = `${CONTROLLER_NODE_ID}@${HOST}:${controllerPort}`;
      const controllerDir = join(dir, `controller-${CONTROLLER_NODE_ID}`);
      const specs: { nodeId: number; nodeDir: string; props: Props; port: number; heapMb: number }[] = [
        {
          nodeId: CONTROLLER_NODE_ID,
          nodeDir: controllerDir,
          port: controllerPort,
          heapMb: opts.controllerHeapMb ?? 384,
          props: {
            'process.roles': 'controller',
            'node.id': CONTROLLER_NODE_ID,
            'controller.quorum.voters': voters,
            'controller.listener.names': 'CONTROLLER',
            listeners: `CONTROLLER://${HOST}:${controllerPort}`,
            'listener.security.protocol.map': 'CONTROLLER:PLAINTEXT',
            'log.dirs': join(controllerDir, 'data'),
            // A restarted broker cannot register again while its previous session is valid, so
            // the 9 s default made every restart take ~10 s; 3 s is still 6 missed heartbeats.
            'broker.session.timeout.ms': 3000,
            ...opts.controllerProps,
          },
        },
      ];
      brokerPorts.forEach((port, i) => {
        const nodeId = i + 1;
        const nodeDir = join(dir, `broker-${nodeId}`);
        specs.push({
          nodeId,
          nodeDir,
          port,
          heapMb: opts.heapMb ?? 512,
          props: {
            'process.roles': 'broker',
            'node.id': nodeId,
            'controller.quorum.voters': voters,
            'controller.listener.names': 'CONTROLLER',
            listeners: `PLAINTEXT://${HOST}:${port}`,
            'advertised.listeners': `PLAINTEXT://${HOST}:${port}`,
            'listener.security.protocol.map': 'PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT',
            'inter.broker.listener.name': 'PLAINTEXT',
            'log.dirs': join(nodeDir, 'data'),
            'group.initial.rebalance.delay.ms': 0,
            'broker.heartbeat.interval.ms': 500,
            ...clusterReplicationProps(brokerCount),
            ...opts.brokerProps,
          },
        });
      });
      for (const s of specs) {
        setAsideFailedAttempt(s.nodeDir, attempt);
        mkdirSync(s.nodeDir, { recursive: true });
        await writeFile(join(s.nodeDir, 'server.properties'), propsText(s.props));
        await writeFile(join(s.nodeDir, 'log4j2.xml'), log4j2Xml(join(s.nodeDir, 'server.log')));
      }
      // Two at a time: one JVM per core.
      for (let i = 0; i < specs.length; i += 2) {
        await Promise.all(specs.slice(i, i + 2).map((s) => formatNode(classpath, s.nodeDir, clusterId)));
      }
      prepareMs = Math.round(performance.now() - t0);
      serverStart = performance.now();
      const procs = specs.map(
        (s) =>
          new KafkaProcess({
            name: s.nodeId === CONTROLLER_NODE_ID ? `controller ${s.nodeId}` : `broker ${s.nodeId}`,
            nodeDir: s.nodeDir,
            classpath,
            heapMb: s.heapMb,
            jvmArgs: opts.jvmArgs ?? [],
            readyPorts: [s.port],
            mayDumpCds: s.nodeId === 1,
          }),
      );
      // All at once: brokers retry until the controller is up, and starting them together
      // overlaps their class loading with the controller's. The first failure stops the rest, so
      // that nobody waits out the whole timeout for a cluster that cannot come up.
      const results = await Promise.allSettled(
        procs.map((p) =>
          p.start(timeoutMs - (performance.now() - t0)).catch(async (err: unknown) => {
            await stopClusterProcs(procs);
            throw err;
          }),
        ),
      );
      const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failure) {
        await stopClusterProcs(procs);
        // Retry the whole cluster if any node's failure is retryable; report that node's error.
        const retryable = results.find(
          (r): r is PromiseRejectedResult => r.status === 'rejected' && r.reason instanceof RetryableStartError,
        );
        const chosen = retryable ?? failure;
        throw chosen.reason instanceof Error ? chosen.reason : new Error(String(chosen.reason));
      }
      return { specs, procs, attempt };
    });

    const totalMs = Math.round(performance.now() - t0);
    const timings: StartTimings = {
      totalMs,
      prepareMs,
      serverMs: Math.round(performance.now() - serverStart),
      attempts: built.attempt,
    };
    const controllerProc = built.procs[0] as KafkaProcess;
    const controllerSpec = built.specs[0] as (typeof built.specs)[number];
    const brokers: ClusterBroker[] = built.specs.slice(1).map((s, i) => {
      const proc = built.procs[i + 1] as KafkaProcess;
      return {
        nodeId: s.nodeId,
        port: s.port,
        address: `${HOST}:${s.port}`,
        logPath: proc.logPath,
        get running() {
          return proc.running;
        },
        get pid() {
          return proc.pid;
        },
        get lastStartMs() {
          return proc.lastStartMs;
        },
        rssBytes: () => proc.rssBytes(),
        stop: (stopOpts: { signal?: 'SIGTERM' | 'SIGKILL' } = {}) => proc.stop(stopOpts.signal ?? 'SIGTERM'),
        start: () => proc.start(timeoutMs),
      };
    });
    let stopped: Promise<void> | undefined;
    return {
      clusterId,
      bootstrap: brokers.map((b) => b.address).join(','),
      bootstrapServers: brokers.map((b) => b.address),
      brokers,
      controller: {
        nodeId: CONTROLLER_NODE_ID,
        port: controllerSpec.port,
        logPath: controllerProc.logPath,
        rssBytes: () => controllerProc.rssBytes(),
      },
      dir,
      startMs: totalMs,
      timings,
      rssBytes: () => built.procs.reduce((sum, p) => sum + (p.rssBytes() ?? 0), 0),
      markFailed: () => {
        failed = true;
      },
      stopAll: (stopOpts: StopOptions = {}) => {
        stopped ??= (async () => {
          await stopClusterProcs(built.procs);
          finishDir(dir, failed || opts.keepLogs === true || stopOpts.keepLogs === true || keepLogsFromEnv());
        })();
        return stopped;
      },
    };
  } catch (err) {
    finishDir(dir, true);
    throw err;
  }
}

function clusterReplicationProps(brokerCount: number): Props {
  // Kafka's defaults (3 replicas, min ISR 2) fit 3 brokers; fewer brokers need them lowered.
  if (brokerCount >= 3) return {};
  return {
    'offsets.topic.replication.factor': brokerCount,
    'transaction.state.log.replication.factor': brokerCount,
    'transaction.state.log.min.isr': 1,
    'share.coordinator.state.topic.replication.factor': brokerCount,
    'share.coordinator.state.topic.min.isr': 1,
  };
}

/** Brokers first, then the controller: a broker's controlled shutdown needs the controller. */
async function stopClusterProcs(procs: KafkaProcess[]): Promise<void> {
  const [controller, ...brokers] = procs;
  await Promise.all(brokers.map((p) => p.stop()));
  await controller?.stop();
}

/**
 * Runs `fn`; if it throws, marks the handle failed so its logs are kept on stop, and rethrows.
 * node:test gives after-hooks no pass/fail flag, hence this wrapper.
 */
export async function markFailureOf<T>(handle: { markFailed(): void }, fn: () => Promise<T> | T): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    handle.markFailed();
    throw err;
  }
}
