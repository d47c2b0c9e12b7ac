// Loads the bundle as require() would, keeping V8's compiled code for it between runs (public APIs only: vm.Script's
// cachedData and createCachedData, require.cache). Node's own compile cache (module.enableCompileCache, which
// bin/run.cjs turns on for every other module) keeps only what V8 compiled as the file loaded, the bundle's top
// level; this one is written when the first run ends, so it holds the functions that run called (a short command
// compiles ~40 ms less on Node 22/24, ~100 ms on Node 20, which has no cache of its own). One cache per first word
// of the command line, for the same reason. The file's size and time name the cache, so a rebuilt bundle never
// runs another build's code; V8 rejects data that does not fit (then it is compiled and written again). A cache
// that cannot be read or written only costs speed. NODE_DEBUG=kmirror says what happened.
'use strict';
const { createRequire } = require('node:module');
const { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } = require('node:fs');
const { dirname, join } = require('node:path');
const { debuglog } = require('node:util');
const vm = require('node:vm');

const debug = debuglog('kmirror');
// Loaded only when a cache is written (rarely): the size bound of the whole cache directory.
const boundCacheDir = (...args) => require('./cache-bound.cjs').boundCacheDir(...args);

/** The bundle's exports, run from the cache in cacheDir when it has this build's code for `word`. */
function requireWithCodeCache(file, cacheDir, word) {
  const require = createRequire(file);
  if (require.cache[file]) return require.cache[file].exports;
  const { size, mtimeMs } = statSync(file);
  // one cache per install (a global one and one under npx or a checkout keep theirs side by side), Node and build
  const prefix = `kmirror-${process.version}-${process.arch}-${fnv1a(file)}-`;
  const build = `-${size}-${Math.trunc(mtimeMs)}.v8`;
  const cacheFile = join(cacheDir, `${prefix}${word}${build}`);
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    // first run of this build
  }
  const source = `(function (exports, require, module, __filename, __dirname) {${readFileSync(file, 'utf8')}\n})`;
  // (no import() in it: scripts/bundle.mjs turns each into require())
  const script = new vm.Script(source, { filename: file, cachedData });
  const rejected = cachedData !== undefined && script.cachedDataRejected;
  debug(`code cache ${cacheFile}: ${cachedData === undefined ? 'none' : rejected ? 'rejected' : 'accepted'}`);
  if (cachedData === undefined || rejected)
    process.once('exit', () => writeCache(script, cacheDir, cacheFile, prefix, build));
  const module = { id: file, filename: file, path: dirname(file), exports: {}, loaded: false, children: [] };
  require.cache[file] = module;
  script.runInThisContext().call(module.exports, module.exports, require, module, file, dirname(file));
  module.loaded = true;
  return module.exports;
}

/** A short name for a path: its FNV-1a hash, in base 36. */
function fnv1a(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(36);
}

function writeCache(script, cacheDir, cacheFile, prefix, build) {
  try {
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(`${cacheFile}.${process.pid}`, script.createCachedData());
    renameSync(`${cacheFile}.${process.pid}`, cacheFile);
    debug(`code cache ${cacheFile}: written`);
    // this install's earlier builds are never read again
    for (const name of readdirSync(cacheDir))
      if (name.startsWith(prefix) && !name.endsWith(build)) rmSync(join(cacheDir, name), { force: true });
    boundCacheDir(cacheDir, undefined, cacheFile);
  } catch {
    // read-only or missing cache home: the next run compiles again
  }
}

module.exports = { requireWithCodeCache };
