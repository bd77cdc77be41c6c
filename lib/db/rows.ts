import { asBool, asDate, asDateOrNull, asJson, asNum, asNumOrNull } from "@/lib/db/sql";

// Typed row mappers for the direct-SQL stores: one declaration of a row's columns replaces a
// hand-written decoder. SQLite returns ISO text, 0/1 and JSON text; PostgreSQL Date, boolean and
// parsed JSON; each kind reads both.

const decoders = {
  text: (v: unknown): string => v as string,
  textOrNull: (v: unknown): string | null => (v ?? null) as string | null,
  num: asNum,
  numOrNull: asNumOrNull,
  bool: asBool,
  date: asDate,
  dateOrNull: asDateOrNull,
  json: asJson,
};

export type ColumnKind = keyof typeof decoders;
type Decoded<K extends ColumnKind> = ReturnType<(typeof decoders)[K]>;

/** A field's kind, read from the snake_case of its name, or `[column, kind]` for another column. */
export type RowSpec = Record<string, ColumnKind | readonly [column: string, kind: ColumnKind]>;

export type RowOf<S extends RowSpec> = {
  -readonly [F in keyof S]: S[F] extends readonly [string, infer K extends ColumnKind]
    ? Decoded<K>
    : S[F] extends ColumnKind
      ? Decoded<S[F]>
      : never;
};

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * `const toEntry = rowMapper({ id: "text", bestAttemptId: "text", achievedAt: "date" })` reads
 * `id`, `best_attempt_id` and `achieved_at` from a raw row and returns `{ id, bestAttemptId, achievedAt }`.
 */
export function rowMapper<const S extends RowSpec>(spec: S): (row: Record<string, unknown>) => RowOf<S> {
  const fields = Object.entries(spec).map(([field, kind]) => {
    const [column, k] = typeof kind === "string" ? [snake(field), kind] : kind;
    return [field, column, decoders[k]] as const;
  });
  return (row) => {
    const out: Record<string, unknown> = {};
    for (const [field, column, decode] of fields) out[field] = decode(row[column]);
    return out as RowOf<S>;
  };
}

/** The columns a mapper reads, for a SELECT list (`SELECT ${columnsOf(spec)} FROM …`). */
export const columnsOf = (spec: RowSpec, alias = ""): string =>
  Object.entries(spec)
    .map(([field, kind]) => `${alias}${typeof kind === "string" ? snake(field) : kind[0]}`)
    .join(", ");
