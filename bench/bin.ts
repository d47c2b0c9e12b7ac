// The kmirror the bench runs: this repository's bin/run.cjs, or BENCH_BIN (another checkout's, e.g.
// main's build, to take the "before" row of a change with the same harness in the same run).
import { fileURLToPath } from 'node:url';

// dist/bench/bin.js → the package's bin/run.cjs
export const REPOSITORY_BIN = fileURLToPath(new URL('../../bin/run.cjs', import.meta.url));
export const BIN = process.env.BENCH_BIN || REPOSITORY_BIN;
