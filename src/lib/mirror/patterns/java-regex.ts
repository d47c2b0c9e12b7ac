// mirror/patterns/: topic and group patterns as the broker reads them: Java regexes (java.util.regex, whole
// names against ^(p1|p2|…)$), matched here so a preview, a filter and the emulator select what the broker
// would. translateJavaRegex gives an equivalent JavaScript RegExp (flag `u`), semantics and Java's quirks
// included; what has no exact translation is refused with the reason, and what Java refuses is refused too.
// Checked against Java 17 in test/real-kafka/java-regex.test.ts; combining marks after a word are not modelled.

export class InvalidJavaRegexError extends Error {
  override readonly name = 'InvalidJavaRegexError';
  constructor(
    readonly reason: string,
    readonly index: number,
  ) {
    super(`${reason} at position ${index + 1}`);
  }
}

export class UntranslatablePatternError extends Error {
  override readonly name = 'UntranslatablePatternError';
  constructor(readonly reason: string) {
    super(reason);
  }
}

interface Flags {
  i: boolean;
  d: boolean;
  m: boolean;
  s: boolean;
  u: boolean;
  x: boolean;
  U: boolean;
}

const NO_FLAGS: Flags = { i: false, d: false, m: false, s: false, u: false, x: false, U: false };

type CharSet =
  | { readonly t: 'items'; readonly items: readonly string[] }
  | { readonly t: 'union'; readonly parts: readonly CharSet[] }
  | { readonly t: 'and'; readonly parts: readonly CharSet[] }
  | { readonly t: 'not'; readonly set: CharSet };

interface Body {
  readonly js: string;
  readonly nullable: boolean;
  /**
   * Java ends a loop such as (a*?)* at the first empty pass, JavaScript tries a longer one: same matches,
   * not the same FIRST match, which is all an atomic group or a possessive quantifier keeps.
   */
  readonly nullableLoop: boolean;
  readonly lineBreakInside?: boolean;
}

interface Atom extends Body {
  /** Matches no characters (an anchor, a lookaround): Java may repeat it, JavaScript (u) may not. */
  readonly zeroWidth: boolean;
  readonly quantified: boolean;
  readonly lineBreak?: boolean;
}

function plainAtom(js: string, zeroWidth = false): Atom {
  return { js, zeroWidth, quantified: false, nullable: zeroWidth, nullableLoop: false };
}

const LINE_TERMINATORS = '\\n\\r\\u0085\\u2028\\u2029';
const JAVA_SPACE = ' \\t\\n\\x0B\\f\\r';
const HORIZONTAL = ' \\t\\xA0\\u1680\\u180E\\u2000-\\u200A\\u202F\\u205F\\u3000';
const VERTICAL = '\\n\\x0B\\f\\r\\x85\\u2028\\u2029';
const ESCAPE_CLASSES: Readonly<Record<string, string>> = {
  d: '0-9',
  s: JAVA_SPACE,
  w: 'a-zA-Z_0-9',
  h: HORIZONTAL,
  v: VERTICAL,
};
const JAVA17_WORD = '[\\p{L}\\p{Nd}_]';

/** POSIX classes: US-ASCII only in Java (without (?U)). */
const POSIX: Readonly<Record<string, string>> = {
  Lower: 'a-z',
  Upper: 'A-Z',
  ASCII: '\\x00-\\x7F',
  Alpha: 'a-zA-Z',
  Digit: '0-9',
  Alnum: 'a-zA-Z0-9',
  Punct: '!-\\/:-@\\[-`{-~',
  Graph: '!-~',
  Print: ' -~',
  Blank: ' \\t',
  Cntrl: '\\x00-\\x1F\\x7F',
  XDigit: '0-9a-fA-F',
  Space: JAVA_SPACE,
};

const CATEGORIES = new Set(
  'L Lu Ll Lt Lm Lo M Mn Mc Me N Nd Nl No P Pc Pd Ps Pe Pi Pf Po S Sm Sc Sk So Z Zs Zl Zp C Cc Cf Cs Co Cn'.split(' '),
);
const BINARY: Readonly<Record<string, string>> = {
  alphabetic: '\\p{Alphabetic}',
  ideographic: '\\p{Ideographic}',
  letter: '\\p{L}',
  lowercase: '\\p{Lowercase}',
  uppercase: '\\p{Uppercase}',
  titlecase: '\\p{Lt}',
  punctuation: '\\p{P}',
  control: '\\p{Cc}',
  white_space: '\\p{White_Space}',
  whitespace: '\\p{White_Space}',
  digit: '\\p{Nd}',
  hex_digit: '\\p{Hex_Digit}',
  hexdigit: '\\p{Hex_Digit}',
  join_control: '\\p{Join_Control}',
  joincontrol: '\\p{Join_Control}',
  noncharacter_code_point: '\\p{Noncharacter_Code_Point}',
  noncharactercodepoint: '\\p{Noncharacter_Code_Point}',
  assigned: '\\P{Cn}',
};
/** Under (?i) Java widens these to every cased letter; no exact JavaScript class says that. */
const CASE_WIDENED = new Set(['Lu', 'Ll', 'Lt', 'lowercase', 'uppercase', 'titlecase']);

function jsScript(name: string): string | undefined {
  if (!/^[A-Za-z_]+$/.test(name)) return undefined;
  try {
    new RegExp(`\\p{Script=${name}}`, 'u');
    return name;
  } catch {
    return undefined;
  }
}

function isAsciiLetter(cp: number): boolean {
  return (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a);
}

function classChar(cp: number): string {
  const c = String.fromCodePoint(cp);
  if ('\\]-^['.includes(c)) return `\\${c}`;
  return cp >= 0x21 && cp <= 0x7e ? c : `\\u{${cp.toString(16)}}`;
}

function literalAtom(cp: number): string {
  const c = String.fromCodePoint(cp);
  if ('\\^$.*+?()[]{}|/'.includes(c)) return `\\${c}`;
  return cp >= 0x20 && cp <= 0x7e ? c : `\\u{${cp.toString(16)}}`;
}

function foldedRange(lo: number, hi: number): string[] {
  const out: string[] = [];
  const add = (from: number, to: number, shift: number): void => {
    const a = Math.max(lo, from);
    const b = Math.min(hi, to);
    if (a < b) out.push(`${classChar(a + shift)}-${classChar(b + shift)}`);
    else if (a === b) out.push(classChar(a + shift));
  };
  add(0x41, 0x5a, 0x20);
  add(0x61, 0x7a, -0x20);
  return out;
}

function charSet(cp: number, flags: Flags): CharSet {
  return rangeSet(cp, cp, flags);
}

function rangeSet(lo: number, hi: number, flags: Flags): CharSet {
  const own = lo === hi ? classChar(lo) : `${classChar(lo)}-${classChar(hi)}`;
  return { t: 'items', items: flags.i ? [own, ...foldedRange(lo, hi)] : [own] };
}

function itemsOf(set: CharSet): readonly string[] | undefined {
  return set.t === 'items' ? set.items : undefined;
}

function emitSet(set: CharSet): string {
  switch (set.t) {
    case 'items':
      return `[${set.items.join('')}]`;
    case 'not': {
      const items = itemsOf(set.set);
      return items ? `[^${items.join('')}]` : `(?:(?!${emitSet(set.set)})[^])`;
    }
    case 'union': {
      const flat = set.parts.map(itemsOf);
      if (flat.every((i) => i !== undefined)) return `[${flat.flat().join('')}]`;
      return `(?:${set.parts.map(emitSet).join('|')})`;
    }
    case 'and': {
      const last = set.parts.at(-1) as CharSet;
      return `(?:${set.parts
        .slice(0, -1)
        .map((p) => `(?=${emitSet(p)})`)
        .join('')}${emitSet(last)})`;
    }
  }
}

interface Quantifier {
  readonly text: string;
  readonly min: number;
  readonly max: number;
  readonly mode: 'greedy' | 'lazy' | 'possessive';
}

class JavaRegexReader {
  private pos = 0;
  private flags: Flags = { ...NO_FLAGS };
  private synthetic = 0;
  private lookbehinds = 0;
  private readonly names = new Set<string>();

  constructor(private readonly src: string) {}

  translate(): string {
    const body = this.alternation();
    if (this.pos < this.src.length) this.fail("Unmatched closing ')'");
    return body.js;
  }

  private fail(reason: string, at = this.pos): never {
    throw new InvalidJavaRegexError(reason, at);
  }

  private refuse(reason: string): never {
    throw new UntranslatablePatternError(reason);
  }

  private skipIgnored(): void {
    if (!this.flags.x) return;
    for (;;) {
      const c = this.src[this.pos];
      if (c !== undefined && ' \t\n\u000b\f\r'.includes(c)) this.pos++;
      else if (c === '#') {
        while (this.pos < this.src.length && !/[\n\r\u0085\u2028\u2029]/.test(this.src[this.pos] as string)) this.pos++;
      } else return;
    }
  }

  private peek(): string | undefined {
    this.skipIgnored();
    return this.src[this.pos];
  }

  private nextRaw(): number {
    const cp = this.src.codePointAt(this.pos);
    if (cp === undefined) this.fail('Unexpected end of pattern');
    this.pos += cp > 0xffff ? 2 : 1;
    return cp;
  }

  private eat(text: string): boolean {
    this.skipIgnored();
    if (!this.src.startsWith(text, this.pos)) return false;
    this.pos += text.length;
    return true;
  }

  private alternation(): Body {
    const alternatives: Atom[][] = [];
    let sequence: Atom[] = [];
    for (;;) {
      const c = this.peek();
      if (c === undefined || c === ')') break;
      if (c === '|') {
        this.pos++;
        alternatives.push(sequence);
        sequence = [];
        continue;
      }
      if (c === '*' || c === '+' || c === '?' || c === '{') {
        const start = this.pos;
        const quantifier = this.quantifier();
        const last = sequence.at(-1);
        if (c !== '{' && (!last || last.quantified)) this.fail(`Dangling meta character '${c}'`, start);
        // Java repeats an empty node when `{n}` has nothing (or a quantified atom) before it.
        if (!last || last.quantified) {
          sequence.push({ ...plainAtom('', true), quantified: true });
          continue;
        }
        sequence[sequence.length - 1] = this.quantify(last, quantifier);
        continue;
      }
      // An inline flag group leaves a node a quantifier cannot take: `*` dangles, `{n}` repeats nothing, as in Java.
      sequence.push(this.atom() ?? { ...plainAtom('', true), quantified: true });
    }
    alternatives.push(sequence);
    return {
      js: alternatives.map((seq) => seq.map((a) => a.js).join('')).join('|'),
      nullable: alternatives.some((seq) => seq.every((a) => a.nullable)),
      nullableLoop: alternatives.some((seq) => seq.some((a) => a.nullableLoop)),
      lineBreakInside: alternatives.some((seq) => seq.some((a) => a.lineBreak || a.lineBreakInside)),
    };
  }

  private quantifier(): Quantifier {
    const c = this.src[this.pos] as string;
    this.pos++;
    let text = c;
    let min = c === '+' ? 1 : 0;
    let max = c === '?' ? 1 : Number.POSITIVE_INFINITY;
    if (c === '{') {
      const start = this.pos - 1;
      const digits = (): string => {
        let out = '';
        while (/[0-9]/.test(this.peek() ?? '')) out += this.src[this.pos++];
        return out;
      };
      const low = digits();
      if (low === '') this.fail('Illegal repetition', start);
      let high: string | undefined = low;
      if (this.eat(',')) high = digits();
      if (!this.eat('}')) this.fail('Unclosed counted closure', start);
      min = Number(low);
      max = high === '' ? Number.POSITIVE_INFINITY : Number(high);
      if (max < min) this.fail('Illegal repetition range', start);
      text = high === low ? `{${low}}` : `{${low},${high}}`;
    }
    const mode = this.eat('?') ? 'lazy' : this.eat('+') ? 'possessive' : 'greedy';
    return { text, min, max, mode };
  }

  private quantify(quantified: Atom, q: Quantifier): Atom {
    let atom = quantified;
    // A repeated zero-width atom matches as itself once (at least one) or not at all (zero allowed).
    if (atom.zeroWidth) return { ...atom, js: q.min === 0 ? '' : atom.js, quantified: true };
    // Java repeats \R as one node that always takes \r\n whole: atomic in each pass (alone it backtracks).
    if (atom.lineBreak)
      atom = {
        ...atom,
        js: `(?:(?=(?<${this.syntheticName('repeated \\R')}>${atom.js}))\\k<_s${this.synthetic - 1}>)`,
      };
    // Java ends a loop at the first pass that matches nothing, even before the minimum count; JavaScript
    // runs the minimum passes whatever they match. Only a minimum of two or more can tell them apart.
    if (atom.nullable && q.min >= 2)
      this.refuse(
        `repeating something that can match nothing at least ${q.min} times (e.g. (a?){2}) is not translated`,
      );
    if (atom.lineBreakInside)
      this.refuse('a repeated group holding \\R is not translated (Java may or may not backtrack into the \\R)');
    const loopsOverEmpty = atom.nullable && q.max > q.min;
    const repeated: Body = {
      js: `${atom.js}${q.text}${q.mode === 'lazy' ? '?' : ''}`,
      nullable: q.min === 0 || atom.nullable,
      nullableLoop: atom.nullableLoop || loopsOverEmpty,
    };
    if (q.mode !== 'possessive') return { ...repeated, zeroWidth: false, quantified: true };
    if (repeated.nullableLoop)
      this.refuse('a possessive quantifier over something that can match nothing (e.g. (a*)*+) is not translated');
    const name = this.syntheticName('possessive quantifiers');
    return {
      ...repeated,
      js: `(?:(?=(?<${name}>${atom.js}${q.text}))\\k<${name}>)`,
      zeroWidth: false,
      quantified: true,
    };
  }

  private atom(): Atom | undefined {
    const start = this.pos;
    const c = this.peek() as string;
    const plain = plainAtom;
    switch (c) {
      case '(':
        this.pos++;
        return this.group(start);
      case '[':
        this.pos++;
        return plain(emitSet(this.characterClass()));
      case '.':
        this.pos++;
        return plain(this.flags.s ? '[^]' : this.flags.d ? '[^\\n]' : `[^${LINE_TERMINATORS}]`);
      case '^':
        this.pos++;
        if (!this.flags.m) return plain('^', true);
        return plain(
          // Java's multi-line ^ never matches at the end of the input, not even of an empty one.
          this.flags.d ? '(?:^|(?<=\\n))(?=[^])' : '(?:^|(?<=[\\n\\u0085\\u2028\\u2029]|\\r(?!\\n)))(?=[^])',
          true,
        );
      case '$':
        this.pos++;
        return plain(this.dollar(this.flags.m), true);
      case '\\':
        this.pos++;
        return this.escapeAtom(start);
      default: {
        const cp = this.nextRaw();
        return plain(this.flags.i && isAsciiLetter(cp) ? emitSet(charSet(cp, this.flags)) : literalAtom(cp));
      }
    }
  }

  private dollar(multiline: boolean): string {
    if (this.flags.d) return multiline ? '(?=\\n|(?![^]))' : '(?=\\n?(?![^]))';
    return multiline
      ? '(?:(?![^])|(?=[\\r\\u0085\\u2028\\u2029])|(?<!\\r)(?=\\n))'
      : // Never between \r and \n, even before the final line break.
        `(?=(?:\\r\\n|[${LINE_TERMINATORS}])?(?![^]))(?!(?<=\\r)\\n)`;
  }

  private group(start: number): Atom | undefined {
    const saved = { ...this.flags };
    let open = '(?:';
    let close = ')';
    let zeroWidth = false;
    let lookbehind = false;
    let atomic = false;
    if (this.eat('?')) {
      this.skipIgnored();
      const rest = this.src.slice(this.pos);
      const look = /^(<=|<!|=|!)/.exec(rest);
      if (look) {
        this.pos += look[0].length;
        open = `(?${look[0]}`;
        zeroWidth = true;
        lookbehind = look[0].startsWith('<');
      } else if (rest.startsWith(':')) {
        this.pos++;
      } else if (rest.startsWith('>')) {
        this.pos++;
        atomic = true;
        open = `(?:(?=(?<${this.syntheticName('atomic groups (?>…)')}>`;
        close = `))\\k<_s${this.synthetic - 1}>)`;
      } else if (rest.startsWith('<')) {
        const named = /^<([a-zA-Z][a-zA-Z0-9]*)>/.exec(rest);
        if (!named) this.fail("named capturing group is missing trailing '>'");
        const name = named[1] as string;
        if (this.names.has(name)) this.fail(`Named capturing group <${name}> is already defined`);
        this.names.add(name);
        this.pos += named[0].length;
      } else {
        // Inline flags: (?idmsux-idmsux) for the rest of the enclosing group, or (?flags:…) for this one.
        const on = this.flagLetters();
        const off = this.eat('-') ? this.flagLetters() : '';
        this.setFlags(on, off, start);
        if (this.eat(')')) return undefined;
        if (!this.eat(':')) this.fail('Unknown inline modifier');
      }
    }
    if (lookbehind) this.lookbehinds++;
    const body = this.alternation();
    if (lookbehind) this.lookbehinds--;
    if (!this.eat(')')) this.fail('Unclosed group', start);
    this.flags = saved;
    if (atomic && body.nullableLoop)
      this.refuse(
        'an atomic group around a repetition of something that can match nothing (e.g. (?>(a*)*)) is not translated',
      );
    // A lookaround succeeds or fails whichever match it finds first: nothing of its inside leaks out.
    if (zeroWidth) return plainAtom(`${open}${body.js}${close}`, true);
    return { ...body, js: `${open}${body.js}${close}`, zeroWidth, quantified: false };
  }

  private flagLetters(): string {
    let letters = '';
    while (/[a-zA-Z]/.test(this.peek() ?? '')) letters += this.src[this.pos++];
    return letters;
  }

  private syntheticName(what: string): string {
    if (this.lookbehinds > 0) this.refuse(`${what} inside a lookbehind are not translated`);
    return `_s${this.synthetic++}`;
  }

  private setFlags(on: string, off: string, start: number): void {
    for (const [letters, value] of [
      [on, true],
      [off, false],
    ] as const) {
      for (const letter of letters) {
        if (letter === 'c') this.refuse('(?c) (canonical equivalence) has no JavaScript equivalent');
        if (!'idmsuxU'.includes(letter)) this.fail('Unknown inline modifier', start);
        this.flags[letter as keyof Flags] = value;
      }
    }
    if (this.flags.U)
      this.refuse('(?U) (Unicode character classes for \\w, \\d, \\s, \\b and POSIX) is not translated');
    if (this.flags.u && this.flags.i)
      this.refuse(
        '(?iu) (Unicode case folding) is not translated; (?i) alone folds ASCII letters, as topic names need',
      );
  }

  private escapeAtom(start: number): Atom {
    const plain = plainAtom;
    const c = this.src[this.pos];
    if (c === undefined) this.fail('Unexpected internal error', start);
    switch (c) {
      case 'b':
        if (this.src[this.pos + 1] === '{') this.refuse('\\b{g} (grapheme boundary) has no JavaScript equivalent');
        this.pos++;
        return plain(`(?:(?<=${JAVA17_WORD})(?!${JAVA17_WORD})|(?<!${JAVA17_WORD})(?=${JAVA17_WORD}))`, true);
      case 'B':
        this.pos++;
        return plain(`(?:(?<=${JAVA17_WORD})(?=${JAVA17_WORD})|(?<!${JAVA17_WORD})(?!${JAVA17_WORD}))`, true);
      case 'A':
      case 'G':
        this.pos++;
        return plain('(?<![^])', true);
      case 'z':
        this.pos++;
        return plain('(?![^])', true);
      case 'Z':
        this.pos++;
        return plain(this.dollar(false), true);
      case 'R':
        this.pos++;
        return { ...plain(`(?:\\r\\n|[${VERTICAL}])`), lineBreak: true };
      case 'X':
        this.refuse('\\X (a grapheme cluster) has no JavaScript equivalent');
        break;
      case 'N':
        this.refuse('\\N{name} (a character by its Unicode name) is not translated; write it as \\x{…}');
        break;
      case 'k':
        this.refuse('backreferences (\\k<name>) are not translated (Java and JavaScript differ on unset groups)');
        break;
      case 'Q': {
        this.pos++;
        const end = this.src.indexOf('\\E', this.pos);
        const text = this.src.slice(this.pos, end === -1 ? undefined : end);
        this.pos = end === -1 ? this.src.length : end + 2;
        return plain(
          [...text]
            .map((ch) => {
              const cp = ch.codePointAt(0) as number;
              return this.flags.i && isAsciiLetter(cp) ? emitSet(charSet(cp, this.flags)) : literalAtom(cp);
            })
            .join('') || '(?:)',
        );
      }
      default:
        break;
    }
    if (/[1-9]/.test(c))
      this.refuse('backreferences (\\1 …) are not translated (Java and JavaScript differ on unset groups)');
    if ('dDsSwWhHvVpP'.includes(c)) return plain(emitSet(this.escapeSet(start, false)));
    this.pos++;
    const cp = this.escapedChar(c, start, false);
    return plain(this.flags.i && isAsciiLetter(cp) ? emitSet(charSet(cp, this.flags)) : literalAtom(cp));
  }

  private escapeSet(start: number, inClass: boolean): CharSet {
    const c = this.src[this.pos] as string;
    this.pos++;
    const not = (set: CharSet): CharSet => ({ t: 'not', set });
    const named = ESCAPE_CLASSES[c.toLowerCase()];
    if (named !== undefined) {
      const set: CharSet = { t: 'items', items: [named] };
      return c === c.toLowerCase() ? set : not(set);
    }
    switch (c) {
      case 'p':
      case 'P': {
        const set = this.property(start);
        return c === 'P' ? not(set) : set;
      }
      default:
        return charSet(this.escapedChar(c, start, inClass), this.flags);
    }
  }

  private escapedChar(c: string, start: number, inClass: boolean): number {
    const hex = (text: string | undefined): number => {
      if (text === undefined || !/^[0-9a-fA-F]+$/.test(text)) this.fail('Illegal hexadecimal escape sequence', start);
      return parseInt(text, 16);
    };
    switch (c) {
      case 't':
        return 0x09;
      case 'n':
        return 0x0a;
      case 'r':
        return 0x0d;
      case 'f':
        return 0x0c;
      case 'a':
        return 0x07;
      case 'e':
        return 0x1b;
      case 'c':
        return this.nextRaw() ^ 64;
      case 'x': {
        if (this.src[this.pos] === '{') {
          const end = this.src.indexOf('}', this.pos);
          if (end === -1) this.fail('Unclosed hexadecimal escape sequence', start);
          const cp = hex(this.src.slice(this.pos + 1, end));
          if (cp > 0x10ffff) this.fail('Hexadecimal codepoint is too big', start);
          this.pos = end + 1;
          return cp;
        }
        const cp = hex(this.src.slice(this.pos, this.pos + 2).padEnd(2, 'g'));
        this.pos += 2;
        return cp;
      }
      case 'u': {
        const cp = hex(this.src.slice(this.pos, this.pos + 4).padEnd(4, 'g'));
        this.pos += 4;
        // A surrogate pair written as two \u escapes is one code point, as in Java.
        if (cp >= 0xd800 && cp <= 0xdbff && /^\\u[dD][c-fC-F][0-9a-fA-F]{2}/.test(this.src.slice(this.pos))) {
          const low = parseInt(this.src.slice(this.pos + 2, this.pos + 6), 16);
          this.pos += 6;
          return 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
        }
        return cp;
      }
      case '0': {
        const octal = /^[0-3]?[0-7]{1,2}|^[0-7]/.exec(this.src.slice(this.pos));
        if (!octal) this.fail('Illegal octal escape sequence', start);
        this.pos += octal[0].length;
        return parseInt(octal[0], 8);
      }
      default:
        if (/[a-zA-Z]/.test(c) || (inClass && /[0-9]/.test(c))) this.fail('Illegal/unsupported escape sequence', start);
        this.pos--;
        return this.nextRaw();
    }
  }

  private property(start: number): CharSet {
    let name: string;
    if (this.eat('{')) {
      const end = this.src.indexOf('}', this.pos);
      if (end === -1) this.fail('Unclosed character family', start);
      name = this.src.slice(this.pos, end);
      this.pos = end + 1;
    } else {
      name = this.src[this.pos] ?? '';
      this.pos++;
    }
    const items = (...list: string[]): CharSet => ({ t: 'items', items: list });
    const unknown = (): never => this.fail(`Unknown character property name {${name}}`, start);
    const posix = POSIX[name];
    if (posix !== undefined) return items(this.flags.i && (name === 'Lower' || name === 'Upper') ? 'a-zA-Z' : posix);
    const [key, value] = name.includes('=') ? (name.split('=', 2) as [string, string]) : [undefined, name];
    const category = key === undefined ? (value.startsWith('Is') ? value.slice(2) : value) : value;
    if ((key === undefined || key === 'gc' || key === 'general_category') && CATEGORIES.has(category)) {
      if (this.flags.i && CASE_WIDENED.has(category))
        this.refuse(`\\p{${name}} under (?i): Java widens it to every cased letter, which has no exact translation`);
      return items(`\\p{${category}}`);
    }
    if (key === 'sc' || key === 'script' || (key === undefined && value.startsWith('Is'))) {
      const script = key === undefined ? value.slice(2) : value;
      const js = jsScript(script) ?? jsScript(script.charAt(0).toUpperCase() + script.slice(1).toLowerCase());
      if (js) return items(`\\p{Script=${js}}`);
      if (key === undefined) {
        const binary = BINARY[script.toLowerCase()];
        if (binary !== undefined) {
          if (this.flags.i && CASE_WIDENED.has(script.toLowerCase()))
            this.refuse(
              `\\p{${name}} under (?i): Java widens it to every cased letter, which has no exact translation`,
            );
          return items(binary);
        }
      }
      return unknown();
    }
    if (key === 'blk' || key === 'block' || (key === undefined && value.startsWith('In')))
      this.refuse(`\\p{${name}}: Unicode blocks have no JavaScript equivalent`);
    if (value.startsWith('java'))
      this.refuse(`\\p{${name}}: Java's own java… classes are not translated; use a Unicode category such as \\p{Ll}`);
    return unknown();
  }

  private characterClass(): CharSet {
    const start = this.pos - 1;
    const negated = this.src[this.pos] === '^';
    if (negated) this.pos++;
    const operands: CharSet[] = [];
    let parts: CharSet[] = [];
    let hasItem = false;
    const endOperand = (): void => {
      if (parts.length > 0) operands.push(parts.length === 1 ? (parts[0] as CharSet) : { t: 'union', parts });
      parts = [];
    };
    for (;;) {
      const c = this.peek();
      if (c === undefined) this.fail('Unclosed character class', start);
      if (c === ']' && hasItem) {
        this.pos++;
        break;
      }
      if (c === '[') {
        this.pos++;
        parts.push(this.characterClass());
        hasItem = true;
        continue;
      }
      if (this.src.startsWith('&&', this.pos)) {
        if (this.src[this.pos + 2] === '&') this.refuse("a run of three or more '&' in a class is not translated");
        this.pos += 2;
        endOperand();
        if (!hasItem && operands.length === 0 && this.peek() === ']') this.fail('Bad class syntax', start);
        continue;
      }
      const from = this.classAtom(start);
      if (typeof from !== 'number') {
        // An empty \Q\E adds nothing: a `]` after it is still a literal, as in Java.
        if (from.t !== 'items' || from.items.length > 0) hasItem = true;
        parts.push(from);
        continue;
      }
      hasItem = true;
      // A range a-z; `-` before `]`, `[` or `&&` is a literal.
      const save = this.pos;
      if (this.eat('-')) {
        const next = this.peek();
        if (next !== undefined && next !== ']' && next !== '[' && !this.src.startsWith('&&', this.pos)) {
          const to = this.classAtom(start);
          if (typeof to !== 'number') this.fail('Illegal character range', save);
          if (to < from) this.fail('Illegal character range', save);
          parts.push(rangeSet(from, to, this.flags));
          continue;
        }
        this.pos = save;
      }
      parts.push(charSet(from, this.flags));
    }
    endOperand();
    const whole: CharSet =
      operands.length === 0
        ? { t: 'items', items: [] }
        : operands.length === 1
          ? (operands[0] as CharSet)
          : { t: 'and', parts: operands };
    return negated ? { t: 'not', set: whole } : whole;
  }

  private classAtom(start: number): number | CharSet {
    if (this.src[this.pos] !== '\\') return this.nextRaw();
    this.pos++;
    const c = this.src[this.pos];
    if (c === undefined) this.fail('Unclosed character class', start);
    if (c === 'Q') {
      this.pos++;
      const end = this.src.indexOf('\\E', this.pos);
      const text = this.src.slice(this.pos, end === -1 ? undefined : end);
      this.pos = end === -1 ? this.src.length : end + 2;
      if (text === '') return { t: 'items', items: [] };
      return { t: 'union', parts: [...text].map((ch) => charSet(ch.codePointAt(0) as number, this.flags)) };
    }
    if ('bBAGzZRXNk'.includes(c) || /[1-9]/.test(c)) this.fail('Illegal/unsupported escape sequence', this.pos - 1);
    if ('dDsSwWhHvVpP'.includes(c)) return this.escapeSet(start, true);
    this.pos++;
    return this.escapedChar(c, start, true);
  }
}

export function translateJavaRegex(pattern: string): RegExp {
  const body = new JavaRegexReader(pattern).translate();
  return new RegExp(`^(?:${body})$`, 'u');
}

/** An inline flag in one pattern reaches the ones after it, as in Java. */
export function javaPatternList(patterns: readonly string[]): RegExp | null {
  if (patterns.length === 0) return null;
  return translateJavaRegex(`^(${patterns.join('|')})$`);
}
