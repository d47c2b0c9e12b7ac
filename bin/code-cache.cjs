// Loads the bundle (dist/bundle/kmirror.cjs) as require() would, keeping V8's compiled code for it between
// runs. Compiling the 1.3 MB bundle is a third of a short command's start-up. Node ≥ 22.1 has a compile
// cache of its own (module.enableCompileCache, which bin/run.cjs turns on for every other module), but it
// keeps only what V8 compiled when the file loaded; this one is written when the first run ends, so it
// also holds the functions that run needed, and it works on Node 20, which has no cache. V8 checks the
// code against the source and rejects it when it does not fit; then it is compiled and written again.
// A cache that cannot be read or written only costs speed. NODE_DEBUG=kmirror says what happened.
'use strict';
const module_ = require('node:module');
const { isAscii } = require('node:buffer');
const { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } = require('node:fs');
const { dirname, join } = require('node:path');
const { debuglog } = require('node:util');
const vm = require('node:vm');

const debug = debuglog('kmirror');
// Loaded only when a cache is written (rarely): the size bound of the whole cache directory.
const boundCacheDir = (...args) => require('./cache-bound.cjs').boundCacheDir(...args);

/** A short name for a path: its FNV-1a hash, in base 36. */
function pathKey(path) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < path.length; i++) hash = Math.imul(hash ^ path.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(36);
}

/**
 * The module's exports, from the cache (when there is one) or compiled afresh. `key` names the cache among
 * this build's (one per command, bin/run.cjs): each holds what its first run compiled.
 */
function requireWithCodeCache(path, cacheDir, key) {
  const require = module_.createRequire(path);
  const resolved = require.resolve(path);
  if (require.cache[resolved]) return require.cache[resolved].exports;
  const bytes = readFileSync(resolved);
  // scripts/bundle.mjs writes the bundle in ASCII: its bytes are its text, with no UTF-8 decoding (which costs
  // ~5 ms for 1.5 MB), and V8 keeps it as a one-byte string.
  const source = isAscii(bytes) ? bytes.latin1Slice(0, bytes.length) : bytes.toString('utf8');
  const { size, mtimeMs } = statSync(resolved);
  // One cache per install (its path): a global kmirror and one under npx or a checkout keep theirs side by side
  // instead of each replacing the other's at every run.
  const prefix = `kmirror-${process.version}-${process.arch}-${pathKey(resolved)}-`;
  const build = `-${size}-${Math.trunc(mtimeMs)}.v8`;
  const cacheFile = join(cacheDir, `${prefix}${key.replace(/[^\w.-]/g, '.')}${build}`);
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    // first run of this build on this Node
  }
  // Node's module wrapper, plus the import() the bundle calls (scripts/bundle.mjs): a script run by vm
  // has none of its own without experimental flags.
  const wrapped = `(function (exports, require, module, __filename, __dirname, __kmirrorHostImport) { ${source}\n});`;
  const script = new vm.Script(wrapped, { filename: resolved, cachedData });
  debug(
    `code cache ${cacheFile}: ` +
      `${cachedData === undefined ? 'none' : script.cachedDataRejected ? 'rejected' : 'accepted'}`,
  );
  if (cachedData === undefined || script.cachedDataRejected) {
    process.once('exit', () => {
      try {
        mkdirSync(cacheDir, { recursive: true });
        const partial = `${cacheFile}.${process.pid}`;
        writeFileSync(partial, script.createCachedData());
        renameSync(partial, cacheFile);
        debug(`code cache ${cacheFile}: written`);
        // this Node's code of this install's earlier builds is never read again (this build's other keys are)
        for (const name of readdirSync(cacheDir))
          if (name.startsWith(prefix) && name.endsWith('.v8') && !name.endsWith(build))
            rmSync(join(cacheDir, name), { force: true });
        boundCacheDir(cacheDir, undefined, cacheFile);
      } catch {
        // read-only or missing cache home: next run compiles again
      }
    });
  }
  const loaded = new module_.Module(resolved, null);
  loaded.filename = resolved;
  loaded.paths = module_.Module._nodeModulePaths(dirname(resolved));
  require.cache[resolved] = loaded;
  const hostImport = (specifier) => import(specifier);
  script
    .runInThisContext()
    .call(
      loaded.exports,
      loaded.exports,
      module_.createRequire(resolved),
      loaded,
      resolved,
      dirname(resolved),
      hostImport,
    );
  loaded.loaded = true;
  return loaded.exports;
}

module.exports = { requireWithCodeCache };
