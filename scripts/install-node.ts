// `node dist/scripts/install-node.js 22 24`: installs the pinned extra Node majors (node-tools.ts); stdout: one
// binary path per line, in the order asked.

import { EXTRA_NODE_VERSIONS, installNode } from './node-tools.js';

const majors = process.argv.slice(2);
for (const major of majors.length > 0 ? majors : Object.keys(EXTRA_NODE_VERSIONS)) {
  try {
    const { node, cached } = installNode(major);
    process.stderr.write(`Node ${node.version}: ${cached ? 'already installed' : 'installed'} at ${node.path}\n`);
    process.stdout.write(`${node.path}\n`);
  } catch (error) {
    process.stderr.write(`install-node: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
