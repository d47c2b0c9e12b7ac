// Reads the `--debug` wire trace a kmirror process printed on stderr:
// `[debug] <Api> v<n> (key <k>) -> <broker>: ok in …` (base-command.ts formatWireEvent); a command that reads
// several clusters (topology) names the cluster first: `[debug] [<cluster>] <Api> …`.

export interface TracedRequest {
  readonly api: string;
  readonly version: number;
  readonly apiKey: number;
  readonly broker: string;
  readonly ok: boolean;
}

const LINE = /^\[debug\] (?:\[[^\]]*\] )?(\w+) v(\d+) \(key (\d+)\) -> (.+?): (ok|error)\b/;

export function tracedRequests(stderr: string): TracedRequest[] {
  const out: TracedRequest[] = [];
  for (const line of stderr.split('\n')) {
    const m = LINE.exec(line.trim());
    if (m)
      out.push({ api: m[1] ?? '', version: Number(m[2]), apiKey: Number(m[3]), broker: m[4] ?? '', ok: m[5] === 'ok' });
  }
  return out;
}

/** The prototype's mirror API keys (PROTOCOL.md §2): none of these may reach a real Kafka 4.4. */
export function isMirrorApiKey(key: number): boolean {
  return key >= 94 && key <= 105;
}
