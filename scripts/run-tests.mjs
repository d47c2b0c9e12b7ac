#!/usr/bin/env node
// Runs one suite of compiled tests with node's test runner and prints its wall time and counts.
// Suites are folders of dist/test: `unit` is everything except the suites that need outside tools
// (test/clients, test/real-kafka, test/observe, test/install).
// Usage: run-tests.mjs [suite] [--build] [--concurrency N] [--root DIR] [--log FILE] [--verbose].
// --build runs `npm run build` first and counts it in the time (npm test does).
// The terminal gets the failures (each test's name, file and error) and the summary; the runner's whole
// report (every test, ~2,700 lines for the unit suite) goes to dist/test-results/<suite>.log, or to the
// terminal as well with --verbose.
// The unit suite runs six files at a time (each file is its own process; they share no ports or
// files): most of a file's time is spent waiting on emulated clocks and sockets (about 130 s of CPU
// in 380 s of file time, measured), so six keep two cores busy. The outside suites run one file at a
// time, as they start real Kafka or client tools.
import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';

const started = performance.now();
const argv = process.argv.slice(2);
const VALUED = new Set(['--concurrency', '--root', '--log']);
const suite = argv.find((arg, i) => !arg.startsWith('--') && !VALUED.has(argv[i - 1])) ?? 'unit';
const rootArg = argv.indexOf('--root');
const root = rootArg === -1 ? 'dist/test' : argv[rootArg + 1];
const verbose = argv.includes('--verbose');
const logArg = argv.indexOf('--log');
const logPath = logArg === -1 ? join('dist', 'test-results', `${suite}.log`) : argv[logArg + 1];
const external = { clients: 'clients', kafka: 'real-kafka', observe: 'observe', install: 'install' };
const concurrencyArg = argv.indexOf('--concurrency');
const concurrency = concurrencyArg === -1 ? (suite === 'unit' ? 6 : 1) : Number(argv[concurrencyArg + 1]);
if (!Number.isInteger(concurrency) || concurrency < 1) {
  console.error('--concurrency takes a whole number ≥ 1');
  process.exit(2);
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
let buildMs = 0;
if (argv.includes('--build')) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  buildMs = performance.now() - started;
}

function walk(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...walk(path));
    else if (name.endsWith('.test.js')) out.push(path);
  }
  return out;
}

const files = walk(root).filter((file) => {
  const top = file.slice(root.length + 1).split('/')[0];
  if (suite === 'unit') return !Object.values(external).includes(top);
  return top === external[suite];
});
// Longest first: the folders whose files spawn kmirror or wait on clocks start before the quick
// ones, which then fill the free slot instead of leaving one long file running alone at the end.
const SLOW_FIRST = ['scripts', 'commands', 'terminal', 'scenario', 'helpers'];
const rank = (file) => {
  const at = SLOW_FIRST.indexOf(file.slice(root.length + 1).split('/')[0]);
  return at === -1 ? SLOW_FIRST.length : at;
};
files.sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
if (files.length === 0) {
  console.error(`no test files for suite '${suite}' under ${root}`);
  process.exit(1);
}

// The runner's own summary (its top-level diagnostics "tests N", "pass N", …), read for the last line.
const summary = {};
let failedFiles = 0;
const testsStarted = performance.now();
// A file whose process outlives its tests (a client left retrying, a timer) would hold the run, and CI,
// forever; past this limit the runner kills it and counts it as failed.
const FILE_LIMIT_MS = (suite === 'unit' ? 5 : 15) * 60_000;
const stream = run({ files, concurrency, timeout: FILE_LIMIT_MS });
stream.on('test:diagnostic', ({ nesting, message }) => {
  const match = nesting === 0 ? /^(tests|pass|fail|cancelled|skipped|todo) (\d+)$/.exec(message) : null;
  if (match) summary[match[1]] = Number(match[2]);
});
// Each failing test (not the suites and files that fail because of it), printed when it fails.
let failuresShown = 0;
stream.on('test:fail', ({ nesting, name, file, details }) => {
  if (nesting === 0) failedFiles++;
  const error = details?.error;
  if (error?.failureType === 'subtestsFailed') return;
  failuresShown++;
  const where = file ? relative(root, file) : '';
  const cause = error?.cause instanceof Error ? error.cause : error;
  const text = String(cause?.stack ?? cause?.message ?? error ?? 'failed')
    .split('\n')
    .slice(0, 12)
    .map((line) => `    ${line}`)
    .join('\n');
  console.log(`✖ ${where} › ${name}\n${text}`);
});
// Time per file (the sum of its top-level tests and suites), so the slowest can be printed at the end.
const fileMs = new Map();
for (const event of ['test:pass', 'test:fail']) {
  stream.on(event, ({ nesting, file, details }) => {
    if (nesting === 0 && file) fileMs.set(file, (fileMs.get(file) ?? 0) + (details?.duration_ms ?? 0));
  });
}
mkdirSync(dirname(logPath), { recursive: true });
const log = createWriteStream(logPath);
// Listened for before anything is awaited: the log can finish before the report's end is handled, and a
// promise made after that would never settle (node then ends the run with exit 13, unsettled top-level await).
const logWritten = new Promise((resolve) => log.on('finish', resolve));
const report = stream.compose(spec);
const reportEnded = new Promise((resolve) => report.on('end', resolve));
report.pipe(log);
if (verbose) report.pipe(process.stdout, { end: false });
await reportEnded;
await logWritten;

const testsMs = performance.now() - testsStarted;
const slowest = [...fileMs].sort((a, b) => b[1] - a[1]).slice(0, 8);
if (slowest.length > 0) {
  const sum = [...fileMs.values()].reduce((a, b) => a + b, 0);
  console.log(`\nslowest files (all files together ${seconds(sum)}):`);
  for (const [file, ms] of slowest)
    console.log(`  ${seconds(ms).padStart(8)}  ${file.replace(/^.*?dist\/test\//, '')}`);
}
const failed = (summary.fail ?? 0) + (summary.cancelled ?? 0);
const passed = summary.pass ?? 0;
const build = buildMs > 0 ? `build ${seconds(buildMs)} + ` : '';
console.log(
  `\n${suite}: ${files.length} files, concurrency ${concurrency}: ${build}tests ${seconds(testsMs)} = ` +
    `wall time ${seconds(performance.now() - started)}`,
);
console.log(`${passed} passed, ${failed} failed${summary.skipped ? `, ${summary.skipped} skipped` : ''}`);
console.log(`full report: ${logPath}${failuresShown > 0 ? ` (${failuresShown} failure(s) shown above)` : ''}`);
process.exitCode = failed > 0 || failedFiles > 0 || summary.tests === undefined ? 1 : 0;
