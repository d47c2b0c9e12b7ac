// The emulated clusters of the describe scale bench, in a process of their own so kmirror is measured apart.
// Usage: node dist/bench/emulated-clusters-process.js TOPICS PARTITIONS NODES (serves until stdin closes)

import { setUp } from './describe.js';

const [topics, partitions, nodes] = process.argv.slice(2).map(Number);
if (!topics || !partitions || !nodes) throw new Error('usage: emulated-clusters-process TOPICS PARTITIONS NODES');
const started = performance.now();
const emulator = await setUp(topics, partitions, true, nodes);
const ready = { bootstrap: emulator.destination.bootstrap, setUpMs: Math.round(performance.now() - started) };
process.stdout.write(`${JSON.stringify(ready)}\n`);
process.stdin.resume();
process.stdin.on('end', () => void emulator.close().then(() => process.exit(0)));
