// Loaded into each fuzzed kmirror process with --import: writes its peak RSS (KiB) on exit to the
// file named by KMIRROR_FUZZ_RSS_FILE, so the fuzzer can report memory without polling /proc.

import { writeFileSync } from 'node:fs';

const file = process.env['KMIRROR_FUZZ_RSS_FILE'];
if (file) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS)));
