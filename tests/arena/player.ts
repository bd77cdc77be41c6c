// One seat of an arena game as the scripted agent holds it: the client, both channels polled by
// index, the deadline, and actions retried while the game answers "not now".
import type { Challenge, ChatMessage } from "@/lib/arena/types";
import { ArenaClient, ok, type ApiResult, type Identity, type MessagesResponse } from "./client";
import { isGameEnded, isNotRunning, isRetryableCode } from "./strategies";
import type { Args } from "./agent-args";

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface ActionRecord {
  method: string;
  content: string;
  status: number;
  body: unknown;
}

export class Player {
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
