import { redirect } from "next/navigation";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { runAction } from "@/lib/api/action";
import { AppError, rateLimited } from "@/lib/errors";

const opts = {
  name: "test action",
  messages: () => Promise.resolve({ invalid: "Fix the fields", failed: "Something failed" }),
};

describe("runAction", () => {
  it("hands back what a successful action returns", async () => {
    const state = await runAction(opts, () => Promise.resolve({ message: "Saved", data: { id: 1 } }));
    expect(state).toMatchObject({ status: "success", message: "Saved", data: { id: 1 } });
    expect(typeof state.at).toBe("number");
  });

  it.each([
    {
      name: "a zod error: field errors by form field, deeper paths kept in the message",
      error: z
        .object({ name: z.string().min(2, "too short"), theme: z.object({ bg: z.string() }) })
        .safeParse({ name: "a", theme: { bg: 1 } }).error,
      expected: {
        code: "validation_failed",
        message: "Fix the fields",
        fieldErrors: { name: ["too short"], theme: [expect.stringMatching(/^bg: /)] },
      },
    },
    {
      name: "a refusal: its code, message and issues",
      error: new AppError("validation_failed", "theme.position: bad", {
        details: { issues: [{ path: "theme.position", message: "bad" }] },
      }),
      expected: {
        code: "validation_failed",
        message: "theme.position: bad",
        fieldErrors: { theme: ["bad"] },
      },
    },
    {
      name: "a conflict",
      error: new AppError("conflict", "Already exists"),
      expected: { code: "conflict", message: "Already exists" },
    },
    {
      name: "a database error, translated as route() does",
      error: Object.assign(new Error("unique"), {
        code: "P2002",
        meta: { modelName: "Workspace", target: ["slug"] },
      }),
      expected: { code: "conflict", message: "A Workspace with this slug already exists" },
    },
    {
      name: "anything else: the generic message, never the error's",
      error: new Error("connection string with a password"),
      expected: { code: "internal", message: "Something failed" },
    },
  ])("answers $name", async ({ error, expected }) => {
    const state = await runAction(opts, () => Promise.reject(error as Error));
    expect(state).toMatchObject({ status: "error", ...expected });
  });

  it("uses the action's own rate-limit message", async () => {
    const state = await runAction(
      {
        ...opts,
        messages: () => Promise.resolve({ failed: "x", rateLimited: (s: number) => `Wait ${s} s` }),
      },
      () => Promise.reject(rateLimited(12)),
    );
    expect(state).toMatchObject({ status: "error", code: "rate_limited", message: "Wait 12 s" });
  });

  it("echoes what was submitted on error, never write-only fields", async () => {
    const formData = new FormData();
    formData.set("name", "Alpha");
    formData.set("password", "hunter2");
    formData.set("api_key", "sk-1");
    const state = await runAction({ ...opts, formData }, () =>
      Promise.reject(new AppError("conflict", "Taken")),
    );
    expect(state.values).toEqual({ name: "Alpha" });
  });

  it("maps validation paths to the form's field names", async () => {
    const error = z
      .object({ new_password: z.string().min(8, "too short") })
      .safeParse({ new_password: "x" }).error;
    const state = await runAction(
      { ...opts, fieldOf: (p) => (p === "new_password" ? "newPassword" : p) },
      () => Promise.reject(error as Error),
    );
    expect(state.fieldErrors).toEqual({ newPassword: ["too short"] });
  });

  it("lets redirects through", async () => {
    await expect(runAction(opts, () => Promise.resolve(redirect("/elsewhere")))).rejects.toThrow(
      "NEXT_REDIRECT",
    );
  });
});
