// `npm run bench`: speed and memory figures for the targets in the issues. Run on a quiet machine;
// nothing here is a pass/fail test.
import { benchColdStart } from './cold-start.js';
import { benchDecode } from './decode.js';
import { benchDescribe } from './describe.js';
import { benchEmulator } from './emulator.js';
import { printResults } from './measure.js';

printResults(benchColdStart());
printResults(benchDecode());
printResults(await benchEmulator());
printResults(await benchDescribe());
