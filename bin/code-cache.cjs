// Loads the bundle keeping V8's compiled code for it between runs (vm.Script cachedData): Node's own compile cache
// keeps only the bundle's top level, this one the functions the first run called. A failed cache only costs speed.
'use strict';
const { createRequire } = require('node:module');
const { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } = require('node:fs');
const { dirname, join } = require('node:path');
const { debuglog } = require('node:util');
const vm = require('node:vm');

const debug = debuglog('kmirror');
const boundCacheDir = (...args) => require('./cache-bound.cjs').boundCacheDir(...args);

function requireWithCodeCache(file, cacheDir, word) {
  const require = createRequire(file);
  if (require.cache[file]) return require.cache[file].exports;
  const { size, mtimeMs } = statSync(file);
  const prefix = `kmirror-${process.version}-${process.arch}-${fnv1a(file)}-`;
  const build = `-${size}-${Math.trunc(mtimeMs)}.v8`;
  const cacheFile = join(cacheDir, `${prefix}${word}${build}`);
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    // first run of this build
  }
  const source = `(function (exports, require, module, __filename, __dirname) {${readSource(file)}\n})`;
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

// Node 20 and 22 decode UTF-8 through a slow path (~5 ms for the bundle, ~1 ms as Latin-1). esbuild writes ASCII
// but for raw characters inside a dependency's regular expressions, so ASCII stretches are read as Latin-1 (the same
// characters) and only the runs of bytes >= 0x80, each whole UTF-8 sequences, as UTF-8.
function readSource(file) {
  const bytes = readFileSync(file);
  const latin1 = bytes.toString('latin1');
  let text = '';
  let from = 0;
  for (const run of latin1.matchAll(/[\x80-\xff]+/g)) {
    text += latin1.slice(from, run.index) + bytes.toString('utf8', run.index, run.index + run[0].length);
    from = run.index + run[0].length;
  }
  return from === 0 ? latin1 : text + latin1.slice(from);
}

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
    for (const name of readdirSync(cacheDir))
      if (name.startsWith(prefix) && !name.endsWith(build)) rmSync(join(cacheDir, name), { force: true });
    boundCacheDir(cacheDir, undefined, cacheFile);
  } catch {
    // read-only or missing cache home: the next run compiles again
  }
}

module.exports = { readSource, requireWithCodeCache };
