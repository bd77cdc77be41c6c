// Wrong password claims are limited per client address (across accounts), per challenge and
// client address, and slow an account down as they grow (lib/services/attempts/claim-limits.ts),
// so that guessing speed does not grow with the number of accounts. "Waiting" is simulated by
// moving the claims back in time (slowdown) or forgetting the address's minute counter: no test
// here depends on the clock.
import { describe, expect, it } from "vitest";
import { POST as claimRoute } from "@/app/web/api/challenges/[id]/claims/route";
import { createSessionToken } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { createLimiter } from "@/lib/rate-limit";
import { CLAIM_PROMPT } from "@/lib/services/attempts/secret-claims";
import { claimSlowdownSeconds } from "@/lib/services/attempts/claim-limits";
import { makeAccount, makePlayableChallenge } from "@/tests/helpers/factories";
import { call, freshIp } from "@/tests/helpers/route";
import { formatWait } from "@/lib/time/wait";

const SECRET = "AmberFalcon417";
// The wait in words a person reads, as every 429 message gives it (lib/time/wait.ts).
const MESSAGE = /^Too many wrong claims\. Try again in \d+ (?:seconds?|minutes?|hours?(?: \d+ minutes?)?)\.$/;

async function player() {
  const account = await makeAccount();
  return { account, bearer: await createSessionToken(account) };
}

function claimCall(challengeId: string, bearer: string | null, secret: string, ip: string) {
  return call(claimRoute, {
    method: "POST",
    params: { id: challengeId },
    path: `/web/api/challenges/${challengeId}/claims`,
    body: { secret },
    ...(bearer ? { bearer } : {}),
    ip,
  });
}

const claimable = () => makePlayableChallenge({ allowSecretClaims: true }, { secret: SECRET });

/** The address's per-minute counter, as if its minute had passed (same store and name as the app's). */
const addressMinute = createLimiter({ name: "wrong-claims-address", points: 1, durationSec: 60 });

/** Moves an account's claims on a challenge `seconds` into the past, as if it had waited. */
async function wait(challengeId: string, accountId: string, seconds: number) {
  const rows = await db.challengeAttempt.findMany({
    where: { challengeId, accountId, prompt: CLAIM_PROMPT },
    select: { id: true, createdAt: true },
  });
  for (const r of rows) {
    await db.challengeAttempt.update({
      where: { id: r.id },
      data: { createdAt: new Date(r.createdAt.getTime() - seconds * 1000) },
    });
  }
}

function expectWrongClaimsLimited(res: Awaited<ReturnType<typeof claimCall>>, reason: string) {
  expect(res.status, res.text).toBe(429);
  expect(res.json.error).toMatchObject({ code: "rate_limited", details: { reason } });
  expect(res.json.error.message).toMatch(MESSAGE);
  const retry = Number(res.headers.get("retry-after"));
  expect(retry).toBeGreaterThanOrEqual(1);
  // The message says the same wait as Retry-After, in words.
  expect(res.json.error.message).toContain(`in ${formatWait(retry)}.`);
}

describe("wrong password claims", () => {
  it("has defaults that leave an honest player alone", () => {
    expect(env.CLAIM_WRONG_PER_ADDRESS_PER_MINUTE).toBe(10);
    expect(env.CLAIM_WRONG_PER_CHALLENGE_ADDRESS_PER_HOUR).toBe(30);
    expect([4, 5, 6, 7, 8].map(claimSlowdownSeconds)).toEqual([0, 5, 10, 20, 40]);
    expect(claimSlowdownSeconds(1000)).toBe(3600);
  });

  it("ten accounts from one address share its limit; another address is unaffected", async () => {
    const challenge = await claimable();
    const ip = freshIp();
    const players = await Promise.all(Array.from({ length: 10 }, () => player()));
    // Three wrong claims each, all at once: 30 guesses against a limit of 10 a minute.
    const results = await Promise.all(
      players.flatMap((p, i) =>
        [0, 1, 2].map((k) => claimCall(challenge.id, p.bearer, `guess-${i}-${k}`, ip)),
      ),
    );
    const accepted = results.filter((r) => r.status === 201);
    expect(accepted).toHaveLength(10);
    expect(accepted.every((r) => r.json.succeeded === false)).toBe(true);
    for (const r of results.filter((x) => x.status !== 201))
      expectWrongClaimsLimited(r, "wrong_claims_address");
    expect(await db.challengeAttempt.count({ where: { challengeId: challenge.id } })).toBe(10);

    // Over the limit even the right password is refused: the answer must not depend on the guess.
    expectWrongClaimsLimited(
      await claimCall(challenge.id, players[0]!.bearer, SECRET, ip),
      "wrong_claims_address",
    );
    // Nor does another challenge or a new account help from that address.
    const other = await claimable();
    const fresh = await player();
    expectWrongClaimsLimited(await claimCall(other.id, fresh.bearer, "guess", ip), "wrong_claims_address");

    // Another address: the same accounts claim as usual, and the right claim wins.
    const elsewhere = freshIp();
    expect((await claimCall(challenge.id, players[1]!.bearer, "guess-again", elsewhere)).status).toBe(201);
    const right = await claimCall(challenge.id, players[0]!.bearer, SECRET, elsewhere);
    expect(right.status).toBe(201);
    expect(right.json.succeeded).toBe(true);
  });

  it("a right claim gives its point back", async () => {
    const challenge = await claimable();
    const ip = freshIp();
    const players = await Promise.all(Array.from({ length: 3 }, () => player()));
    for (let i = 0; i < 9; i++) {
      expect((await claimCall(challenge.id, players[i % 3]!.bearer, `nope-${i}`, ip)).status).toBe(201);
    }
    expect((await claimCall(challenge.id, players[0]!.bearer, SECRET, ip)).json.succeeded).toBe(true);
    // The tenth wrong claim of the minute still fits, the eleventh does not.
    expect((await claimCall(challenge.id, players[1]!.bearer, "nope-9", ip)).status).toBe(201);
    expectWrongClaimsLimited(
      await claimCall(challenge.id, players[2]!.bearer, "nope-10", ip),
      "wrong_claims_address",
    );
  });

  it("limits one address on one challenge per hour, however many minutes it waits", async () => {
    const challenge = await claimable();
    const ip = freshIp();
    let n = 0;
    for (let minute = 0; minute < 3; minute++) {
      // New accounts each minute, five claims each: no account is slowed down.
      const players = await Promise.all([player(), player()]);
      for (let i = 0; i < 10; i++) {
        const res = await claimCall(challenge.id, players[i % 2]!.bearer, `try-${n++}`, ip);
        expect(res.status, res.text).toBe(201);
      }
      await addressMinute.reset(ip);
    }
    const late = await player();
    expectWrongClaimsLimited(
      await claimCall(challenge.id, late.bearer, "try-31", ip),
      "wrong_claims_challenge_address",
    );
    // The address may still claim elsewhere.
    const other = await claimable();
    expect((await claimCall(other.id, late.bearer, "try-32", ip)).status).toBe(201);
  });

  it("slows an account down as its wrong claims grow, and a right claim after waiting wins", async () => {
    const challenge = await claimable();
    const { account, bearer } = await player();
    // A new address for every claim: only the account's own slowdown applies.
    for (let i = 0; i < 5; i++)
      expect((await claimCall(challenge.id, bearer, `wrong-${i}`, freshIp())).status).toBe(201);

    const slowed = await claimCall(challenge.id, bearer, `wrong-5`, freshIp());
    expectWrongClaimsLimited(slowed, "wrong_claims_slowdown");
    expect(Number(slowed.headers.get("retry-after"))).toBeLessThanOrEqual(5);
    // The right password is refused as well while the account waits (no oracle), and not counted.
    expectWrongClaimsLimited(
      await claimCall(challenge.id, bearer, SECRET, freshIp()),
      "wrong_claims_slowdown",
    );
    expect(await db.challengeAttempt.count({ where: { challengeId: challenge.id } })).toBe(5);

    await wait(challenge.id, account.id, 6);
    expect((await claimCall(challenge.id, bearer, "wrong-5", freshIp())).json.succeeded).toBe(false);
    // Six wrong claims: the wait doubled to 10 s, so 6 s is not enough any more.
    expectWrongClaimsLimited(
      await claimCall(challenge.id, bearer, "wrong-6", freshIp()),
      "wrong_claims_slowdown",
    );
    await wait(challenge.id, account.id, 6);
    expectWrongClaimsLimited(
      await claimCall(challenge.id, bearer, SECRET, freshIp()),
      "wrong_claims_slowdown",
    );
    await wait(challenge.id, account.id, 5);
    const right = await claimCall(challenge.id, bearer, SECRET, freshIp());
    expect(right.status, right.text).toBe(201);
    expect(right.json).toMatchObject({ succeeded: true, revealed_secret: SECRET });

    // Another account on the same challenge is not slowed down by the first one's guesses.
    const other = await player();
    expect((await claimCall(challenge.id, other.bearer, "wrong", freshIp())).status).toBe(201);
  });

  it("takes no claims from guests (they sign in to claim)", async () => {
    const challenge = await makePlayableChallenge(
      { allowSecretClaims: true, allowGuests: true },
      { secret: SECRET },
    );
    const res = await claimCall(challenge.id, null, SECRET, freshIp());
    expect(res.status).toBe(401);
    expect(await db.challengeAttempt.count({ where: { challengeId: challenge.id } })).toBe(0);
  });
});
