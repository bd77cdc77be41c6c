#!/usr/bin/env node
// Renders the raster files in public/ from the Gauntlet mark (app/icon.svg's shapes): the
// apple-touch icon, the 192/512 manifest icons (maskable: the mark inside the safe zone) and the
// 1200×630 social preview. Uses sharp, which Next installs for image optimisation; the PNGs are
// committed, so this runs only when the mark changes: `node scripts/make-public-assets.mjs`.
import { Buffer } from "node:buffer";
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const ACCENT = "#b42318";
const DARK = "#0f1115";

/** The mark (viewBox 0 0 32 32) scaled to `size` px at (x, y). */
const mark = (x, y, size, fill = ACCENT, stroke = "#fff") => `
  <g transform="translate(${x} ${y}) scale(${size / 32})">
    <path d="M16 2 4 6.5v8.2c0 7.4 5 13.2 12 15.3 7-2.1 12-7.9 12-15.3V6.5L16 2Z" fill="${fill}"/>
    <path d="M10.5 21.5 21.5 10.5" stroke="${stroke}" stroke-width="3" stroke-linecap="round" fill="none"/>
    <circle cx="21.5" cy="21" r="2.2" fill="${stroke}"/>
  </g>`;

/** A square icon: the mark at `scale` of the side on a solid background. */
const square = (side, scale, bg) => {
  const size = side * scale;
  const offset = (side - size) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}" viewBox="0 0 ${side} ${side}">
  <rect width="${side}" height="${side}" fill="${bg}"/>${mark(offset, offset, size)}</svg>`;
};

const og = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${DARK}"/><stop offset="1" stop-color="#2a1214"/>
    </linearGradient>
  </defs>
  <rect width="1200" height="630" fill="url(#bg)"/>
  <rect x="0" y="600" width="1200" height="30" fill="${ACCENT}"/>
  ${mark(96, 150, 300)}
  <text x="460" y="290" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="112" font-weight="700" fill="#ffffff">Gauntlet</text>
  <text x="464" y="370" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="36" fill="#d7dbe2">Break the prompt. Climb the board.</text>
  <text x="464" y="430" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="26" fill="#9aa3af">Self-hosted prompt-hacking challenges</text>
</svg>`;

const outputs = [
  ["public/apple-touch-icon.png", square(180, 0.72, "#ffffff")],
  ["public/icons/icon-192.png", square(192, 0.62, "#ffffff")],
  ["public/icons/icon-512.png", square(512, 0.62, "#ffffff")],
  ["public/og.png", og],
];

for (const [file, svg] of outputs) {
  const path = join(root, file);
  mkdirSync(dirname(path), { recursive: true });
  await sharp(Buffer.from(svg))
    .png({ compressionLevel: 9, palette: !file.endsWith("og.png") })
    .toFile(path);
  console.log(`wrote ${file}`);
}
