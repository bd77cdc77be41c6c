import { z } from "zod";

const first = (v: unknown): unknown => (Array.isArray(v) ? (v as unknown[])[0] : v);

/** A list filter read from the URL: a repeated key counts once, anything unrecognised as unset. */
export function urlFilter<T extends z.ZodType>(schema: T) {
  return z.preprocess(first, schema.optional().catch(undefined));
}

/** The `page` of a paged list, 1 to `max`. */
export const urlPage = (max: number) => urlFilter(z.coerce.number().int().min(1).max(max));
