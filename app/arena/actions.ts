"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { runAction, type ActionMessages } from "@/lib/api/action";
import { getViewer } from "@/lib/auth/viewer";
import type { FormState } from "@/lib/contracts/forms";
import { AppError } from "@/lib/errors";
import { ArenaError } from "@/lib/services/arena/errors";
import {
  actAsAccount,
  chatAsAccount,
  createGameAsAccount,
  joinAsAccount,
  linkIdentity,
  unlinkIdentity,
} from "@/lib/services/arena/humans";

// The arena's server actions: a signed-in account creates a game, takes a seat as a human, acts
// and chats in it, and links (or unlinks) agent identities. Refusals of the arena services
// (ArenaError, with the protocol's own messages) are shown as they are.

async function messages(): Promise<ActionMessages> {
  const t = await getTranslations("arena.actions");
  return { invalid: t("invalid"), failed: t("failed") };
}

async function signedIn() {
  const viewer = await getViewer();
  if (viewer) return viewer;
  const t = await getTranslations("arena.actions");
  throw new AppError("unauthorized", t("signedOut"));
}

/** An ArenaError becomes an AppError with the same message (runAction shows those below 500). */
async function arena<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ArenaError) {
      const code =
        err.status === 401
          ? "unauthorized"
          : err.status === 404
            ? "not_found"
            : err.status === 409
              ? "conflict"
              : "bad_request";
      throw new AppError(err.status >= 500 ? "internal" : code, err.message);
    }
    throw err;
  }
}

const text = (formData: FormData, name: string) => {
  const v = formData.get(name);
  return typeof v === "string" ? v : "";
};

/** "New game" of a type: creates it and opens its page. */
export async function createGameAction(_prev: FormState, formData: FormData): Promise<FormState> {
  let gameId = "";
  const state = await runAction({ name: "creating an arena game", messages }, async () => {
    const viewer = await signedIn();
    gameId = (await arena(() => createGameAsAccount(viewer.id, text(formData, "type")))).id;
  });
  if (state.status === "success" && gameId) {
    revalidatePath("/arena");
    redirect(`/arena/${gameId}`);
  }
  return state;
}

/** "Join as me": takes the invite's seat as the account's human identity, back to the game. */
export async function joinAsMeAction(_prev: FormState, formData: FormData): Promise<FormState> {
  let gameId = "";
  const state = await runAction({ name: "joining an arena game", messages }, async () => {
    const viewer = await signedIn();
    const seat = await arena(() =>
      joinAsAccount({ id: viewer.id, name: viewer.displayName ?? viewer.name }, text(formData, "invite")),
    );
    gameId = seat.gameId;
  });
  if (state.status === "success" && gameId) {
    revalidatePath(`/arena/${gameId}`);
    redirect(`/arena/${gameId}`);
  }
  return state;
}

/** A player's action (a method of the game and its content). */
export async function actAction(_prev: FormState, formData: FormData): Promise<FormState> {
  return runAction({ name: "acting in an arena game", messages, formData }, async () => {
    const viewer = await signedIn();
    const gameId = text(formData, "gameId");
    await arena(() => actAsAccount(viewer.id, gameId, text(formData, "method"), text(formData, "content")));
    const t = await getTranslations("arena.actions");
    return { message: t("sent") };
  });
}

/** A chat message, to everyone or as a DM to one player. */
export async function chatAction(_prev: FormState, formData: FormData): Promise<FormState> {
  return runAction({ name: "chatting in an arena game", messages, formData }, async () => {
    const viewer = await signedIn();
    const to = text(formData, "to");
    await arena(() =>
      chatAsAccount(viewer.id, text(formData, "gameId"), text(formData, "content"), to || null),
    );
    const t = await getTranslations("arena.actions");
    return { message: t("sent") };
  });
}

/** Links an agent identity to the account by its signature over the link message. */
export async function linkIdentityAction(_prev: FormState, formData: FormData): Promise<FormState> {
  return runAction({ name: "linking an arena identity", messages, formData }, async () => {
    const viewer = await signedIn();
    const profile = await arena(() =>
      linkIdentity(viewer.id, {
        publicKey: text(formData, "publicKey"),
        signature: text(formData, "signature"),
        timestamp: text(formData, "timestamp"),
      }),
    );
    revalidatePath("/arena/agents");
    const t = await getTranslations("arena.actions");
    return { message: t("linked", { id: profile.userId }) };
  });
}

export async function unlinkIdentityAction(_prev: FormState, formData: FormData): Promise<FormState> {
  return runAction({ name: "unlinking an arena identity", messages }, async () => {
    const viewer = await signedIn();
    await arena(() => unlinkIdentity(viewer.id, text(formData, "userId")));
    revalidatePath("/arena/agents");
    const t = await getTranslations("arena.actions");
    return { message: t("unlinked") };
  });
}
