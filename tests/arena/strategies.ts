// Pure text helpers of the scripted agent (tests/arena/agent.ts). The games' exact wording is not
// fixed by the protocol, so everything here reads numbers and keywords with tolerant regexes.

/** Every whole number in `text`, in order. */
export function numbersIn(text: string): number[] {
  return (text.match(/\d+/g) ?? []).map(Number);
}

/** The PSI private set from an operator DM: the numbers in [100, 900] after "set". */
export function parsePsiSet(text: string): number[] | undefined {
  const at = text.search(/set/i);
  if (at < 0) return undefined;
  const nums = numbersIn(text.slice(at)).filter((n) => n >= 100 && n <= 900);
  return nums.length > 0 ? [...new Set(nums)] : undefined;
}

export function intersect(a: readonly number[], b: readonly number[]): number[] {
  const other = new Set(b);
  return [...new Set(a)].filter((n) => other.has(n)).sort((x, y) => x - y);
}

/** An operator message that ends the game: `Game ended.` (any case, maybe with scores after it). */
export function isGameEnded(content: string): boolean {
  return /^\s*game ended\b/i.test(content);
}

export function isNotRunning(content: string): boolean {
  return /^ERR_GAME_NOT_RUNNING\b/.test(content);
}

export interface Question {
  /** The question's number as the operator gave it, else undefined (the agent counts). */
  n?: number;
  text: string;
}

/**
 * Questions in one operator DM: numbered list items (`1. Spell 'cat' backwards.`, `2) …`), and any
 * other line with a `?` (numbered `Question 3:`, `Q3.`, `#3 -` or not). Feedback such as
 * `Question 1: correct. 2 left.` is neither.
 */
export function parseQuestions(content: string): Question[] {
  const out: Question[] = [];
  for (const raw of content.split(/\n+/)) {
    const line = raw.trim();
    const item = /^(\d+)\s*[.)]\s+(.+)$/.exec(line);
    if (item?.[1] !== undefined && item[2] !== undefined) {
      out.push({ n: Number(item[1]), text: item[2].trim() });
      continue;
    }
    if (!line.includes("?")) continue;
    const m = /^(?:question\s*#?|q\s*#?|#)?\s*(\d+)\s*[:.)-]\s*(.+)$/i.exec(line);
    const named = /question\s*#?\s*(\d+)\b[^:]*:\s*(.+)$/i.exec(line);
    const found = m ?? named;
    if (found?.[1] !== undefined && found[2] !== undefined)
      out.push({ n: Number(found[1]), text: found[2].trim() });
    else out.push({ text: line });
  }
  return out;
}

const CAPITALS: Record<string, string> = {
  france: "Paris",
  germany: "Berlin",
  italy: "Rome",
  spain: "Madrid",
  portugal: "Lisbon",
  japan: "Tokyo",
  china: "Beijing",
  india: "New Delhi",
  canada: "Ottawa",
  australia: "Canberra",
  brazil: "Brasilia",
  egypt: "Cairo",
  russia: "Moscow",
  "united kingdom": "London",
  england: "London",
  "united states": "Washington, D.C.",
  mexico: "Mexico City",
  kenya: "Nairobi",
  norway: "Oslo",
  peru: "Lima",
  sweden: "Stockholm",
};

/** Answers a simple question: arithmetic, capitals, spelling, letter counts; else "unknown". */
export function answerQuestion(question: string): string {
  const q = question.trim();
  const arith = /(-?\d+)\s*([+\-*x×÷/])\s*(-?\d+)/.exec(q);
  if (arith?.[1] !== undefined && arith[2] !== undefined && arith[3] !== undefined) {
    const a = Number(arith[1]);
    const b = Number(arith[3]);
    switch (arith[2]) {
      case "+":
        return String(a + b);
      case "-":
        return String(a - b);
      case "*":
      case "x":
      case "×":
        return String(a * b);
      default:
        return b === 0 ? "unknown" : String(a / b);
    }
  }
  const words: Record<string, string> = { plus: "+", minus: "-", times: "*" };
  const spelled = /(-?\d+)\s+(plus|minus|times)\s+(-?\d+)/i.exec(q);
  if (spelled?.[1] !== undefined && spelled[2] !== undefined && spelled[3] !== undefined) {
    const op = words[spelled[2].toLowerCase()] ?? "+";
    return answerQuestion(`${spelled[1]} ${op} ${spelled[3]}`);
  }
  const capital = /capital (?:city )?of (?:the )?([a-z .]+?)\s*\??$/i.exec(q);
  if (capital?.[1] !== undefined) return CAPITALS[capital[1].toLowerCase().trim()] ?? "unknown";
  const letters = /how many letters (?:are )?(?:in|does) (?:the word )?["'“]?([a-z]+)["'”]?/i.exec(q);
  if (letters?.[1] !== undefined) return String(letters[1].length);
  const backwards = /spell ["'“]?([a-z]+)["'”]? backwards/i.exec(q);
  if (backwards?.[1] !== undefined) return [...backwards[1]].reverse().join("");
  const spell = /(?:how do you spell|spell(?: the word)?)\s+["'“]?([a-z]+)["'”]?/i.exec(q);
  if (spell?.[1] !== undefined) return spell[1].toUpperCase().split("").join("-");
  return "unknown";
}

/** The keeper's secret as its private DM states it: after "secret" and a colon or "is". */
export function parseSecret(content: string): string | undefined {
  const m = /secret[^:\n]*?(?::|\bis\b)\s*["'“`]?([^\s"'”`]+?)["'”`]?[.,;]?(?:\s|$)/i.exec(content);
  return m?.[1];
}

/** Never send the secret: if an answer contains it, answer "unknown" instead. */
export function safeAnswer(answer: string, secret: string | undefined): string {
  if (secret && secret.length > 0 && answer.toLowerCase().includes(secret.toLowerCase())) return "unknown";
  return answer;
}

/** Ultimatum role from the operator's words, when the join order could not be read. */
export function ultimatumRoleFrom(content: string): "proposer" | "responder" | undefined {
  if (/\bpropos(?:er|e)\b/i.test(content) && !/\brespond(?:er)?\b/i.test(content)) return "proposer";
  if (/\brespond(?:er)?\b/i.test(content) && !/\bpropos(?:er|e)\b/i.test(content)) return "responder";
  return undefined;
}

/** Error codes that mean "not now" (retry later) rather than "never". */
export function isRetryableCode(code: unknown): boolean {
  return typeof code === "string" && /TURN|NO_OFFER|NOT_RUNNING|WAIT|NOT_ACTIVE/i.test(code);
}
