// The kmirror the bench runs: this repository's bin/run.cjs, or BENCH_BIN (another checkout's, for comparison).
import { fileURLToPath } from 'node:url';

export const REPOSITORY_BIN = fileURLToPath(new URL('../../bin/run.cjs', import.meta.url));
export const BIN = process.env.BENCH_BIN || REPOSITORY_BIN;
