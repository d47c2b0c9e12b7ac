#!/usr/bin/env node
// Runs one suite of compiled tests with node's test runner and prints its wall time and counts.
// Usage: run-tests.mjs [suite] [--build] [--concurrency N] [--root DIR] [--log FILE] [--verbose].
// The unit suite runs six files at a time: most of a file's time waits on emulated clocks and sockets.
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
// Longest first, so the quick files fill the free slot instead of one long file running alone at the end.
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

const summary = {};
let failedFiles = 0;
const testsStarted = performance.now();
// A file whose process outlives its tests would hold the run forever: past this limit it is killed and failed.
const FILE_LIMIT_MS = (suite === 'unit' ? 5 : 15) * 60_000;
const stream = run({ files, concurrency, timeout: FILE_LIMIT_MS });
stream.on('test:diagnostic', ({ nesting, message }) => {
  const match = nesting === 0 ? /^(tests|pass|fail|cancelled|skipped|todo) (\d+)$/.exec(message) : null;
  if (match) summary[match[1]] = Number(match[2]);
});
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
const fileMs = new Map();
for (const event of ['test:pass', 'test:fail']) {
  stream.on(event, ({ nesting, file, details }) => {
    if (nesting === 0 && file) fileMs.set(file, (fileMs.get(file) ?? 0) + (details?.duration_ms ?? 0));
  });
}
mkdirSync(dirname(logPath), { recursive: true });
const log = createWriteStream(logPath);
// Listened for before anything is awaited: a promise made after the log finished would never settle.
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
