// `sasl.jaas.config` as Kafka's JaasConfig reads it with java.io.StreamTokenizer:
//   <LoginModuleClass> <required|requisite|sufficient|optional> [name=value ...] ;

export class JaasSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JaasSyntaxError';
  }
}

export interface JaasEntry {
  readonly loginModule: string;
  readonly controlFlag: 'required' | 'requisite' | 'sufficient' | 'optional';
  readonly options: ReadonlyMap<string, string>;
}

export type LoginModuleKind = 'plain' | 'scram' | 'oauthbearer' | 'kerberos' | 'other';

type Token = { kind: 'word' | 'quoted'; text: string } | { kind: 'symbol'; text: '=' | ';' };

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  n: '\n',
  t: '\t',
  r: '\r',
  b: '\b',
  f: '\f',
  a: '\x07',
  v: '\v',
};

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const c = input[i] ?? '';
    if (/\s/.test(c)) {
      i++;
    } else if (input.startsWith('//', i)) {
      const end = input.indexOf('\n', i);
      i = end === -1 ? input.length : end + 1;
    } else if (input.startsWith('/*', i)) {
      const end = input.indexOf('*/', i + 2);
      if (end === -1) throw new JaasSyntaxError('unterminated /* comment');
      i = end + 2;
    } else if (c === '=' || c === ';') {
      tokens.push({ kind: 'symbol', text: c });
      i++;
    } else if (c === '"' || c === "'") {
      let text = '';
      i++;
      let closed = false;
      while (i < input.length) {
        const d = input[i] ?? '';
        if (d === c) {
          closed = true;
          i++;
          break;
        }
        if (d === '\\' && i + 1 < input.length) {
          const e = input[i + 1] ?? '';
          const octal = /^[0-7]{1,3}/.exec(input.slice(i + 1, i + 4));
          if (octal) {
            text += String.fromCharCode(parseInt(octal[0], 8));
            i += 1 + octal[0].length;
            continue;
          }
          text += SIMPLE_ESCAPES[e] ?? e;
          i += 2;
          continue;
        }
        // StreamTokenizer ends a quoted string at a line break.
        if (d === '\n' || d === '\r') break;
        text += d;
        i++;
      }
      // The value is left out of the message on purpose: it is usually a password.
      if (!closed) throw new JaasSyntaxError(`a quoted value has no closing ${c} on its line`);
      tokens.push({ kind: 'quoted', text });
    } else {
      let text = '';
      while (i < input.length) {
        const d = input[i] ?? '';
        if (
          /\s/.test(d) ||
          d === '=' ||
          d === ';' ||
          d === '"' ||
          d === "'" ||
          input.startsWith('//', i) ||
          input.startsWith('/*', i)
        )
          break;
        text += d;
        i++;
      }
      tokens.push({ kind: 'word', text });
    }
  }
  return tokens;
}

const FLAGS = new Set(['required', 'requisite', 'sufficient', 'optional']);

// Quoted tokens are never echoed: they are usually passwords.
function shown(token: Token | undefined): string {
  if (!token) return 'the end of the text';
  return token.kind === 'quoted' ? 'a quoted value' : `'${token.text}'`;
}

export function parseJaasConfig(input: string): JaasEntry[] {
  const tokens = tokenize(input);
  const entries: JaasEntry[] = [];
  let i = 0;
  while (i < tokens.length) {
    const module = tokens[i++];
    if (!module || module.kind !== 'word')
      throw new JaasSyntaxError(`expected a login module class name, found ${shown(module)}`);
    const flag = tokens[i++];
    if (!flag || flag.kind !== 'word' || !FLAGS.has(flag.text.toLowerCase())) {
      throw new JaasSyntaxError(
        `expected a control flag (required, requisite, sufficient or optional) after ${module.text}, found ` +
          `${shown(flag)}`,
      );
    }
    const options = new Map<string, string>();
    let terminated = false;
    while (i < tokens.length) {
      const key = tokens[i++];
      if (!key) break;
      if (key.kind === 'symbol' && key.text === ';') {
        terminated = true;
        break;
      }
      if (key.kind !== 'word') throw new JaasSyntaxError(`expected an option name, found ${shown(key)}`);
      const eq = tokens[i++];
      if (!eq || eq.kind !== 'symbol' || eq.text !== '=')
        throw new JaasSyntaxError(`expected '=' after option ${key.text}`);
      const value = tokens[i++];
      if (!value || value.kind === 'symbol')
        throw new JaasSyntaxError(`no value for option ${key.text} (quote it: ${key.text}="…")`);
      options.set(key.text, value.text);
    }
    if (!terminated) throw new JaasSyntaxError(`the entry for ${module.text} must end with ';'`);
    entries.push({
      loginModule: module.text,
      controlFlag: flag.text.toLowerCase() as JaasEntry['controlFlag'],
      options,
    });
  }
  if (entries.length === 0) throw new JaasSyntaxError('it is empty');
  return entries;
}

export function loginModuleKind(className: string): LoginModuleKind {
  const simple = className.slice(className.lastIndexOf('.') + 1);
  switch (simple) {
    case 'PlainLoginModule':
      return 'plain';
    case 'ScramLoginModule':
      return 'scram';
    case 'OAuthBearerLoginModule':
      return 'oauthbearer';
    case 'Krb5LoginModule':
      return 'kerberos';
    default:
      return 'other';
  }
}
