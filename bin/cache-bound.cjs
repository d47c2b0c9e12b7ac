// Keeps kmirror's compile-cache directory under a size bound, oldest files out: each build, Node version and
// command writes its own cache files. A file that cannot be read or removed is left.
'use strict';
const { readdirSync, rmSync, statSync } = require('node:fs');
const { join } = require('node:path');

const CACHE_LIMIT_BYTES = 8 * 1024 * 1024;

function filesUnder(dir) {
  const out = [];
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path));
    else if (entry.isFile()) {
      try {
        const { size, mtimeMs } = statSync(path);
        out.push({ path, size, mtimeMs });
      } catch {
        // gone meanwhile (another kmirror bounding the same directory)
      }
    }
  }
  return out;
}

function boundCacheDir(dir, limit = CACHE_LIMIT_BYTES, keep = undefined) {
  const files = filesUnder(dir).sort((a, b) => a.mtimeMs - b.mtimeMs);
  let total = files.reduce((sum, f) => sum + f.size, 0);
  for (const file of files) {
    if (total <= limit) break;
    if (file.path === keep) continue;
    try {
      rmSync(file.path, { force: true });
      total -= file.size;
    } catch {
      // not ours to remove: the bound is best effort
    }
  }
  return total;
}

module.exports = { CACHE_LIMIT_BYTES, boundCacheDir };
