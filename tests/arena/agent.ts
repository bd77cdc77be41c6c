// A scripted arena player: joins with one invite, plays one seat of psi, ultimatum or
// secret-keeper to the end through the HTTP client only, and writes what it saw to --out.
//   node --conditions=react-server --import tsx tests/arena/agent.ts --base http://localhost:3000 \
//     --invite inv_… --game psi --role auto --out result.json [--mode auto|auth|standalone]
// See tests/arena/README.md. Exit code 0 when the game ended, 1 otherwise (the file is written
// either way, with `error`).
import { writeFileSync } from "node:fs";
import { ok } from "./client";
import { loadIdentity, readArgs } from "./agent-args";
import { playPsi, playSecretKeeper, playUltimatum } from "./agent-games";
import { Player } from "./player";

/** The message, plus the cause of a network failure ("fetch failed: connect ECONNREFUSED …"). */
function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  return err.cause instanceof Error ? `${err.message}: ${err.cause.message}` : err.message;
}

async function main(): Promise<number> {
  const args = readArgs(process.argv.slice(2));
  const identity = loadIdentity(args.identityFile);
  const p = new Player(args);
  const started = Date.now();
  let outcome: Record<string, unknown> = {};
  let error: string | undefined;
  try {
    await p.join(identity);
    await p.poll();
    if (args.game === "psi") outcome = await playPsi(p);
    else if (args.game === "ultimatum") outcome = await playUltimatum(p);
    else outcome = await playSecretKeeper(p);
  } catch (err) {
    error = describe(err);
    process.stderr.write(`[agent ${args.invite}] error: ${error}\n`);
  }
  // After the end everything is visible to everyone: read both channels in full once more.
  const final = { operator: p.operator, chat: p.chat };
  if (p.challengeId) {
    const [op, chat] = await Promise.all([
      p.client.syncOperator(p.challengeId, 1).catch(() => undefined),
      p.client.syncChat(p.challengeId, 1).catch(() => undefined),
    ]);
    if (op && ok(op) && Array.isArray(op.body?.messages)) final.operator = op.body.messages;
    if (chat && ok(chat) && Array.isArray(chat.body?.messages)) final.chat = chat.body.messages;
  }
  const game = p.challengeId ? await p.findGame().catch(() => undefined) : undefined;
  const key = p.client.sessionKey;
  const report = {
    ok: error === undefined && p.ended,
    error,
    game: args.game,
    role: args.role,
    invite: args.invite,
    challengeId: p.challengeId || undefined,
    mode: !p.challengeId ? undefined : key === undefined ? "standalone" : "auth",
    identity: {
      userId: identity.userId,
      publicKeyHex: identity.publicKeyHex,
      sessionKey: key === undefined ? undefined : key.replace(/\..*$/, ".<redacted>"),
      chatFrom: p.me,
    },
    ended: p.ended,
    endedBy: p.endedBy,
    outcome,
    actions: p.actions,
    notes: p.notes,
    state: game?.state,
    messages: final,
    durationMs: Date.now() - started,
  };
  writeFileSync(args.out, `${JSON.stringify(report, null, 2)}\n`);
  return report.ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`agent: ${describe(err)}\n`);
    process.exit(2);
  },
);
