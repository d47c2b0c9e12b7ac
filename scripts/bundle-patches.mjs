// What scripts/bundle.mjs changes in dependencies' code as it bundles them, and why. Each patch either
// applies where it must or fails the build, so a dependency update cannot drop one silently.
import { readFileSync } from 'node:fs';

// bin/code-cache.cjs runs the bundle through vm.Script, where import() works only with experimental vm
// features. So the bundle holds no import(): ours become require() (every package we load lazily has a
// CommonJS build), and the few in oclif and lilconfig (which load ESM plugins by file URL) call
// __kmirrorImport, a real import() that code-cache.cjs hands in (plain require() of the bundle gets its own).
export const IMPORT_BANNER =
  "const __kmirrorImport = typeof __kmirrorHostImport === 'function' ? __kmirrorHostImport : (specifier) => " +
  'import(specifier);';
export const DYNAMIC_IMPORT = /(?<![\w$.'"`])import\(/g;
const HOST_IMPORT_PACKAGES = /[\\/]node_modules[\\/](@oclif[\\/]core|lilconfig)[\\/]/;

// The bundle is pure ASCII, so bin/code-cache.cjs can take its bytes as the source string (latin1) instead
// of decoding UTF-8, and V8 keeps and scans it as a one-byte string: reading and compiling it cost about
// 6 ms less per run with two non-ASCII characters gone. esbuild escapes strings itself, not regular-
// expression literals: those in dependencies are escaped here (\uXXXX means the same character in a
// string, template, regular expression, identifier or comment); bundle.mjs refuses a non-ASCII output.
const NON_ASCII = /[^\p{ASCII}]/u;
/**
 * Each UTF-16 unit as \uXXXX (a character outside the BMP becomes its surrogate pair, as JavaScript reads it).
 * A backslash before the character (an identity escape: `\…` is `…`) is dropped, not doubled.
 */
export const escapeNonAscii = (code) =>
  code.replace(/(\\*)([^\p{ASCII}])/gu, (_, slashes, c) => {
    const kept = slashes.length % 2 === 1 ? slashes.slice(1) : slashes;
    return (
      kept + Array.from({ length: c.length }, (_, i) => `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`).join('')
    );
  });

/** One module of a dependency, by its path under node_modules ('kafkajs/src/network/connection'), on any OS. */
const dependencyModule = (path) =>
  new RegExp(`[\\\\/]node_modules[\\\\/]${path.replaceAll('.', '\\.').split('/').join('[\\\\/]')}\\.js$`);
const oclifModule = (path) => dependencyModule(`@oclif/core/lib/${path}`);
const kafkajsModule = (path) => dependencyModule(`kafkajs/src/${path}`);

// oclif sorts each plugin's commands with String.prototype.localeCompare as it loads them, and the first
// localeCompare of a process builds ICU's collator: 6-9 ms of every kmirror run, for ~30 ids. For ids
// made of `_ - : 0-9 a-z` (all of ours), ICU's root collation orders by the characters' ranks in `order`,
// shorter first when one is the other's prefix (test/scripts/bundle.test.ts compares it with localeCompare
// over random ids); any other id is compared by localeCompare as before. Self-contained: the bundle holds
// its source text (toString), appended to oclif's module.
export function compareCommandIds(a, b) {
  const order = '_-:0123456789abcdefghijklmnopqrstuvwxyz';
  const plain = /^[_\-:0-9a-z]*$/;
  if (!plain.test(a) || !plain.test(b)) return a.localeCompare(b);
  for (let i = 0; i < a.length && i < b.length; i++) {
    const rank = order.indexOf(a[i]) - order.indexOf(b[i]);
    if (rank !== 0) return rank;
  }
  return a.length - b.length;
}
const COMMAND_SORT = {
  file: oclifModule('config/plugin'),
  text: '.sort((a, b) => a.id.localeCompare(b.id))',
  replacement: '.sort((a, b) => __kmirrorCompareIds(a.id, b.id))',
  appended: `\n${compareCommandIds.toString().replace('function compareCommandIds', 'function __kmirrorCompareIds')}\n`,
};

// oclif's logger makes a `debug` logger as it starts; loading `debug` (with node:tty and its colour
// detection) cost ~1 ms of each run, which logs nothing unless DEBUG names a namespace. The logger it
// makes loads `debug` at its first call with DEBUG set, and the loaded logger decides as before.
const LAZY_DEBUG = {
  file: oclifModule('logger'),
  text: 'const debug_1 = __importDefault(require("debug"));',
  replacement:
    'const debug_1 = { default: (namespace) => { let log; return (...args) => { ' +
    'if (process.env.DEBUG) (log ??= require("debug")(namespace))(...args); }; } };',
};

// kafkajs loads node:tls in its socket factory, for every connection, TLS or not (~1 ms of a plaintext run),
// and node:crypto in its SCRAM authenticator, as the connection module loads (~2 ms on Node 20). Both only
// call the module's functions, so the binding becomes a proxy that requires the module at its first use.
/** `const name = require('name')` in that module, loaded at the first use of one of its members. */
const lazyBuiltin = (file, name) => ({
  file,
  text: `const ${name} = require('${name}')`,
  replacement: `const ${name} = new Proxy({}, { get: (_, member) => require('${name}')[member] })`,
});
// kafkajs's connection module loads its SASL authenticator, which loads every mechanism and, through them, the
// request modules of every Kafka API kafkajs speaks (produce, fetch, groups, transactions…: ~50 modules). Only a
// SASL connection constructs the authenticator: the binding becomes a constructor that loads it then.
const LAZY_SASL = {
  file: kafkajsModule('network/connection'),
  text: "const SASLAuthenticator = require('../broker/saslAuthenticator')",
  replacement:
    'const SASLAuthenticator = new Proxy(function SASLAuthenticator() {}, ' +
    "{ construct: (_, args) => Reflect.construct(require('../broker/saslAuthenticator'), args) })",
};
const LAZY_TLS = lazyBuiltin(kafkajsModule('network/socketFactory'), 'tls');
const LAZY_CRYPTO = lazyBuiltin(kafkajsModule('broker/saslAuthenticator/scram'), 'crypto');

// oclif reads its JSON files (package.json, the manifest, the theme) with fs/promises' readFile. Loading
// node:fs/promises brings a dozen of Node's own modules (file handles, directory streams, watchers, readline)
// that nothing else a kmirror command runs needs: ~2 ms of each run on Node 20. The file is read with
// readFileSync instead, still inside the same async function (an error rejects its promise as before).
const SYNC_READ_JSON = {
  file: oclifModule('util/fs'),
  text: "const contents = await (0, promises_1.readFile)(path, 'utf8');",
  replacement: "const contents = (0, node_fs_1.readFileSync)(path, 'utf8');",
};

// Which manifest oclif reads for the root plugin (kmirror): the whole one unless bin/run.cjs knows the run shows
// no help and asks the bundle for the small one (entry `useRunManifest`, scripts/run-manifest.mjs). A variable of
// the bundle's own scope, declared in its banner.
export const MANIFEST_BANNER = "var __kmirrorManifestFile = 'oclif.manifest.json';";
const RUN_MANIFEST = {
  file: oclifModule('config/plugin'),
  text: "const p = (0, node_path_1.join)(this.root, `${dotfile ? '.' : ''}oclif.manifest.json`);",
  replacement:
    "const p = (0, node_path_1.join)(this.root, dotfile ? '.oclif.manifest.json' : " +
    "this.isRoot ? __kmirrorManifestFile : 'oclif.manifest.json');",
};

/** Text replaced in a dependency's module: exactly once, or the build fails (the dependency changed). */
function replaceOnce(path, contents, patch) {
  if (contents.split(patch.text).length !== 2)
    throw new Error(`${path}: expected one '${patch.text}' (scripts/bundle-patches.mjs); the dependency changed`);
  return contents.replace(patch.text, patch.replacement) + (patch.appended ?? '');
}

// oclif's modules (TypeScript compiled to CommonJS) require every module they might use when they load:
// its help, its error handler with the help behind it, `debug`, `ejs`, `minimatch`, `is-wsl`, the
// TypeScript path mapper... A run of `kmirror check` needs a fraction of them (~15 M instructions of
// evaluation spared, ~2 % of a run). Each top-level `const x_1 = require("…")` becomes a function that
// requires the module on first use, and each use of x_1 calls it: TypeScript reaches an import only
// through its binding (`x_1.name`, `(0, x_1.fn)(…)`, `new x_1.Class()`, getters of re-exports), so
// the same code runs, later. A module whose loading has side effects oclif needs before its first use
// would be the exception; the whole test suite runs on the bundle.
const LAZY_PACKAGES = /[\\/]node_modules[\\/]@oclif[\\/]core[\\/]lib[\\/]/;
const REQUIRE_BINDING =
  /^(?:const|var|let) ([A-Za-z_$][\w$]*) = (?:(__importDefault|__importStar)\()?require\(("[^"]+")\)(\))?;$/gm;
/** A TypeScript CommonJS module with every top-level `const x = require("…")` loaded on first use. */
export function lazyRequires(code) {
  const bindings = [];
  const lazy = code.replace(REQUIRE_BINDING, (line, name, helper, specifier, close) => {
    if (Boolean(helper) !== Boolean(close)) return line;
    bindings.push(name);
    const value = helper ? `${helper}(require(${specifier}))` : `require(${specifier})`;
    return `var ${name}__module; function ${name}__load() { return ${name}__module ??= ${value}; }`;
  });
  // every other occurrence of the name as an identifier (not a property, a string or a longer name)
  const uses = (name) => new RegExp(`(?<![\\w$.'"\`])${name.replaceAll('$', '\\$')}(?![\\w$'"\`])`, 'g');
  return bindings.reduce((text, name) => text.replace(uses(name), `(${name}__load())`), lazy);
}

const PATCHES = [COMMAND_SORT, RUN_MANIFEST, LAZY_DEBUG, LAZY_SASL, LAZY_TLS, LAZY_CRYPTO, SYNC_READ_JSON];

/** A dependency module's code as the bundle holds it; `applied` collects the patches it took. */
export function patchDependency(path, original, applied = new Set()) {
  let contents = HOST_IMPORT_PACKAGES.test(path) ? original.replace(DYNAMIC_IMPORT, '__kmirrorImport(') : original;
  for (const patch of PATCHES)
    if (patch.file.test(path)) {
      contents = replaceOnce(path, contents, patch);
      applied.add(patch);
    }
  if (LAZY_PACKAGES.test(path)) contents = lazyRequires(contents);
  return NON_ASCII.test(contents) ? escapeNonAscii(contents) : contents;
}

/**
 * The esbuild plugin that applies patchDependency to every dependency module. A patch whose module the
 * bundle no longer holds (moved or renamed in an update) fails the build too, as one whose text changed.
 */
export const dependencySources = {
  name: 'dependency-sources',
  setup(build) {
    const applied = new Set();
    build.onLoad({ filter: /[\\/]node_modules[\\/].*\.c?js$/ }, (args) => {
      const original = readFileSync(args.path, 'utf8');
      const contents = patchDependency(args.path, original, applied);
      return contents === original ? undefined : { contents, loader: 'js' };
    });
    build.onEnd(() => {
      const missed = PATCHES.filter((patch) => !applied.has(patch)).map((patch) => String(patch.file));
      if (missed.length > 0)
        return { errors: [{ text: `no module matched ${missed.join(', ')} (scripts/bundle-patches.mjs)` }] };
    });
  },
};
