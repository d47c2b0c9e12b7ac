// Loaded into each fuzzed kmirror with --import: writes its peak RSS (KiB) on exit to KMIRROR_FUZZ_RSS_FILE.

import { writeFileSync } from 'node:fs';

const file = process.env['KMIRROR_FUZZ_RSS_FILE'];
if (file) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS)));
