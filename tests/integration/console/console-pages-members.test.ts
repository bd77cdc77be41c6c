import { beforeAll, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { addMember, changeMemberRole, listMembers, removeMember } from "@/lib/services/members";
import { createWorkspace } from "@/lib/services/workspaces";
import { makeAccount } from "@/tests/helpers/factories";

async function expectAppError(promise: Promise<unknown>, code: string, message?: RegExp) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).code).toBe(code);
  if (message) expect((err as AppError).message).toMatch(message);
}

let ws: { id: string };
let other: { id: string };
let owner: { id: string; email: string };

beforeAll(async () => {
  owner = await makeAccount({ name: "Olivia Owner" });
  ws = await createWorkspace(owner.id, "Members test");
  other = await createWorkspace((await makeAccount()).id, "Someone else's");
});

describe("workspace members", () => {
  it("lists the creator as owner", async () => {
    const list = await listMembers(ws.id);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ accountId: owner.id, email: owner.email, name: "Olivia Owner", role: "owner" });
  });

  it("adds an existing account by email (case and spaces ignored) with the chosen role", async () => {
    const person = await makeAccount({ name: "Ed Editor" });
    const added = await addMember(ws.id, { email: `  ${person.email.toUpperCase()} `, role: "editor" });
    expect(added).toMatchObject({ accountId: person.id, role: "editor", email: person.email });
    const list = await listMembers(ws.id);
    expect(list.map((m) => m.role)).toEqual(["owner", "editor"]);
  });

  it("refuses unknown emails, duplicates, banned accounts and bad input without changing anything", async () => {
    const before = await db.membership.count({ where: { workspaceId: ws.id } });
    await expectAppError(addMember(ws.id, { email: "nobody-here@example.test", role: "editor" }), "not_found", /register first/);
    await expectAppError(addMember(ws.id, { email: owner.email, role: "admin" }), "conflict", /already a member/);
    const banned = await makeAccount({ status: "banned" });
    await expectAppError(addMember(ws.id, { email: banned.email, role: "editor" }), "not_found");
    const someone = await makeAccount();
    await expect(addMember(ws.id, { email: someone.email, role: "owner" as "admin" })).rejects.toBeInstanceOf(ZodError);
    await expect(addMember(ws.id, { email: "not-an-email", role: "editor" })).rejects.toBeInstanceOf(ZodError);
    expect(await db.membership.count({ where: { workspaceId: ws.id } })).toBe(before);
  });

  it("changes a member's role but never the owner's, and never to owner", async () => {
    const person = await makeAccount();
    const m = await addMember(ws.id, { email: person.email, role: "editor" });
    expect((await changeMemberRole(ws.id, m.id, { role: "admin" })).role).toBe("admin");
    expect((await db.membership.findUniqueOrThrow({ where: { id: m.id } })).role).toBe("admin");
    await expect(changeMemberRole(ws.id, m.id, { role: "owner" as "admin" })).rejects.toBeInstanceOf(ZodError);

    const ownerRow = (await listMembers(ws.id)).find((x) => x.role === "owner")!;
    await expectAppError(changeMemberRole(ws.id, ownerRow.id, { role: "editor" }), "forbidden", /owner/);
    expect((await db.membership.findUniqueOrThrow({ where: { id: ownerRow.id } })).role).toBe("owner");
  });

  it("removes members but never the owner", async () => {
    const person = await makeAccount();
    const m = await addMember(ws.id, { email: person.email, role: "admin" });
    const removed = await removeMember(ws.id, m.id);
    expect(removed.accountId).toBe(person.id);
    expect(await db.membership.count({ where: { id: m.id } })).toBe(0);
    await expectAppError(removeMember(ws.id, m.id), "not_found");

    const ownerRow = (await listMembers(ws.id)).find((x) => x.role === "owner")!;
    await expectAppError(removeMember(ws.id, ownerRow.id), "forbidden", /owner/);
    expect(await db.membership.count({ where: { id: ownerRow.id } })).toBe(1);
  });

  it("treats another workspace's memberships as not found", async () => {
    const theirs = (await listMembers(other.id))[0]!;
    const person = await makeAccount();
    const mine = await addMember(ws.id, { email: person.email, role: "editor" });
    await expectAppError(changeMemberRole(ws.id, theirs.id, { role: "admin" }), "not_found");
    await expectAppError(removeMember(ws.id, theirs.id), "not_found");
    await expectAppError(changeMemberRole(other.id, mine.id, { role: "admin" }), "not_found");
    await expectAppError(removeMember(other.id, mine.id), "not_found");
    expect((await db.membership.findUniqueOrThrow({ where: { id: theirs.id } })).role).toBe("owner");
    expect((await db.membership.findUniqueOrThrow({ where: { id: mine.id } })).role).toBe("editor");
  });
});
