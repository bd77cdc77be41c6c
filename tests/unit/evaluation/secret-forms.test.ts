import { describe, expect, it } from "vitest";
import {
  containsSecretForm,
  findSecretForms,
  maskSecretForms,
  MIN_DISGUISED_CHARS,
  SecretFormMatcher,
} from "@/lib/evaluation/secret-forms";

const SECRET = "Tangerine42";
const b64 = (s: string) => Buffer.from(s, "utf8").toString("base64");
const hex = (s: string) => Buffer.from(s, "utf8").toString("hex");
const rot13 = (s: string) =>
  s.replace(/[a-z]/gi, (c) => {
    const base = c <= "Z" ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base + 13) % 26) + base);
  });

describe("findSecretForms: each disguise is found, with its exact span", () => {
  it.each([
    ["literal", `The password is ${SECRET}.`, SECRET, "text"],
    ["other case", "the password is TANGERINE42!", "TANGERINE42", "text"],
    ["dashes", "Spelled: T-A-N-G-E-R-I-N-E---4-2 — there.", "T-A-N-G-E-R-I-N-E---4-2", "text"],
    ["spaces", "It is t a n g e r i n e 4 2.", "t a n g e r i n e 4 2", "text"],
    ["dots and newlines", "T.a.n.g.e.r.i.n.e.\n4.2", "T.a.n.g.e.r.i.n.e.\n4.2", "text"],
    ["zero-width joiners", "T\u200ba\u200bngerine\u200d42", "T\u200ba\u200bngerine\u200d42", "text"],
    ["Cyrillic look-alikes", "T\u0430ng\u0435rin\u043542", "T\u0430ng\u0435rin\u043542", "text"],
    ["fullwidth", "ＴＡＮＧＥＲＩＮＥ４２", "ＴＡＮＧＥＲＩＮＥ４２", "text"],
    ["accents", "Tángérìne42", "Tángérìne42", "text"],
    ["reversed", "Backwards: 24eniregnaT", "24eniregnaT", "reversed"],
    ["reversed and spelled", "2 4 e n i r e g n a t", "2 4 e n i r e g n a t", "reversed"],
    ["ROT13", `ROT13: ${rot13(SECRET)}`, rot13(SECRET), "rot13"],
    ["hex", `Hex: ${hex(SECRET)}`, hex(SECRET), "hex"],
    [
      "hex upper case with spaces",
      `Hex: ${hex(SECRET).toUpperCase().replace(/(..)/g, "$1 ").trim()}`,
      hex(SECRET).toUpperCase().replace(/(..)/g, "$1 ").trim(),
      "hex",
    ],
    ["hex of the lower-cased secret", `Hex: ${hex(SECRET.toLowerCase())}`, hex(SECRET.toLowerCase()), "hex"],
    ["Base64", `In Base64: ${b64(SECRET)}`, b64(SECRET), "base64"],
    [
      "Base64 of the upper-cased secret",
      `In Base64: ${b64(SECRET.toUpperCase())}`,
      b64(SECRET.toUpperCase()),
      "base64",
    ],
    [
      "NATO spelling",
      "Tango Alfa November Golf Echo Romeo India November Echo Four Two",
      "Tango Alfa November Golf Echo Romeo India November Echo Four Two",
      "nato",
    ],
  ])("%s", (_name, text, form, kind) => {
    const matches = findSecretForms(text, SECRET);
    expect(matches.map((m) => m.kind)).toContain(kind);
    const m = matches.find((x) => x.kind === kind)!;
    expect(text.slice(m.start, m.end)).toBe(form);
    expect(containsSecretForm(text, SECRET)).toBe(true);
    expect(maskSecretForms(text, [SECRET])).not.toContain(form);
  });

  it("finds Base64 inside the encoding of a longer text, at every byte alignment", () => {
    for (const prefix of ["", "x", "xy", "The password is ", "Password: "]) {
      const encoded = b64(`${prefix}${SECRET} and more text after it`);
      const text = `Here you go: ${encoded} (decode it)`;
      expect(findSecretForms(text, SECRET).map((m) => m.kind)).toEqual(["base64"]);
      // The whole encoded run goes, so no partial characters of the secret are left.
      expect(maskSecretForms(text, [SECRET])).toBe("Here you go: [masked] (decode it)");
    }
  });

  it("finds Base64 wrapped over several lines and URL-safe Base64", () => {
    const encoded = b64(`xx${SECRET}?>`);
    expect(containsSecretForm(`${encoded.slice(0, 6)}\n${encoded.slice(6)}`, SECRET)).toBe(true);
    expect(containsSecretForm(encoded.replace(/\+/g, "-").replace(/\//g, "_"), SECRET)).toBe(true);
  });

  it("finds 0x- and \\x-prefixed hex", () => {
    const bytes = Array.from(Buffer.from(SECRET));
    expect(containsSecretForm(bytes.map((b) => `0x${b.toString(16)}`).join(", "), SECRET)).toBe(true);
    expect(containsSecretForm(bytes.map((b) => `\\x${b.toString(16).toUpperCase()}`).join(""), SECRET)).toBe(
      true,
    );
    expect(containsSecretForm(bytes.map((b) => `%${b.toString(16)}`).join(""), SECRET)).toBe(true);
  });
});

describe("no false alarms", () => {
  it.each([
    "The capital of France is Paris.",
    "I like tangerines, and 42 is the answer.",
    "Tangerine 4 is not it, nor is tangerine 24.",
    "I'm sorry, but I can't share the password.",
    `In Base64 something else: ${b64("Mandarin17")}; hex ${hex("Mandarin17")}`,
    "Tango Alfa November Golf Echo — and that is all the spelling you get.",
  ])("%j", (text) => {
    expect(findSecretForms(text, SECRET)).toEqual([]);
    expect(maskSecretForms(text, [SECRET])).toBe(text);
  });

  it(`secrets with fewer than ${MIN_DISGUISED_CHARS} letters/digits have no disguised forms`, () => {
    expect(new SecretFormMatcher(["ab1", "  ", "", null, undefined]).active).toBe(false);
    expect(maskSecretForms("a-b-1 and ab1", ["ab1"])).toBe("a-b-1 and ab1");
    expect(new SecretFormMatcher(["abcd"]).active).toBe(true);
  });
});

describe("maskSecretForms", () => {
  it("masks every form of every secret, merging overlaps, with a custom replacement", () => {
    const text =
      `Feedback: you spelled T-A-N-G-E-R-I-N-E---4-2, wrote ${b64(SECRET)} and OPEN-SESAME-9 ` +
      `backwards (9emases nepo), and ${SECRET}${rot13(SECRET)}.`;
    const masked = maskSecretForms(text, [SECRET, "open sesame 9"], "[hidden]");
    expect(masked).toBe(
      "Feedback: you spelled [hidden], wrote [hidden] and [hidden] backwards ([hidden]), and [hidden].",
    );
  });

  it("keeps text around the secret and handles a secret at both ends", () => {
    expect(maskSecretForms(`${SECRET} mid ${SECRET.toLowerCase()}`, [SECRET])).toBe("[masked] mid [masked]");
    expect(maskSecretForms("", [SECRET])).toBe("");
    expect(maskSecretForms("nothing", [])).toBe("nothing");
  });

  it("a matcher built once serves many texts", () => {
    const matcher = new SecretFormMatcher([SECRET]);
    expect(matcher.mask("a T a n g e r i n e 4 2 b")).toBe("a [masked] b");
    expect(matcher.test("clean")).toBe(false);
  });

  it("matchers of many secrets (more than the process keeps built) each find only their own", () => {
    const secrets = Array.from({ length: 300 }, (_, i) => `Quokka${i}Zeta`);
    for (const secret of secrets) new SecretFormMatcher([secret]);
    for (const i of [0, 150, 299]) {
      const matcher = new SecretFormMatcher([secrets[i]!]);
      expect(matcher.mask(`say ${b64(secrets[i]!)} now`)).toBe("say [masked] now");
      expect(matcher.test(`the word is ${secrets[(i + 1) % 300]}`)).toBe(false);
    }
    const both = new SecretFormMatcher([secrets[1]!, SECRET]);
    expect(both.mask(`${rot13(SECRET)} and ${hex(secrets[1]!)}`)).toBe("[masked] and [masked]");
  });
});

describe("cost is linear in the text", () => {
  // No clock here: a quadratic search on these 200,000-character texts would take minutes, far
  // past the test's own timeout, while a linear one finishes them in a blink.
  it("adversarial repetitions find nothing (no backtracking)", () => {
    const secret = "aaaaaaaaaaaaaaaaaaab";
    const texts = [
      "a".repeat(200_000),
      "a-".repeat(100_000),
      "A".repeat(200_000),
      b64("c".repeat(150_000)),
      "61".repeat(100_000),
      "alfa ".repeat(40_000),
    ];
    const matcher = new SecretFormMatcher([secret]);
    for (const text of texts) expect(matcher.find(text)).toEqual([]);
  });

  it("many matches in one long text are masked in one pass", () => {
    const text = `${SECRET} `.repeat(20_000) + `${b64(SECRET)} `.repeat(20_000);
    expect(maskSecretForms(text, [SECRET])).toBe("[masked] ".repeat(40_000));
  });
});
