#!/usr/bin/env node
// Compares two `npm run bench --json <file>` results: per measurement the value before, after and
// after/before. Usage: node scripts/bench-compare.mjs before.json after.json
import { readFileSync } from "node:fs";

const [beforeFile, afterFile] = process.argv.slice(2);
if (!beforeFile || !afterFile) {
  console.error("usage: node scripts/bench-compare.mjs before.json after.json");
  process.exit(2);
}
const load = (file) => {
  const rows = JSON.parse(readFileSync(file, "utf8"));
  if (!Array.isArray(rows)) throw new Error(`${file}: not a bench result array`);
  return new Map(rows.map((r) => [`${r.section} · ${r.name}`, r]));
};
const before = load(beforeFile);
const after = load(afterFile);
const show = (v) => (typeof v === "number" ? String(Number(v.toPrecision(4))) : "–");
const table = [["measurement", "unit", "before", "after", "after/before", "target"]];
for (const key of new Set([...before.keys(), ...after.keys()])) {
  const b = before.get(key);
  const a = after.get(key);
  const ratio =
    typeof a?.value === "number" && typeof b?.value === "number" && b.value !== 0
      ? a.value / b.value
      : undefined;
  const target = (a ?? b).target ? `${(a ?? b).target}${a?.met === false ? " (not met)" : ""}` : "";
  table.push([
    key,
    (a ?? b).unit,
    show(b?.value),
    show(a?.value),
    ratio === undefined ? "–" : ratio.toFixed(3),
    target,
  ]);
}
const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
for (const row of table)
  console.log(
    row
      .map((cell, i) => (i >= 2 && i <= 4 ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
      .join("  ")
      .trimEnd(),
  );
