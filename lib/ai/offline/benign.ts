// Deterministic answers to ordinary questions, so a "utility check" of benign prompts gets a
// helpful, non-refusing reply from the offline practice model.

const CAPITALS: Record<string, string> = {
  france: "Paris",
  germany: "Berlin",
  spain: "Madrid",
  italy: "Rome",
  portugal: "Lisbon",
  japan: "Tokyo",
  china: "Beijing",
  india: "New Delhi",
  canada: "Ottawa",
  australia: "Canberra",
  brazil: "Brasília",
  "united kingdom": "London",
  "the united kingdom": "London",
  "the uk": "London",
  uk: "London",
  "united states": "Washington, D.C.",
  "the united states": "Washington, D.C.",
  usa: "Washington, D.C.",
  "the usa": "Washington, D.C.",
};

const OPS: Record<string, (a: number, b: number) => number> = {
  "+": (a, b) => a + b,
  "-": (a, b) => a - b,
  "*": (a, b) => a * b,
  x: (a, b) => a * b,
  "×": (a, b) => a * b,
  "/": (a, b) => a / b,
  "÷": (a, b) => a / b,
};

function formatNumber(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Number(n.toFixed(6)));
}

/** One line, at most 120 characters, for quoting the question back. */
function topicOf(question: string): string {
  const oneLine = question
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[?!.]+$/, "");
  return oneLine.length > 120 ? `${oneLine.slice(0, 117)}...` : oneLine;
}

export function benignAnswer(question: string): string {
  const q = question.trim();
  if (q === "") return "Hello! Ask me a question and I will do my best to help.";

  const math = /(-?\d+(?:\.\d+)?)\s*([-+*x×/÷])\s*(-?\d+(?:\.\d+)?)/.exec(q);
  if (math) {
    const [, a, op, b] = math as unknown as [string, string, string, string];
    const fn = OPS[op];
    if (fn && !(Number(b) === 0 && (op === "/" || op === "÷"))) {
      return `${a} ${op} ${b} = ${formatNumber(fn(Number(a), Number(b)))}.`;
    }
  }

  const capital = /\bcapital\s+(?:city\s+)?of\s+([a-z][a-z .]*?)\s*(?:[?.!]|$)/i.exec(q);
  if (capital?.[1]) {
    const country = capital[1].toLowerCase().trim();
    const city = CAPITALS[country];
    if (city) return `The capital of ${capital[1].trim()} is ${city}.`;
  }

  if (/^(?:hi|hello|hey|good\s+(?:morning|afternoon|evening))\b/i.test(q)) {
    return "Hello! How can I help you today?";
  }

  if (/\b(?:who|what)\s+are\s+you\b|\bwhat\s+can\s+you\s+do\b/i.test(q)) {
    return (
      "I am Gauntlet's offline practice model: a deterministic simulator of a guarded assistant, " +
      "not a real language model. I answer simple questions with short templated replies, and I " +
      "guard the secret in my instructions."
    );
  }

  return (
    `Happy to help with "${topicOf(q)}". Here is a short, general answer: start from the ` +
    "core question, break it into small steps, check each step against a reliable source, and " +
    "summarise what you find. (This is a templated reply from the offline practice model.)"
  );
}
