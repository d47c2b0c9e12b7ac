// `npm run bench`: speed and memory figures, on a quiet machine; nothing here is a pass/fail test.
import { benchBrokerText } from './broker-text.js';
import { benchColdStart } from './cold-start.js';
import { benchDecode } from './decode.js';
import { benchDescribe } from './describe.js';
import { benchDescribeMillion } from './describe-million.js';
import { benchDescribeScale } from './describe-scale.js';
import { benchEmulator } from './emulator.js';
import { benchEmulatorRecords } from './emulator-records.js';
import { benchFailFast } from './fail-fast.js';
import { printResults } from './measure.js';
import { benchNodes, extraCaCertsNote, removeBenchCache } from './nodes.js';
import { benchStartupPairs } from './pairs.js';
import { benchVerify } from './verify.js';

const nodes = benchNodes();
console.log(`Nodes: ${nodes.map((n) => `${n.version}${n.compileCache ? ' (compile cache)' : ''}`).join(', ')}`);
if (nodes.length === 1)
  console.log('    (Node 22 and 24 are measured too once `npm run tools:node` has installed them)');
// BENCH_SECTIONS=pairs,scale runs only those (e.g. the "before" row against another checkout's BENCH_BIN).
const only = process.env.BENCH_SECTIONS?.split(',').map((s) => s.trim());
const wanted = (section: string): boolean => !only || only.includes(section);
if (process.env.BENCH_BIN) console.log(`kmirror: ${process.env.BENCH_BIN}`);
const caNote = extraCaCertsNote();
if (caNote) console.log(caNote);
try {
  if (wanted('start')) printResults(await benchColdStart(nodes));
  if (wanted('decode')) printResults(benchDecode());
  if (wanted('text')) printResults(benchBrokerText());
  if (wanted('emulator')) printResults(await benchEmulator());
  if (wanted('records')) printResults(await benchEmulatorRecords());
  if (wanted('describe')) printResults(await benchDescribe(nodes));
  if (wanted('fail-fast')) printResults(await benchFailFast());
  if (wanted('pairs')) for (const line of await benchStartupPairs(nodes)) console.log(line);
  if (wanted('million')) printResults(await benchDescribeMillion());
  if (wanted('verify')) for (const line of await benchVerify()) console.log(line);
  if (wanted('scale')) {
    console.log('describe at scale, the emulated clusters in a process of their own:');
    await benchDescribeScale();
  }
} finally {
  removeBenchCache();
}
