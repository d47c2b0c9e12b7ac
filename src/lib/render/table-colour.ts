// A styled cell split into lines keeps its style on every line: each line closes the attributes still
// open at its end and the next line reopens them. These are cli-table3's rules (the look the tables
// keep), including what it tracks: colours, bold, italics, underline, inverse, strikethrough.

// eslint-disable-next-line no-control-regex -- SGR escapes are what this file reads
const SGR_CAPTURE = /\x1b\[((?:\d*;){0,5}\d*)m/g;

type Attribute = 'bold' | 'italics' | 'underline' | 'inverse' | 'strikethrough';

const ATTRIBUTES: Readonly<Record<Attribute, { on: string; off: string }>> = {
  bold: { on: '\x1b[1m', off: '\x1b[22m' },
  italics: { on: '\x1b[3m', off: '\x1b[23m' },
  underline: { on: '\x1b[4m', off: '\x1b[24m' },
  inverse: { on: '\x1b[7m', off: '\x1b[27m' },
  strikethrough: { on: '\x1b[9m', off: '\x1b[29m' },
};

const BY_CODE = new Map<string, { set: Attribute; to: boolean }>();
for (const [name, codes] of Object.entries(ATTRIBUTES) as [Attribute, { on: string; off: string }][]) {
  BY_CODE.set(codes.on, { set: name, to: true });
  BY_CODE.set(codes.off, { set: name, to: false });
}

interface State {
  foreground?: string;
  background?: string;
  // Insertion order matters: attributes are closed and reopened in the order they were first seen.
  attributes: Map<Attribute, boolean>;
}

function update(state: State, code: string, params: string | undefined): void {
  const first = params ? parseInt(params.split(';')[0] ?? '', 10) : 0;
  if ((first >= 30 && first <= 39) || (first >= 90 && first <= 97)) {
    state.foreground = code;
    return;
  }
  if ((first >= 40 && first <= 49) || (first >= 100 && first <= 107)) {
    state.background = code;
    return;
  }
  if (first === 0) {
    delete state.foreground;
    delete state.background;
    state.attributes.clear();
    return;
  }
  const attribute = BY_CODE.get(code);
  if (attribute) state.attributes.set(attribute.set, attribute.to);
}

function read(line: string): State {
  const state: State = { attributes: new Map() };
  for (const match of line.matchAll(SGR_CAPTURE)) update(state, match[0], match[1]);
  return state;
}

function close(state: State, line: string): string {
  let out = line;
  for (const [name, on] of state.attributes) if (on) out += ATTRIBUTES[name].off;
  if (state.background && state.background !== '\x1b[49m') out += '\x1b[49m';
  if (state.foreground && state.foreground !== '\x1b[39m') out += '\x1b[39m';
  return out;
}

function reopen(state: State, line: string): string {
  let out = line;
  for (const [name, on] of state.attributes) if (on) out = ATTRIBUTES[name].on + out;
  if (state.background && state.background !== '\x1b[49m') out = state.background + out;
  if (state.foreground && state.foreground !== '\x1b[39m') out = state.foreground + out;
  return out;
}

export function colourEachLine(lines: readonly string[]): string[] {
  let state: State = { attributes: new Map() };
  const out: string[] = [];
  for (const raw of lines) {
    const line = reopen(state, raw);
    state = read(line);
    out.push(close(state, line));
  }
  return out;
}
