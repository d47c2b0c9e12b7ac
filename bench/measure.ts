export interface BenchResult {
  readonly name: string;
  readonly value: number;
  readonly unit: string;
  readonly target?: string;
  readonly detail?: string;
}

export function timeRuns(runs: number, fn: () => unknown): number[] {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    out.push(performance.now() - start);
  }
  return out;
}

export function stats(values: readonly number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  return `min ${sorted[0]?.toFixed(0)} / median ${median(values).toFixed(0)} / max ${sorted.at(-1)?.toFixed(0)}`;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

/** Heap in use after a full collection (needs node --expose-gc; falls back to a plain reading). */
export function heapUsed(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  return process.memoryUsage().heapUsed;
}

export function printResults(results: readonly BenchResult[]): void {
  for (const r of results) {
    const value = r.value.toFixed(r.value < 10 ? 2 : 1);
    console.log(
      `${r.name}: ${value} ${r.unit}${r.target ? `  (target ${r.target})` : ''}${r.detail ? `\n    ${r.detail}` : ''}`,
    );
  }
}
