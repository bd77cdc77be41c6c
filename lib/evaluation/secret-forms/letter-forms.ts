import { BREAK, foldEach, SkeletonBuilder, type Skeleton } from "@/lib/evaluation/secret-forms/fold";

// The letter forms beyond plain text: ROT13, and the NATO/ICAO spelling alphabet.

export function rot13(s: string): string {
  let out = "";
  for (const ch of s) {
    const c = ch.charCodeAt(0);
    out += c >= 0x61 && c <= 0x7a ? String.fromCharCode(((c - 0x61 + 13) % 26) + 0x61) : ch;
  }
  return out;
}

// NATO/ICAO spelling alphabet and digit words.
const SPELLING_WORDS = new Map<string, string>(
  Object.entries({
    alfa: "a",
    alpha: "a",
    bravo: "b",
    charlie: "c",
    delta: "d",
    echo: "e",
    foxtrot: "f",
    golf: "g",
    hotel: "h",
    india: "i",
    juliet: "j",
    juliett: "j",
    kilo: "k",
    lima: "l",
    mike: "m",
    november: "n",
    oscar: "o",
    papa: "p",
    quebec: "q",
    romeo: "r",
    sierra: "s",
    tango: "t",
    uniform: "u",
    victor: "v",
    whiskey: "w",
    whisky: "w",
    xray: "x",
    yankee: "y",
    zulu: "z",
    zero: "0",
    one: "1",
    two: "2",
    three: "3",
    four: "4",
    five: "5",
    six: "6",
    seven: "7",
    eight: "8",
    nine: "9",
    niner: "9",
  }),
);
const LONGEST_SPELLING_WORD = 8;

/**
 * Words of the spelling alphabet as the letters they stand for, single letters and digit runs
 * as themselves; any other word breaks the run. "X-ray" reads as x.
 */
export function natoSkeleton(text: string): Skeleton {
  const out = new SkeletonBuilder(64);
  let word = "";
  let wordStart = -1;
  let wordEnd = -1;
  let digits = true;
  let lastWord = "";
  const finish = () => {
    if (wordStart < 0) return;
    const letter = word.length <= LONGEST_SPELLING_WORD ? SPELLING_WORDS.get(word) : undefined;
    if (word === "ray" && lastWord === "x" && text[wordStart - 1] === "-") {
      // The "ray" of "X-ray": its x is already in.
    } else if (letter) out.push(letter.charCodeAt(0), wordStart, wordEnd);
    else if (digits || word.length === 1) out.pushString(word, wordStart, wordEnd);
    else out.push(BREAK, wordStart, wordEnd);
    lastWord = word.length <= LONGEST_SPELLING_WORD ? word : "";
    word = "";
    wordStart = -1;
    digits = true;
  };
  foldEach(text, (folded, start, end) => {
    if (folded === "") return finish();
    if (wordStart < 0) wordStart = start;
    wordEnd = end;
    const c = folded.charCodeAt(0);
    const digit = folded.length === 1 && c >= 0x30 && c <= 0x39;
    // A word that is neither a digit run nor short enough to be a spelling word only breaks the run.
    if (!digit) digits = false;
    if (word.length <= LONGEST_SPELLING_WORD || digits) word += folded;
  });
  finish();
  return out.done();
}
