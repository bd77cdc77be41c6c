// CSV for downloads (RFC 4180 quoting). Client-safe, pure.

/** A CSV field: quoted when needed; text with a leading = + - @ is defused so spreadsheets do not run it. */
export function csvField(value: unknown): string {
  let text = "";
  if (typeof value === "string") text = value;
  else if (typeof value === "number" || typeof value === "boolean") text = String(value);
  else if (value !== null && value !== undefined) text = JSON.stringify(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record (with its CRLF). */
export const csvRecord = (values: readonly unknown[]) => `${values.map(csvField).join(",")}\r\n`;
