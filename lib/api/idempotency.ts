import { AppError } from "@/lib/errors";
import { idempotencyKeySchema } from "@/lib/contracts/attempts";

/**
 * The request's idempotency key: the `Idempotency-Key` header, or `bodyKey` (an attempt's
 * `idempotency_key`) when there is no header. A malformed header, or a header and a body key that
 * differ, is a 422. Used by the attempt and red/blue submit routes.
 */
export function idempotencyKeyFrom(header: string | null, bodyKey?: string): string | undefined {
  if (header === null) return bodyKey;
  const parsed = idempotencyKeySchema.safeParse(header);
  if (!parsed.success) {
    throw new AppError(
      "validation_failed",
      `Invalid Idempotency-Key header: ${parsed.error.issues[0]?.message ?? "invalid"}`,
    );
  }
  if (bodyKey !== undefined && bodyKey !== parsed.data) {
    throw new AppError(
      "validation_failed",
      "The Idempotency-Key header and idempotency_key in the body differ",
    );
  }
  return parsed.data;
}
