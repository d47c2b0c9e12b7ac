// `npm run fuzz`: a client that trusts no broker, tried on damaged answers. Exits non-zero on any crash, hang or
// decode that is not a DecodeError; time and memory are printed, never judged. `--help` says all.

import { MIRROR_APIS } from '../src/lib/kafka/messages/index.js';
import { fuzzBinary } from './fuzz/binary-fuzz.js';
import { DECODE_HANG_MS, fuzzDecoder } from './fuzz/decoder-fuzz.js';
import { FUZZ_USAGE, parseFuzzArgs } from './fuzz/options.js';
import { Random } from './fuzz/random.js';

const commandLine = parseFuzzArgs(process.argv.slice(2), () => Math.floor(Math.random() * 0x7fffffff));
if (commandLine.kind !== 'run') {
  if (commandLine.kind === 'bad') console.error(`fuzz: ${commandLine.message}\n`);
  console[commandLine.kind === 'bad' ? 'error' : 'log'](FUZZ_USAGE);
  process.exit(commandLine.kind === 'bad' ? 2 : 0);
}
const { ci, seed, framesPerApi, runs, timeoutMs, parallel } = commandLine.options;

console.log(`fuzz seed ${seed} (replay: npm run fuzz -- --seed ${seed}${ci ? ' --ci' : ''})`);
console.log(`decoder: ${framesPerApi.toLocaleString('en')} mutated response frames per mirror RPC`);
const rnd = new Random(seed);
let failed = false;
const decodeStarted = performance.now();
let frames = 0;
for (const api of MIRROR_APIS) {
  const f = fuzzDecoder(api, framesPerApi, rnd);
  frames += f.frames;
  const hang = f.slowestMs > DECODE_HANG_MS;
  if (f.crashes > 0 || hang) failed = true;
  console.log(
    `  ${f.api.padEnd(24)} ${f.frames} frames: ${f.decoded} decoded, ${f.rejected} DecodeError, ` +
      `${f.crashes} crashes, slowest ${f.slowestMs.toFixed(2)} ms${hang ? ' (HANG)' : ''}`,
  );
  if (f.firstCrash) console.log(`    first crash: ${f.firstCrash}`);
}
const decodeSeconds = (performance.now() - decodeStarted) / 1000;
console.log(
  `decoder total: ${frames.toLocaleString('en')} frames in ${decodeSeconds.toFixed(1)} s, peak RSS ` +
    `${Math.round(process.resourceUsage().maxRSS / 1024)} MiB`,
);

console.log(
  `binary: ${runs} runs of bin/run.cjs (--json --timeout ${timeoutMs}ms) against mutating brokers, ` +
    `${parallel} at a time`,
);
const binaryStarted = performance.now();
const b = await fuzzBinary(runs, rnd, {
  timeoutMs,
  parallel,
  onProgress: (done) => {
    if (done.length % 100 !== 0) return;
    const crashes = done.filter((o) => o.crash !== null).length;
    const hangs = done.filter((o) => o.hang).length;
    const rss = Math.round(Math.max(0, ...done.map((o) => o.rssKiB ?? 0)) / 1024);
    console.log(`  … ${done.length} runs: ${crashes} crashes, ${hangs} hangs, peak RSS ${rss} MiB`);
  },
});
if (b.crashes > 0 || b.hangs > 0 || b.runs < runs) failed = true;
console.log(
  `binary total: ${b.runs} runs in ${((performance.now() - binaryStarted) / 1000).toFixed(1)} s: ` +
    `${b.crashes} crashes, ${b.hangs} hangs (past --timeout + 1 s after the first request), ` +
    `${b.contractBreaks} with stderr under --json`,
);
console.log(
  `  exit codes: ${Object.entries(b.exitCodes)
    .map(([code, n]) => `${code}×${n}`)
    .join(', ')}`,
);
console.log(
  `  slowest run ${b.maxMs} ms in all (a command's start-up here: at most ${b.startupMs} ms); slowest from ` +
    `the first request to the exit ${b.maxCommandMs} ms (limit: budget ${timeoutMs} ms + 1 s); peak RSS of ` +
    `one run ${b.peakRssMiB} MiB`,
);
for (const e of b.examples) console.log(`  example: ${JSON.stringify(e)}`);
for (const h of b.hangExamples) console.log(`  hang: ${JSON.stringify(h)}`);
console.log(failed ? 'fuzz: FAILED' : 'fuzz: no crash, no hang');
process.exit(failed ? 1 : 0);
