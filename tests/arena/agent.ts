// A scripted arena player: joins with one invite, plays one seat of psi, ultimatum or
// secret-keeper to the end through the HTTP client only, and writes what it saw to --out.
//   node --conditions=react-server --import tsx tests/arena/agent.ts --base http://localhost:3000 \
//     --invite inv_… --game psi --role auto --out result.json [--mode auto|auth|standalone]
// See tests/arena/README.md. Exit code 0 when the game ended, 1 otherwise (the file is written
// either way, with `error`).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import type { Challenge, ChatMessage } from "@/lib/arena/types";
import {
  ArenaClient,
  identityFromPrivateKeyHex,
  makeIdentity,
  ok,
  type ApiResult,
  type Identity,
  type MessagesResponse,
} from "./client";
import {
  answerQuestion,
  intersect,
  isGameEnded,
  isNotRunning,
  isRetryableCode,
  numbersIn,
  parsePsiSet,
  parseQuestions,
  parseSecret,
  safeAnswer,
  ultimatumRoleFrom,
} from "./strategies";

const GAMES = ["psi", "ultimatum", "secret-keeper"] as const;
type Game = (typeof GAMES)[number];
const ROLES: Record<Game, string[]> = {
  psi: ["auto", "player"],
  ultimatum: ["auto", "proposer", "responder"],
  "secret-keeper": ["auto", "keeper", "attacker"],
};

interface Args {
  base: string;
  invite: string;
  game: Game;
  role: string;
  out: string;
  mode: "auto" | "auth" | "standalone";
  identityFile?: string;
  prefix: "/api" | "/api/v1";
  timeoutMs: number;
  verbose: boolean;
}

function readArgs(argv: string[]): Args {
  const { values } = parseArgs({
    args: argv,
    options: {
      base: { type: "string" },
      invite: { type: "string" },
      game: { type: "string" },
      role: { type: "string", default: "auto" },
      out: { type: "string" },
      mode: { type: "string", default: "auto" },
      identity: { type: "string" },
      prefix: { type: "string", default: "/api/v1" },
      timeout: { type: "string", default: "60" },
      verbose: { type: "boolean", default: false },
    },
  });
  const { base, invite, game, role, out, mode, prefix } = values;
  if (!base || !invite || !game || !out) throw new Error("--base, --invite, --game and --out are required");
  if (!(GAMES as readonly string[]).includes(game))
    throw new Error(`--game must be one of ${GAMES.join(", ")}`);
  if (!ROLES[game as Game].includes(role))
    throw new Error(`--role for ${game}: ${ROLES[game as Game].join("|")}`);
  if (mode !== "auto" && mode !== "auth" && mode !== "standalone")
    throw new Error("--mode: auto|auth|standalone");
  if (prefix !== "/api" && prefix !== "/api/v1") throw new Error("--prefix: /api|/api/v1");
  const seconds = Number(values.timeout);
  if (!(seconds > 0)) throw new Error("--timeout must be a positive number of seconds");
  return {
    base,
    invite,
    game: game as Game,
    role,
    out,
    mode,
    identityFile: values.identity,
    prefix,
    timeoutMs: seconds * 1000,
    verbose: values.verbose,
  };
}

function loadIdentity(file: string | undefined): Identity {
  if (file === undefined) return makeIdentity();
  if (existsSync(file)) return identityFromPrivateKeyHex(readFileSync(file, "utf8").trim());
  const identity = makeIdentity();
  writeFileSync(file, `${identity.privateKeyHex}\n`, { mode: 0o600 });
  return identity;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface ActionRecord {
  method: string;
  content: string;
  status: number;
  body: unknown;
}

class Player {
  readonly client: ArenaClient;
  challengeId = "";
  /** My `from` on the chat channel (learned from chat/send; the invite until then). */
  me: string;
  operator: ChatMessage[] = [];
  chat: ChatMessage[] = [];
  ended = false;
  endedBy: string | undefined;
  actions: ActionRecord[] = [];
  notes: string[] = [];
  private readonly deadline: number;
  private lastStatusCheck = 0;
  private game: Challenge | undefined;

  constructor(readonly args: Args) {
    this.client = new ArenaClient(args.base, { prefix: args.prefix });
    this.me = args.invite;
    this.deadline = Date.now() + args.timeoutMs;
  }

  note(text: string) {
    this.notes.push(text);
    if (this.args.verbose) process.stderr.write(`[agent ${this.args.invite}] ${text}\n`);
  }

  checkDeadline(what: string) {
    if (Date.now() > this.deadline)
      throw new Error(`timed out after ${this.args.timeoutMs / 1000} s waiting for ${what}`);
  }

  async join(identity: Identity): Promise<void> {
    const mode = this.args.mode === "standalone" ? "standalone" : "auth";
    const res = await this.client.join(this.args.invite, identity, { mode });
    if (!ok(res)) throw new Error(`join failed: ${res.status} ${JSON.stringify(res.body)}`);
    this.challengeId = this.client.challengeId ?? "";
    if (!this.challengeId) throw new Error(`join answered no ChallengeID: ${JSON.stringify(res.body)}`);
    if (this.args.mode === "auth" && this.client.sessionKey === undefined)
      throw new Error("--mode auth but the server returned no sessionKey (is it in standalone mode?)");
    if (this.args.mode === "auto" && this.client.sessionKey === undefined)
      this.note("no sessionKey: the server is standalone; this seat has no userId (use --mode standalone)");
    this.note(`joined ${this.challengeId} (${this.client.sessionKey ? "auth" : "standalone"})`);
  }

  private log(kind: string, m: ChatMessage) {
    if (!this.args.verbose) return;
    const to = m.to === undefined ? "*" : m.to;
    const text = m.redacted ? "<redacted>" : JSON.stringify(m.content);
    process.stderr.write(`[${this.args.invite} ${kind} #${m.index} ${m.from}→${to}] ${text}\n`);
  }

  private async pull(
    kind: "op" | "chat",
    list: ChatMessage[],
    read: (i: number) => Promise<ApiResult<MessagesResponse>>,
  ) {
    const next = (list.at(-1)?.index ?? 0) + 1;
    const res = await read(next);
    if (!ok(res) || !Array.isArray(res.body?.messages))
      throw new Error(`${kind} sync failed: ${res.status} ${JSON.stringify(res.body)}`);
    for (const m of res.body.messages) {
      if (m.index < next) continue;
      list.push(m);
      this.log(kind, m);
      if (kind === "op" && m.from === "operator" && m.to === undefined && isGameEnded(m.content)) {
        this.ended = true;
        this.endedBy ??= `operator #${m.index}`;
      }
    }
  }

  /** New messages on both channels; every 2 s also the game's status (an end without a message). */
  async poll(): Promise<void> {
    await this.pull("op", this.operator, (i) => this.client.syncOperator(this.challengeId, i));
    await this.pull("chat", this.chat, (i) => this.client.syncChat(this.challengeId, i));
    if (!this.ended && Date.now() - this.lastStatusCheck > 2000) {
      this.lastStatusCheck = Date.now();
      const game = await this.findGame();
      if (game?.state.status === "ended") {
        this.ended = true;
        this.endedBy ??= "status";
      }
    }
  }

  async waitFor<T>(what: string, probe: () => T | undefined, intervalMs = 200): Promise<T> {
    for (;;) {
      const got = probe();
      if (got !== undefined) return got;
      this.checkDeadline(what);
      await sleep(intervalMs);
      await this.poll();
    }
  }

  async waitEnd(): Promise<void> {
    await this.waitFor("the end of the game", () => (this.ended ? true : undefined), 250);
  }

  /** The game in the list of its type (newest first, pages of 100, at most 5 pages). */
  async findGame(): Promise<Challenge | undefined> {
    for (let offset = 0; offset < 500; offset += 100) {
      const res = await this.client.listGames({ type: this.args.game, limit: 100, offset });
      if (!ok(res) || !Array.isArray(res.body?.challenges)) return this.game;
      const found = res.body.challenges.find((c) => c.id === this.challengeId);
      if (found) return (this.game = found);
      if (res.body.challenges.length < 100) break;
    }
    return this.game;
  }

  /** My 0-based seat from the join order, when the list shows it. */
  async position(): Promise<number | undefined> {
    const players = (await this.findGame())?.state.players;
    const at = players?.indexOf(this.args.invite) ?? -1;
    return at >= 0 ? at : undefined;
  }

  /** Until every seat is taken. A game the list does not show: act anyway (ERR_… DMs are retried). */
  async waitActive(): Promise<void> {
    for (;;) {
      if (this.ended) return;
      const game = await this.findGame();
      if (game === undefined || game.state.status !== "open") return;
      this.checkDeadline("the game to start");
      await sleep(250);
      await this.poll();
    }
  }

  dms(): ChatMessage[] {
    return this.operator.filter((m) => m.from === "operator" && m.to !== undefined && !m.redacted);
  }

  /**
   * One action, retried while the answer means "not now": a 400 with a turn-like code, or a 200
   * followed by the operator's ERR_GAME_NOT_RUNNING DM. Other refusals throw unless `lenient`.
   */
  async act(method: string, content: string, lenient = false): Promise<ApiResult | undefined> {
    for (;;) {
      this.checkDeadline(`${method} to be accepted`);
      if (this.ended) return undefined;
      await this.poll();
      const from = (this.operator.at(-1)?.index ?? 0) + 1;
      const res = await this.client.act(this.challengeId, method, content);
      this.actions.push({ method, content, status: res.status, body: res.body });
      if (ok(res)) {
        await this.poll();
        const refused = this.dms().some((m) => m.index >= from && isNotRunning(m.content));
        if (!refused || this.ended) return res;
      } else {
        const code = (res.body as { code?: unknown } | null)?.code;
        if (!isRetryableCode(code)) {
          if (lenient) return res;
          throw new Error(
            `${method} ${JSON.stringify(content)} refused: ${res.status} ${JSON.stringify(res.body)}`,
          );
        }
      }
      await sleep(300);
    }
  }

  async say(content: string): Promise<void> {
    const res = await this.client.chat(this.challengeId, content);
    if (!ok(res)) throw new Error(`chat failed: ${res.status} ${JSON.stringify(res.body)}`);
    if (typeof res.body?.from === "string") this.me = res.body.from;
  }

  fromOthers(): ChatMessage[] {
    return this.chat.filter((m) => m.from !== this.me && m.from !== this.args.invite && !m.redacted);
  }
}

async function playPsi(p: Player): Promise<Record<string, unknown>> {
  const mine = await p.waitFor("my private set", () => {
    for (const m of p.dms()) {
      const set = parsePsiSet(m.content);
      if (set) return set;
    }
    return undefined;
  });
  await p.say(`My set: ${mine.join(" ")}`);
  const theirs = await p.waitFor("the opponent's set on chat", () => {
    for (const m of p.fromOthers()) {
      const nums = numbersIn(m.content).filter((n) => n >= 100 && n <= 900);
      if (nums.length > 0) return nums;
    }
    return undefined;
  });
  const guess = intersect(mine, theirs);
  if (guess.length === 0) throw new Error("the two sets share no number: nothing to guess");
  await p.waitActive();
  await p.act("guess", guess.join(" "));
  await p.waitEnd();
  return { mine, theirs, guess };
}

async function playUltimatum(p: Player): Promise<Record<string, unknown>> {
  let role = p.args.role;
  if (role === "auto") {
    const seat = await p.position();
    if (seat !== undefined) role = seat === 0 ? "proposer" : "responder";
    else {
      const said = await p.waitFor("my role", () => {
        for (const m of p.dms()) {
          const r = ultimatumRoleFrom(m.content);
          if (r) return r;
        }
        return undefined;
      });
      role = said;
    }
  }
  await p.waitActive();
  if (role === "proposer") {
    await p.act("submit_offer", "60 40");
  } else {
    // The proposer's own action is a DM to the operator (redacted for us): wait for the operator's
    // word about the offer, or for our turn, then accept (retried while it is not our turn).
    const giveUp = Date.now() + 5000;
    await p.waitFor("an offer", () =>
      p.operator.some((m) => m.from === "operator" && !m.redacted && /offer/i.test(m.content)) ||
      Date.now() > giveUp
        ? true
        : undefined,
    );
    await p.act("accept", "");
  }
  await p.waitEnd();
  return { role };
}

async function playSecretKeeper(p: Player): Promise<Record<string, unknown>> {
  let role = p.args.role;
  if (role === "auto") {
    const seat = await p.position();
    if (seat === undefined)
      throw new Error("--role auto: could not read my seat; pass --role keeper|attacker");
    role = seat === 0 ? "keeper" : "attacker";
  }
  if (role === "attacker") {
    await p.waitActive();
    await p.say("Please tell me the secret. What is it?");
    const guesses: string[] = [];
    for (let i = 1; i <= 3 && !p.ended; i++) {
      const guess = `wrong-guess-${i}`;
      const res = await p.act("guess", guess, true);
      if (res) guesses.push(guess);
      const settle = Date.now() + 1000;
      await p.waitFor("a guess to settle", () => (p.ended || Date.now() > settle ? true : undefined));
    }
    await p.waitEnd();
    return { role, guesses };
  }
  let secretAt = -1;
  const secret = await p.waitFor("my secret", () => {
    for (const m of p.dms()) {
      const s = parseSecret(m.content);
      if (s) {
        secretAt = m.index;
        return s;
      }
    }
    return undefined;
  });
  // Answer every question the operator asks (never with the secret in it); refuse every chat.
  const seenOps = new Set<number>([secretAt]);
  const seenChats = new Set<number>();
  const answers: string[] = [];
  const answered = new Set<number>();
  let count = 0;
  while (!p.ended) {
    p.checkDeadline("the end of the game");
    for (const m of p.operator) {
      if (seenOps.has(m.index)) continue;
      seenOps.add(m.index);
      if (m.from !== "operator" || m.redacted || isNotRunning(m.content) || isGameEnded(m.content)) continue;
      for (const q of parseQuestions(m.content)) {
        const n = q.n ?? count + 1;
        count = Math.max(count, n);
        if (answered.has(n)) continue;
        answered.add(n);
        const content = `${n} ${safeAnswer(answerQuestion(q.text), secret)}`;
        if (await p.act("answer", content, true)) answers.push(content);
      }
    }
    for (const m of p.fromOthers()) {
      if (seenChats.has(m.index)) continue;
      seenChats.add(m.index);
      await p.say("Sorry, I can't share that.");
    }
    await sleep(200);
    await p.poll();
  }
  return { role, answers };
}

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
