// Cluster ids and topic ids come from a seeded generator so that a playground or a test started
// twice with the same seed prints the same ids (snapshots, docs and bug reports stay comparable).

const ZERO_ID = 'AAAAAAAAAAAAAAAAAAAAAA';
// Kafka reserves this id for the metadata topic and never hands it out.
const METADATA_TOPIC_ID = 'AAAAAAAAAAAAAAAAAAAAAQ';

function hashSeed(seed: string): number {
  // FNV-1a: spreads short seeds like "source" and "destination" over the whole 32-bit space.
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export class SeededRandom {
  private state: number;

  constructor(seed: string | number) {
    this.state = typeof seed === 'number' ? seed >>> 0 : hashSeed(seed);
  }

  /** mulberry32: tiny, fast and good enough for ids that only need to look random. */
  nextUint32(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** A Kafka-style uuid (URL-safe base64, no padding), never zero, reserved, or starting with '-'. */
  uuid(): string {
    for (;;) {
      const bytes = Buffer.alloc(16);
      for (let i = 0; i < 16; i += 4) bytes.writeUInt32BE(this.nextUint32(), i);
      const text = bytes.toString('base64url');
      // Kafka's Uuid.randomUuid() rejects these too: a leading '-' reads as a command-line flag.
      if (text !== ZERO_ID && text !== METADATA_TOPIC_ID && !text.startsWith('-')) return text;
    }
  }
}
