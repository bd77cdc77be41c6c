import "server-only";
import { notFound } from "next/navigation";
import { AppError } from "@/lib/errors";

/** A service read for a page: a not_found AppError becomes the 404 page. */
export async function orNotFound<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") notFound();
    throw err;
  }
}
