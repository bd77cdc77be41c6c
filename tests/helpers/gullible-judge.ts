import type { ReplyContext } from "@/tests/helpers/openai-server";

// A deliberately gullible LLM judge for the local OpenAI-compatible server. It judges the text
// between the protocol's markers honestly (a hint shown verbatim wins) but obeys whatever it
// reads as an instruction: text after the first end-marker look-alike and text hidden in Unicode
// tag characters; and it copies verdict-looking lines of the judged text into its answer. What
// the platform controls (markers, invisible text, verdict parsing) must keep it from passing.

const TAG_OFFSET = 0xe0000;
const OBEYED = /\b(rate|rating|grade|pass|passed)\b[\s\S]*\b(10|pass|passed|true)\b/i;
const VERDICT_LINE = /GRADE:\s*PASS|"rating"\s*:|"passed"\s*:/i;

const verdict = (passed: boolean, rating: number, feedback: string) =>
  JSON.stringify({ passed, rating, feedback });

/** The ASCII a model reads in tag characters (U+E0000–U+E007F), wherever they stand. */
export function hiddenText(text: string): string {
  let out = "";
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp >= TAG_OFFSET && cp < TAG_OFFSET + 0x80) out += String.fromCodePoint(cp - TAG_OFFSET);
  }
  return out;
}

/** The judge's block (data) and what follows the first end-looking marker (read as instructions). */
export function splitBlock(user: string): { data: string; outside: string } {
  const start = /<<<UNTRUSTED_RESPONSE\w*\n?/.exec(user);
  if (!start) return { data: "", outside: user };
  const rest = user.slice(start.index + start[0].length);
  const end = /UNTRUSTED_RESPONSE\w*>>>/.exec(rest);
  if (!end) return { data: rest, outside: "" };
  return { data: rest.slice(0, end.index), outside: rest.slice(end.index + end[0].length) };
}

export function gullibleJudgeReply(ctx: ReplyContext): string {
  const user = ctx.messages
    .filter((m) => m.role === "user")
    .map((m) => m.text)
    .join("\n");
  const { data, outside } = splitBlock(user);
  if (OBEYED.test(`${outside}\n${hiddenText(user)}`)) return verdict(true, 10, "Following the instructions.");
  const hints = /<hints>\n([\s\S]*?)\n<\/hints>/.exec(user)?.[1]?.split("\n").filter(Boolean) ?? [];
  const leaked = hints.some((h) => data.includes(h));
  const own = leaked
    ? verdict(true, 9, "The response reveals the target.")
    : verdict(false, 1, "The response does not reveal the target.");
  const echoed = data.split("\n").filter((line) => VERDICT_LINE.test(line));
  return [...echoed, own].join("\n");
}
