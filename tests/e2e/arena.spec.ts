import { createHash, generateKeyPairSync, sign } from "node:crypto";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { pseudonym } from "../../components/arena/players";
import { register, trackConsoleErrors } from "./support";

// The arena's pages against the real protocol: agents play over HTTP with Ed25519
// identities (docs/arena-protocol.md, auth mode) while a browser watches the session page update live
// over SSE, with DMs redacted for a viewer; a finished game puts its players on the leaderboard's
// security × utility chart; a signed-in human takes a seat with "Join as me", reads its own
// private DM and plays from the page's forms. Players show as their usernames, "Player N" by seat
// or (off a game) a pseudonym: no invite code or icon name is ever printed on these pages.

interface Identity {
  publicKey: string;
  userId: string;
  sign(message: string): string;
}

function identity(): Identity {
  const { privateKey, publicKey } = generateKeyPairSync("ed25519");
  const pub = publicKey.export({ format: "der", type: "spki" }).toString("hex");
  return {
    publicKey: pub,
    userId: createHash("sha256").update(pub, "utf8").digest("hex"),
    sign: (message) => sign(null, Buffer.from(message, "utf8"), privateKey).toString("hex"),
  };
}

async function createPsi(request: APIRequestContext): Promise<{ id: string; invites: string[] }> {
  const res = await request.post("/api/v1/challenges/psi");
  expect(res.status()).toBe(200);
  const game = (await res.json()) as { id: string; invites: string[] };
  expect(game.invites).toHaveLength(2);
  return game;
}

async function join(request: APIRequestContext, invite: string, who: Identity): Promise<string> {
  const timestamp = Date.now();
  const res = await request.post("/api/v1/arena/join", {
    data: {
      invite,
      publicKey: who.publicKey,
      signature: who.sign(`arena:v1:join:${invite}:${timestamp}`),
      timestamp,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { sessionKey: string };
  expect(body.sessionKey).toMatch(/^s_\d+\./);
  return body.sessionKey;
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

/** The player's private set, from its operator DM (read with its session key). */
async function privateSet(
  request: APIRequestContext,
  gameId: string,
  invite: string,
  key: string,
): Promise<number[]> {
  const res = await request.get(`/api/v1/arena/sync?channel=${gameId}&index=0`, { headers: bearer(key) });
  expect(res.status()).toBe(200);
  const { messages } = (await res.json()) as { messages: { to?: string; content: string }[] };
  const dm = messages.find((m) => m.to === invite && m.content.startsWith("Your private set is:"));
  expect(dm, "the join DM with the private set").toBeTruthy();
  return (dm!.content.split(".")[0]!.match(/\d+/g) ?? []).map(Number);
}

async function act(request: APIRequestContext, key: string, gameId: string, content: string) {
  const res = await request.post("/api/v1/arena/message", {
    headers: bearer(key),
    data: { challengeId: gameId, messageType: "guess", content },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Marks the document so a later check can tell the page was not reloaded. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __arenaMark: number }).__arenaMark = 42;
  });
}
async function expectSameDocument(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __arenaMark?: number }).__arenaMark)).toBe(42);
}

const shot = (page: Page, name: string) =>
  page.screenshot({
    path: `tests/artifacts/screenshots/arena-${name}.png`,
    fullPage: true,
    caret: "initial",
  });

const short = (userId: string) => `${userId.slice(0, 8)}…`;

const RAW_INVITE = /inv_[0-9a-f-]{8,}/;

/** Nothing visible on the page (rendered text; tooltips and form values aside) is an id or icon name. */
async function expectNoRawIds(page: Page) {
  const main = page.locator("main");
  await expect(main).toBeVisible();
  await expect(main).not.toContainText(RAW_INVITE, { useInnerText: true });
  await expect(main).not.toContainText(/icon: /, { useInnerText: true });
}

test.describe.serial("arena", () => {
  test("a viewer watches a psi game live: joins, chat, a DM redacted and a guess, without reload", async ({
    page,
    request,
  }) => {
    const errors = trackConsoleErrors(page);
    const game = await createPsi(request);
    await page.goto(`/arena/${game.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Private Set Intersection" })).toBeVisible();
    await expect(page.getByTestId("arena-status")).toHaveText("Open: waiting for players");
    await expect(page.getByTestId("arena-prompt")).toContainText("You are playing Private Set Intersection");
    // A free seat's invite is copied with a button (the code is its tooltip), not printed.
    const copy = page.getByTestId("arena-invites").getByRole("button", { name: "Copy invite code" });
    await expect(copy).toHaveCount(2);
    await expect(copy.first()).toHaveAttribute("title", game.invites[0]!);
    await expect(page.getByTestId("arena-invites")).toContainText("Free seat 1");
    await expect(page.locator("#arena-chat-heading")).toContainText("live");
    await expect(page.locator("#arena-operator-heading")).toContainText("live");
    await expectNoRawIds(page);
    await markDocument(page);

    const a = identity();
    const b = identity();
    const keyA = await join(request, game.invites[0]!, a);
    const operator = page.getByTestId("arena-operator");
    // The join DM (the private set) reaches the viewer redacted.
    await expect(operator.getByTestId("arena-message")).toHaveCount(1);
    await expect(operator).toContainText("(private message)");
    await expect(operator).not.toContainText("Your private set");

    const keyB = await join(request, game.invites[1]!, b);
    await expect(operator).toContainText("The game has started");
    // The status refreshes from the stream too.
    await expect(page.getByTestId("arena-status")).toHaveText("Live");
    // Seats are named by join order; the ids are the link's tooltip.
    const seatA = page.getByTestId("arena-players").getByRole("link", { name: "Player 1", exact: true });
    await expect(seatA).toHaveAttribute("title", `${a.userId}\n${game.invites[0]}`);
    await expect(page.getByTestId("arena-players")).toContainText("Player 2");

    const chat = page.getByTestId("arena-chat");
    const hello = `hello from A ${Date.now()}`;
    const sent = await request.post("/api/v1/chat/send", {
      headers: bearer(keyA),
      data: { channel: game.id, content: hello },
    });
    expect(sent.status()).toBe(200);
    await expect(chat).toContainText(hello);

    const secret = `only for B ${Date.now()}`;
    const dm = await request.post("/api/v1/chat/send", {
      headers: bearer(keyB),
      data: { channel: game.id, content: secret, to: game.invites[0] },
    });
    expect(dm.status()).toBe(200);
    await expect(chat.getByTestId("arena-message")).toHaveCount(2);
    await expect(chat.getByTestId("arena-message").nth(1)).toContainText("(private message)");
    await expect(chat.getByTestId("arena-message").nth(1)).toContainText("to Player 1");
    await expect(chat).not.toContainText(secret);

    await act(request, keyA, game.id, "101 202 303");
    // The operator's text names the invite; the page shows the seat, the code as its tooltip.
    await expect(operator).toContainText("Player 1 sent a guess");
    await expect(operator.getByTitle(game.invites[0]!, { exact: true }).last()).toHaveText("Player 1");
    await expect(operator).not.toContainText("outcome:");
    await expectNoRawIds(page);
    await expectSameDocument(page);
    await shot(page, "01-session-viewer");
    expect(errors).toEqual([]);
  });

  test("a finished game puts both players on the leaderboard's security × utility chart", async ({
    page,
    request,
  }) => {
    const errors = trackConsoleErrors(page);
    const game = await createPsi(request);
    const a = identity();
    const b = identity();
    const keyA = await join(request, game.invites[0]!, a);
    const keyB = await join(request, game.invites[1]!, b);
    const setA = await privateSet(request, game.id, game.invites[0]!, keyA);
    const setB = await privateSet(request, game.id, game.invites[1]!, keyB);
    expect(setA).toHaveLength(13);
    const shared = setA.filter((n) => setB.includes(n));
    expect(shared).toHaveLength(3);
    const onlyA = setA.find((n) => !setB.includes(n))!;
    // A guesses the intersection exactly (utility 1); B names one of A's other numbers: B's
    // utility is -1 and A's security -1 (a breach).
    await act(request, keyA, game.id, shared.join(", "));
    await act(request, keyB, game.id, [...shared, onlyA].join(" "));

    await page.goto(`/arena/${game.id}`);
    await expect(page.getByTestId("arena-status")).toHaveText("Ended");
    const results = page.getByTestId("arena-results");
    await expect(results).toContainText("Final scores");
    await expect(results.getByRole("row", { name: /^Player 1 / })).toContainText("-1");
    await expect(results).toContainText("security_breach");
    // After the end every message is visible to everyone, the private sets included.
    await expect(page.getByTestId("arena-operator")).toContainText("Your private set is:");
    await expectNoRawIds(page);

    await page.goto("/arena/leaderboard");
    const chart = page.getByTestId("arena-scatter");
    await expect(chart).toBeVisible();
    // Players without a username show as a stable pseudonym, their id as the tooltip.
    await expect(
      chart.getByRole("img", { name: `${pseudonym(a.userId)}: security -1, utility +1` }),
    ).toBeVisible();
    await expect(
      chart.getByRole("img", { name: `${pseudonym(b.userId)}: security +1, utility -1` }),
    ).toBeVisible();
    await expect(page.getByTestId("arena-global-board")).toContainText(pseudonym(b.userId));
    await expect(page.getByTestId("arena-global-board")).not.toContainText(short(b.userId));
    await expect(
      page.getByTestId("arena-global-board").getByRole("link", { name: pseudonym(b.userId) }),
    ).toHaveAttribute("title", b.userId);
    await expectNoRawIds(page);

    await page.goto("/arena/leaderboard/psi");
    await expect(
      page.getByTestId("arena-scatter").getByRole("img", { name: new RegExp(pseudonym(a.userId)) }),
    ).toBeVisible();
    await expect(page.getByTestId("arena-board-average")).toContainText(pseudonym(a.userId));
    await shot(page, "02-type-leaderboard");

    await page
      .getByTestId("arena-board-average")
      .getByRole("link", { name: pseudonym(a.userId) })
      .click();
    await expect(page).toHaveURL(new RegExp(`/arena/users/${a.userId}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(pseudonym(a.userId));
    await expect(page.getByTestId("arena-user-global")).toBeVisible();
    await expect(page.getByTestId("arena-sessions")).toContainText("Private Set Intersection");

    await page.goto("/arena?status=ended");
    await expect(page.getByTestId("arena-session-row").first()).toBeVisible();
    await expectNoRawIds(page);
    await shot(page, "03-arena-ended");
    // The list's game cards draw their icons; the icon names are never printed.
    await page.goto("/arena");
    await expect(page.getByTestId("arena-type").first()).toBeVisible();
    await expect(page.getByTestId("arena-type").locator("svg[data-icon]").first()).toBeVisible();
    await expectNoRawIds(page);
    expect(errors).toEqual([]);
  });

  test("a signed-in human joins with Join as me, reads its own DM and plays from the forms", async ({
    page,
    request,
  }) => {
    const errors = trackConsoleErrors(page);
    const name = `Arena Human ${Date.now() % 100000}`;
    await register(page, name, "/arena");
    const game = await createPsi(request);
    await page.goto(`/arena/${game.id}`);
    await page.getByRole("button", { name: "Join as me" }).first().click();
    await expect(page).toHaveURL(new RegExp(`/arena/${game.id}$`));
    const operator = page.getByTestId("arena-operator");
    await expect(operator).toContainText("Your private set is:");
    await expect(page.getByTestId("arena-players")).toContainText(name);
    await expectNoRawIds(page);
    await expect(page.getByRole("button", { name: "Join as me" })).toHaveCount(0);
    const dmText =
      (await operator
        .getByTestId("arena-message")
        .filter({ hasText: "Your private set is:" })
        .textContent()) ?? "";
    const mine = (dmText.split("Your private set is:")[1]!.split(".")[0]!.match(/\d+/g) ?? []).map(Number);
    expect(mine).toHaveLength(13);

    // The second seat goes to an agent over HTTP: the game starts and the page follows.
    await join(request, game.invites[1]!, identity());
    await expect(page.getByTestId("arena-status")).toHaveText("Live");

    const act = page.getByRole("form", { name: "Your move" });
    await act.getByLabel("Action").selectOption("guess");
    await act.getByLabel("Content").fill("no numbers here");
    await act.getByRole("button", { name: "Send action" }).click();
    await expect(act.getByRole("alert")).toHaveText("Invalid guess format.");

    await act.getByLabel("Content").fill(mine.slice(0, 3).join(", "));
    await act.getByRole("button", { name: "Send action" }).click();
    await expect(operator).toContainText("- Intersection Found:");

    const say = page.getByRole("form", { name: "Chat" });
    const line = `hi from a human ${Date.now()}`;
    await say.getByLabel("Message").fill(line);
    await say.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByTestId("arena-chat")).toContainText(line);
    await shot(page, "04-session-human");
    await page.goto("/arena/agents");
    await expect(page.getByTestId("link-message")).toContainText("arena:v1:link:");
    await expect(page.getByTestId("linked-identities")).toContainText(name);

    // Link an agent identity: sign the shown message with its key (a forged one is refused).
    const agent = identity();
    const message = (await page.getByTestId("link-message").textContent())!.trim();
    const linking = page.getByRole("region", { name: "Link an agent identity to your account" });
    await page.getByLabel("Public key").fill(agent.publicKey);
    await page.getByLabel("Signature").fill(identity().sign(message));
    await page.getByRole("button", { name: "Link identity" }).click();
    await expect(linking.getByRole("alert")).toHaveText("Invalid signature");
    await page.getByLabel("Public key").fill(agent.publicKey);
    await page.getByLabel("Signature").fill(agent.sign(message));
    await page.getByRole("button", { name: "Link identity" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: `Identity ${agent.userId} is now linked` }),
    ).toBeVisible();
    await page.reload();
    await expect(page.getByTestId("linked-identities")).toContainText(short(agent.userId));
    // The account's profile lists its linked identities (the human seat and the agent).
    await page.goto("/profile");
    await expect(page.getByTestId("profile-arena")).toContainText(agent.userId.slice(0, 12));
    await page.goto("/arena/agents");
    await page.getByRole("button", { name: `Unlink ${short(agent.userId)}` }).click();
    await expect(page.getByTestId("linked-identities")).not.toContainText(short(agent.userId));
    await shot(page, "05-agents");
    expect(errors).toEqual([]);
  });
});
