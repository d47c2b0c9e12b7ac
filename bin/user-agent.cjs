// `kmirror --version` without loading oclif: the same line oclif prints (config.userAgent), built from
// the same facts. Where oclif would say something this file does not know (WSL), it returns undefined
// and oclif answers. test/bin/user-agent.test.ts compares the two.
'use strict';
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { arch, platform, release } = require('node:os');

function mayBeWsl() {
  if (platform() !== 'linux') return false;
  if (release().toLowerCase().includes('microsoft')) return true;
  try {
    return readFileSync('/proc/version', 'utf8').toLowerCase().includes('microsoft');
  } catch {
    return false;
  }
}

/** package.json, and the user-agent line (undefined when oclif must be asked). */
function packageFacts() {
  const pjson = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8'));
  if (mayBeWsl()) return { pjson, userAgent: undefined };
  const extra = pjson.oclif?.additionalVersionFlags;
  if (Array.isArray(extra) && extra.length > 0) return { pjson, userAgent: undefined };
  const cpu = arch() === 'ia32' ? 'x86' : arch();
  return { pjson, userAgent: `${pjson.name}/${pjson.version || '0.0.0'} ${platform()}-${cpu} node-${process.version}` };
}

/** The user-agent line, or undefined when oclif must be asked. */
function quickUserAgent() {
  return packageFacts().userAgent;
}

module.exports = { packageFacts, quickUserAgent };
