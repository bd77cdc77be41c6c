import { randomFillSync } from "node:crypto";

// Time-ordered ids (UUID v7) for rows written on hot paths, so inserts land on the index's
// rightmost leaf (ARCHITECTURE.md, 'Time-ordered ids': why, and the layout).

const pool = Buffer.alloc(16 * 256);
let poolAt = pool.length;

function randomBytes10(): Buffer {
  if (poolAt + 10 > pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  const out = pool.subarray(poolAt, poolAt + 10);
  poolAt += 10;
  return out;
}

let lastMs = -1;
let counter = 0;

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

export function uuidv7(now = Date.now()): string {
  const rand = randomBytes10();
  let ms = now;
  if (ms > lastMs) {
    lastMs = ms;
    // A random start below 2^11 leaves room to count up within the millisecond.
    counter = ((rand[0]! << 8) | rand[1]!) & 0x7ff;
  } else {
    ms = lastMs;
    counter++;
    if (counter > 0xfff) {
      // 4096 ids in one millisecond: borrow the next one, so order still holds.
      lastMs = ms = lastMs + 1;
      counter = 0;
    }
  }
  const b = new Uint8Array(16);
  // 48-bit big-endian milliseconds (numbers are exact up to 2^53).
  const high = Math.floor(ms / 2 ** 16);
  b[0] = (high >>> 24) & 0xff;
  b[1] = (high >>> 16) & 0xff;
  b[2] = (high >>> 8) & 0xff;
  b[3] = high & 0xff;
  b[4] = (ms >>> 8) & 0xff;
  b[5] = ms & 0xff;
  b[6] = 0x70 | (counter >>> 8);
  b[7] = counter & 0xff;
  b[8] = 0x80 | (rand[2]! & 0x3f);
  for (let i = 9; i < 16; i++) b[i] = rand[i - 6]!;
  let s = "";
  for (let i = 0; i < 16; i++) {
    if (i === 4 || i === 6 || i === 8 || i === 10) s += "-";
    s += HEX[b[i]!];
  }
  return s;
}

/** The creation time encoded in a v7 id (for tests and debugging). */
export function uuidv7Time(id: string): number {
  return parseInt(id.replace(/-/g, "").slice(0, 12), 16);
}
