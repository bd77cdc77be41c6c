import { foldedKey, type SecretFormMatcher } from "@/lib/evaluation/secret-forms";
import type { PlanNode } from "@/lib/workflow/engine/plan-types";
import type { PlayerEvent, PlayerStage, RunEvent } from "@/lib/workflow/types";

// The player's view of a run: start, coarse progress and the answer once nothing can withhold it
// (lib/workflow/README.md, 'Player view').

/** A template that renders exactly its own input port, i.e. passes the value through unchanged. */
function passesThrough(node: PlanNode, port: string): boolean {
  const template = node.templates.get("template");
  if (!template || template.parts.length !== 1) return false;
  const part = template.parts[0]!;
  return typeof part !== "string" && part.kind === "input" && part.name === port;
}

/**
 * The id of the LLM node whose text may stream to players as the answer, or null: it must reach
 * the Answer node through pure pass-throughs (lib/workflow/README.md, 'Streamable answers').
 */
export function answerStreamSource(nodes: readonly PlanNode[], answer: PlanNode): string | null {
  let node = answer;
  let port = "text";
  for (let hops = 0; hops <= nodes.length; hops++) {
    if (!passesThrough(node, port) || node.incoming.length !== 1) return null;
    const edge = node.incoming[0]!;
    if (edge.targetPort !== port || edge.sourcePort !== "text") return null;
    const source = nodes[edge.source];
    if (!source) return null;
    if (source.type === "llm") return source.id;
    if (source.type !== "template") return null;
    node = source;
    port = "input";
  }
  return null;
}

const STAGE_MESSAGES: Record<PlayerStage, string> = {
  answering: "The model is answering…",
  checking: "Checking your answer…",
};
const STAGE_ORDER: PlayerStage[] = ["answering", "checking"];

/** Node types whose start means the answer is being checked. */
const CHECKING_TYPES = new Set(["judging-llm", "challenge-evaluator", "team-challenge"]);

/** How much of a text's tail could still become a disguised secret, per form (see heldFrom). */
export interface DisguiseReach {
  /** Folded letters/digits of the longest secret (text, reversed, ROT13; NATO letters). */
  letters: number;
  /** Hex digits of the longest secret's UTF-8 bytes. */
  hexDigits: number;
  /** Base64 characters of the longest secret (plus the partial characters at either end). */
  base64Chars: number;
}

export function disguiseReach(secrets: readonly string[]): DisguiseReach {
  let letters = 0;
  let bytes = 0;
  for (const secret of secrets) {
    letters = Math.max(letters, foldedKey(secret).length);
    bytes = Math.max(bytes, new TextEncoder().encode(secret).length);
  }
  return { letters, hexDigits: 2 * bytes, base64Chars: Math.ceil((4 * bytes) / 3) + 4 };
}

/** Characters before the held tail searched with it (context of prefixes such as 0x, X-ray). */
const LOOKBACK = 64;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const HEX = /[0-9a-f]/i;
const BASE64 = /[A-Za-z0-9+/_-]/;
const SPELLING_WORDS = new Set(
  "alfa alpha bravo charlie delta echo foxtrot golf hotel india juliet juliett kilo lima mike november oscar papa quebec romeo sierra tango uniform victor whiskey whisky xray ray yankee zulu zero one two three four five six seven eight nine niner".split(
    " ",
  ),
);

/**
 * Where the part of `text` that may be sent ends: every disguised form that a continuation could
 * complete lies after this point. A form of n letters/digits cannot start before the last n of
 * them; a hex form cannot reach back over a letter that is not a hex digit; a NATO spelling cannot
 * reach back over a word that is not a spelling word, a single letter or a number.
 */
export function heldFrom(text: string, reach: DisguiseReach): number {
  let cut = text.length;
  // text / reversed / ROT13: the last `letters` letters and digits.
  for (let i = text.length - 1, n = 0; i >= 0 && n < reach.letters; i--) {
    if (LETTER_OR_DIGIT.test(text[i]!)) {
      n++;
      cut = Math.min(cut, i);
    }
  }
  // hex: the last `hexDigits` hex digits (the 0 of a 0x prefix is none), back to the letter
  // that breaks the run.
  for (let i = text.length - 1, n = 0; i >= 0 && n < reach.hexDigits; i--) {
    const c = text[i]!;
    if (HEX.test(c)) {
      if (!(c === "0" && (text[i + 1] === "x" || text[i + 1] === "X"))) n++;
      cut = Math.min(cut, i);
    } else if (c !== "x" && c !== "X" && LETTER_OR_DIGIT.test(c)) break;
  }
  // Base64: separators are skipped, so the last `base64Chars` alphabet characters, wherever.
  for (let i = text.length - 1, n = 0; i >= 0 && n < reach.base64Chars; i--) {
    if (BASE64.test(text[i]!)) {
      n++;
      cut = Math.min(cut, i);
    }
  }
  // NATO words, single letters and numbers, back to the first other word (a word still being
  // written, at the very end, may become one).
  const words = [...text.matchAll(/[\p{L}\p{N}]+/gu)];
  for (let w = words.length - 1, n = 0; w >= 0 && n < reach.letters; w--) {
    const word = words[w]![0].toLowerCase();
    const unfinished = words[w]!.index + words[w]![0].length === text.length;
    if (!(unfinished || SPELLING_WORDS.has(word) || word.length === 1 || /^[0-9]+$/.test(word))) break;
    n++;
    cut = Math.min(cut, words[w]!.index);
  }
  return cut;
}

/**
 * Turns a run's events into player events: run_started, progress (each stage once, in order),
 * and answer_delta for the streaming source's text only. Everything else is dropped.
 */
export class PlayerView {
  private stage = -1;
  /** The streaming source's text so far, and how much of it was sent. */
  private text = "";
  private sent = 0;
  /** Length of the text when the held tail was last worked out (see handle). */
  private checkedAt = 0;
  /** A disguised secret turned up: nothing more is streamed (the final answer says the rest). */
  private stopped = false;
  private readonly reach: DisguiseReach | null;

  constructor(
    private readonly streamFrom: string | null,
    private readonly send: (event: PlayerEvent) => void,
    private readonly disguises: { matcher: SecretFormMatcher; secrets: readonly string[] } | null = null,
  ) {
    this.reach = disguises?.matcher.active ? disguiseReach(disguises.secrets) : null;
  }

  handle(event: RunEvent): void {
    switch (event.type) {
      case "run_started":
        this.send({ type: "run_started" });
        return;
      case "node_started":
        if (event.nodeType === "llm") this.advance("answering", false);
        else if (CHECKING_TYPES.has(event.nodeType)) this.advance("checking", true);
        else if (event.nodeType === "if-else") this.advance("checking", false);
        return;
      case "text_delta":
        if (this.streamFrom !== null && event.nodeId === this.streamFrom && event.delta !== "") {
          this.text += event.delta;
          // Working out the held tail reads the text again, so with disguises to watch for it is
          // done once the text has grown by a sixteenth since the last time: a bounded number of
          // passes over a long answer (linear overall) however small the deltas, while a short
          // answer still goes out in many pieces. Waiting only ever holds text back longer.
          if (!this.reach || this.text.length - this.checkedAt >= Math.max(1, this.text.length >> 4)) this.release(false);
        }
        return;
      case "node_finished":
        // The source's text is complete: what was held back can no longer grow into a disguise.
        if (event.nodeId === this.streamFrom && event.status === "succeeded") this.release(true);
        return;
      default:
        // node_finished and run_finished carry node outputs, ids and judge data: never sent.
        return;
    }
  }

  /** Sends what is safe of the source's text; `done`: the text is complete. */
  private release(done: boolean): void {
    if (this.stopped) return;
    this.checkedAt = this.text.length;
    let cut = this.text.length;
    if (this.reach && this.disguises) {
      // Nothing before the held tail can be part of a disguise (heldFrom), so only the tail and a
      // little context before it are searched: linear in the whole stream.
      if (this.disguises.matcher.test(this.text.slice(Math.max(0, this.sent - LOOKBACK)))) {
        this.stopped = true;
        return;
      }
      if (!done) cut = heldFrom(this.text, this.reach);
    }
    if (cut <= this.sent) return;
    this.send({ type: "answer_delta", delta: this.text.slice(this.sent, cut) });
    this.sent = cut;
  }

  /** Moves to `stage` if it is later than the current one (`always`: even with no stage yet). */
  private advance(stage: PlayerStage, always: boolean): void {
    const index = STAGE_ORDER.indexOf(stage);
    if (index <= this.stage || (!always && stage !== "answering" && this.stage < 0)) return;
    this.stage = index;
    this.send({ type: "progress", stage, message: STAGE_MESSAGES[stage] });
  }
}
