import { describe, expect, it } from "vitest";
import {
  bleuScore,
  corpusBleu,
  sentenceBleu,
  sentenceStats,
  tokenize13a,
} from "@/lib/packs/validators/bleu_score";
import { chrfScore, corpusChrf, sentenceChrf } from "@/lib/packs/validators/chrf_score";
import { rouge, rougeScore } from "@/lib/packs/validators/rouge_score";
import { squadTokens, tokenF1, tokenF1Validator } from "@/lib/packs/validators/token_f1";

// Published reference values. Sources (figures only; no code was copied):
// - sacreBLEU test suite, github.com/mjpost/sacrebleu test/test_bleu.py, test_sentence_bleu.py and
//   test_chrf.py (the README's "dog bit the man" corpus, the Romanian sentence of https://github.com/mjpost/sacrebleu/issues/98, chrF vectors).
// - Google rouge-score README (github.com/google-research/google-research/tree/master/rouge):
//   score('The quick brown fox jumps over the lazy dog', 'The quick brown dog jumps on the log.')
//   → rouge1 F 0.7058823529411765, rouge2 F 0.26666666666666666, rougeL F 0.5882352941176471.
// - Lin (2004), "ROUGE: A Package for Automatic Evaluation of Summaries", §3.1: reference
//   "police killed the gunman"; "police kill the gunman" ROUGE-L 3/4, "the gunman kill police" 2/4.
// - SQuAD v1.1 official evaluation script (rajpurkar.github.io/SQuAD-explorer) defines token F1;
//   worked examples: Kierszbaum, "F1 score in NLP span-based QA task" (gold "rainy", predicted
//   "rainy day": P 1/2, R 1, F1 2/3); the RC-QA survey quoted at cloud.tencent.cn/developer/article/1555881
//   ("The Question Answering System" → {question, answering, system}); Hugging Face squad metric
//   card ("1976" vs "1976" → f1 100).

const REFS = [
  ["The dog bit the man.", "It was not unexpected.", "The man bit him first."],
  ["The dog had bit the man.", "No one was surprised.", "The man had bitten the dog."],
];
const HYPS = ["The dog bit the man.", "It wasn't surprising.", "The man had just bitten him."];

describe("BLEU against sacreBLEU's published values", () => {
  it("corpus BLEU of the README example is 48.530827 (13a, exp and none smoothing)", () => {
    expect(corpusBleu(HYPS, REFS, { smoothing: { method: "exp" } })).toBeCloseTo(48.530827, 5);
    expect(corpusBleu(HYPS, REFS, { smoothing: { method: "none" } })).toBeCloseTo(48.530827, 5);
  });

  it("corpus BLEU with tokenize none is 49.1919566", () => {
    expect(corpusBleu(HYPS, REFS, { tokenize: "none", smoothing: { method: "exp" } })).toBeCloseTo(
      49.1919566,
      5,
    );
  });

  it("empty hypotheses score 0", () => {
    expect(corpusBleu(["", "", ""], REFS)).toBe(0);
  });

  it("raw BLEU (tokenize none, floor 0.01): 'this is a fest' vs 'this is a test' = 0.223606797749979", () => {
    const opts = {
      tokenize: "none" as const,
      smoothing: { method: "floor" as const, value: 0.01 },
      effectiveOrder: true,
    };
    expect(corpusBleu(["this is a fest"], [["this is a test"]], opts) / 100).toBeCloseTo(
      0.223606797749979,
      8,
    );
    expect(corpusBleu(["this is a test"], [["this is a test"]], opts) / 100).toBeCloseTo(1, 8);
    // Effective order cases from test_bleu.py.
    expect(corpusBleu(["test"], [["a test"]], opts) / 100).toBeCloseTo(0.3678794411714425, 8);
    expect(corpusBleu(["a little test"], [["a test"]], opts) / 100).toBeCloseTo(0.03218297948685433, 8);
  });

  it("n-gram statistics: counts [4,2,1,0], totals [6,5,4,3]", () => {
    const s = sentenceStats("am I am a character sequence", ["I am a symbol string sequence a a"], {
      tokenize: "none",
    });
    expect(s.correct).toEqual([4, 2, 1, 0]);
    expect(s.total).toEqual([6, 5, 4, 3]);
  });

  it("sentence BLEU of sacreBLEU's Romanian sentence: exp 8.493, floor 0.1 (method1) 4.51688, none 0", () => {
    const ref = "producţia de zahăr brut se exprimă în zahăr alb;";
    const sys = "Producția de zahăr primă va fi exprimată în ceea ce privește zahărul alb;";
    expect(sentenceBleu(sys, [ref], { smoothing: { method: "exp" } })).toBeCloseTo(8.493, 2);
    expect(sentenceBleu(sys, [ref], { smoothing: { method: "floor", value: 0.1 } })).toBeCloseTo(4.51688, 3);
    expect(sentenceBleu(sys, [ref], { smoothing: { method: "floor", value: 0.5 } })).toBeCloseTo(10.1, 1);
    expect(sentenceBleu(sys, [ref], { smoothing: { method: "none" } })).toBe(0);
    expect(sentenceBleu(sys, [ref], { smoothing: { method: "exp" }, tokenize: "none" })).toBeCloseTo(
      7.347,
      2,
    );
  });

  it("sentence BLEU with no overlap is 0 under every smoothing (#141)", () => {
    for (const method of ["exp", "none"] as const) {
      expect(sentenceBleu("this is a cat", ["okay thanks"], { smoothing: { method } })).toBe(0);
    }
    expect(
      sentenceBleu("this is a cat", ["okay thanks"], { smoothing: { method: "floor", value: 0.1 } }),
    ).toBe(0);
  });

  it("13a splits punctuation but keeps apostrophes and inner dashes", () => {
    expect(tokenize13a("It wasn't surprising.")).toEqual(["It", "wasn't", "surprising", "."]);
    expect(tokenize13a("3.5 well-known (x), 1,000 &amp; 1990-2000")).toEqual([
      "3.5",
      "well-known",
      "(",
      "x",
      ")",
      ",",
      "1,000",
      "&",
      "1990",
      "-",
      "2000",
    ]);
  });

  it("the validator reports BLEU / 100 against its threshold (method1 default)", () => {
    const ref = "producţia de zahăr brut se exprimă în zahăr alb;";
    const sys = "Producția de zahăr primă va fi exprimată în ceea ce privește zahărul alb;";
    const r = bleuScore.run({ actual: sys, expected: ref, config: { threshold: 0.04 } });
    expect(r.score).toBeCloseTo(0.0451688, 5);
    expect(r.passed).toBe(true);
    expect(r.evidence).toBe("BLEU 0.0452 >= threshold 0.04");
    const strict = bleuScore.run({ actual: sys, expected: ref, config: { smoothing: "none" } });
    expect(strict).toEqual({ passed: false, score: 0, evidence: "BLEU 0 < threshold 0.5" });
    expect(
      bleuScore.run({ actual: "The dog bit the man.", expected: REFS.map((r) => r[0]), config: {} }).score,
    ).toBe(1);
  });

  it("validator config: max_ngram, smoothing values", () => {
    const unigram = bleuScore.run({ actual: "the cat", expected: "the cat sat", config: { max_ngram: 1 } });
    expect(unigram.score).toBeCloseTo(Math.exp(1 - 3 / 2), 8);
    expect(bleuScore.run({ actual: "a", expected: "a", config: { smoothing: "exp" } }).evidence).toMatch(
      /invalid config: smoothing/,
    );
    expect(bleuScore.run({ actual: "a", expected: "a", config: { max_ngram: 0 } }).evidence).toMatch(
      /invalid config: max_ngram/,
    );
  });
});

describe("chrF against sacreBLEU's published values", () => {
  const eps = { charOrder: 6, beta: 3, epsSmoothing: true };
  const noEps = { charOrder: 6, beta: 3, epsSmoothing: false };

  it("eps smoothing, beta 3 (test_chrf.py test_cases)", () => {
    const cases: [string[], string[], number][] = [
      [["abcdefg"], ["hijklmnop"], 0],
      [["a"], ["b"], 0],
      [[""], ["b"], 0],
      [["aa"], ["ab"], 8.3333],
      [["a", "b"], ["a", "c"], 8.3333],
      [["a"], ["a"], 16.6667],
      [["a b c"], ["a b c"], 50],
      [["a b c"], ["abc"], 50],
      [
        [
          " risk assessment must be made of those who are qualified and expertise in the sector - these are the scientists .",
        ],
        [
          "risk assessment has to be undertaken by those who are qualified and expert in that area - that is the scientists .",
        ],
        63.36173,
      ],
      [
        [" Die    Beziehung zwischen  Obama und Netanjahu ist nicht gerade  freundlich. "],
        ["Das Verhältnis zwischen Obama und Netanyahu ist nicht gerade freundschaftlich."],
        64.1302698,
      ],
      [
        ["Niemand hat die Absicht, eine Mauer zu errichten"],
        ["Niemand hat die Absicht, eine Mauer zu errichten"],
        100,
      ],
    ];
    for (const [hyps, refs, want] of cases)
      expect(Math.abs(corpusChrf(hyps, [refs], eps) - want)).toBeLessThan(1e-4);
  });

  it("without eps smoothing (sacreBLEU 2 default), beta 3", () => {
    const cases: [string[], string[], number][] = [
      [["a"], ["a"], 100],
      [[""], ["reference"], 0],
      [["a b c"], ["a b c"], 100],
      [["a b c"], ["abc"], 100],
      [[""], ["c"], 0],
      [["a", "b"], ["a", "c"], 50],
      [["aa"], ["ab"], 25],
    ];
    for (const [hyps, refs, want] of cases)
      expect(Math.abs(corpusChrf(hyps, [refs], noEps) - want)).toBeLessThan(1e-4);
  });

  it("keeping whitespace, beta 3: 67.3481606 and 65.2414427", () => {
    const opts = { beta: 3, whitespace: true };
    expect(
      corpusChrf(
        ["Die Beziehung zwischen Obama und Netanjahu ist nicht gerade freundlich."],
        [["Das Verhältnis zwischen Obama und Netanyahu ist nicht gerade freundschaftlich."]],
        opts,
      ),
    ).toBeCloseTo(67.3481606, 4);
    expect(
      corpusChrf(
        [
          "risk assessment must be made of those who are qualified and expertise in the sector - these are the scientists .",
        ],
        [
          [
            "risk assessment has to be undertaken by those who are qualified and expert in that area - that is the scientists .",
          ],
        ],
        opts,
      ),
    ).toBeCloseTo(65.2414427, 4);
  });

  it("sentence chrF (beta 2, eps smoothing) on the Czech sentences: 39.14078509, 31.22557079, 57.15704367", () => {
    const opts = { epsSmoothing: true };
    expect(
      sentenceChrf(
        "Co nás nejvíc trápí, protože lékaři si vybírají, kdo bude žít a kdo zemře.",
        ["Nejvíce smutní jsme z toho, že musíme rozhodovat o tom, kdo bude žít a kdo zemře."],
        opts,
      ),
    ).toBeCloseTo(39.14078509, 4);
    expect(
      sentenceChrf(
        "Nebo prostě nemají vybavení, které by jim pomohlo, uvedli lékaři.",
        ["A někdy nemáme ani potřebný materiál, abychom jim pomohli, popsali lékaři."],
        opts,
      ),
    ).toBeCloseTo(31.22557079, 4);
    expect(
      sentenceChrf(
        "Lapali po dechu, jejich životy skončily dřív, než skutečně začaly.",
        ["Lapali po dechu a pak jejich život skončil - dřív, než skutečně mohl začít, připomněli."],
        opts,
      ),
    ).toBeCloseTo(57.15704367, 4);
  });

  it("the validator: chrF / 100, threshold, several references take the best, config checks", () => {
    const r = chrfScore.run({ actual: "aa", expected: "ab", config: { beta: 3 } });
    expect(r.score).toBeCloseTo(0.25, 8);
    expect(r.passed).toBe(false);
    expect(r.evidence).toBe("chrF 0.25 < threshold 0.5");
    expect(chrfScore.run({ actual: "aa", expected: ["ab", "aa"], config: {} })).toMatchObject({
      passed: true,
      score: 1,
    });
    expect(chrfScore.run({ actual: "aa", expected: "ab", config: { beta: 3, threshold: 0.25 } }).passed).toBe(
      true,
    );
    expect(chrfScore.run({ actual: "a", expected: "a", config: { word_order: 2 } }).evidence).toMatch(
      /word_order/,
    );
    expect(chrfScore.run({ actual: "a", expected: "a", config: { char_order: 0 } }).evidence).toMatch(
      /char_order/,
    );
  });
});

describe("ROUGE against published values", () => {
  const target = "The quick brown fox jumps over the lazy dog";
  const prediction = "The quick brown dog jumps on the log.";

  it("rouge-score README: rouge1 0.7058823529411765, rouge2 0.26666666666666666, rougeL 0.5882352941176471", () => {
    expect(rouge(prediction, target, "rouge-1")).toBeCloseTo(0.7058823529411765, 10);
    expect(rouge(prediction, target, "rouge-2")).toBeCloseTo(0.26666666666666666, 10);
    expect(rouge(prediction, target, "rouge-l")).toBeCloseTo(0.5882352941176471, 10);
  });

  it("Lin (2004) §3.1: ROUGE-L 3/4 and 1/2, ROUGE-2 equal for both", () => {
    const ref = "police killed the gunman";
    expect(rouge("police kill the gunman", ref, "rouge-l")).toBeCloseTo(0.75, 10);
    expect(rouge("the gunman kill police", ref, "rouge-l")).toBeCloseTo(0.5, 10);
    expect(rouge("police kill the gunman", ref, "rouge-2")).toBeCloseTo(
      rouge("the gunman kill police", ref, "rouge-2"),
      10,
    );
  });

  it("the validator: variant, beta weighs recall, threshold, empty sides", () => {
    expect(rougeScore.run({ actual: prediction, expected: target, config: { variant: "rouge-1" } })).toEqual({
      passed: true,
      score: 0.7058823529411764,
      evidence: "ROUGE-1 0.7059 >= threshold 0.5",
    });
    // P = 6/8, R = 6/9; with beta 2, F = 5PR / (4P + R).
    const p = 6 / 8;
    const rc = 6 / 9;
    expect(
      rougeScore.run({ actual: prediction, expected: target, config: { variant: "rouge-1", beta: 2 } }).score,
    ).toBeCloseTo((5 * p * rc) / (4 * p + rc), 10);
    expect(rougeScore.run({ actual: prediction, expected: target, config: { threshold: 0.6 } }).passed).toBe(
      false,
    );
    expect(rougeScore.run({ actual: "", expected: target, config: {} })).toMatchObject({
      passed: false,
      score: 0,
    });
    expect(rougeScore.run({ actual: "x", expected: "x", config: { variant: "rouge-3" } }).evidence).toMatch(
      /variant/,
    );
  });
});

describe("token F1 (SQuAD)", () => {
  it("normalises like the SQuAD script: lowercase, no punctuation, no articles", () => {
    expect(squadTokens("The Question Answering System")).toEqual(["question", "answering", "system"]);
    expect(squadTokens("An apple, a pear & THE end.")).toEqual(["apple", "pear", "end"]);
    expect(squadTokens("theater anthem")).toEqual(["theater", "anthem"]);
  });

  it("worked examples: 'rainy day' vs 'rainy' = 2/3; '1976' vs '1976' = 1", () => {
    expect(tokenF1("rainy day", "rainy")).toBeCloseTo(2 / 3, 12);
    expect(tokenF1("1976", "1976")).toBe(1);
  });

  it("multiset overlap counts duplicates once per reference occurrence", () => {
    // pred [cat, cat, cat], ref [cat, dog]: common 1, P 1/3, R 1/2, F1 0.4.
    expect(tokenF1("cat cat cat", "the cat dog")).toBeCloseTo(0.4, 12);
    expect(tokenF1("", "")).toBe(1);
    expect(tokenF1("the", "cat")).toBe(0);
  });

  it("the validator: best over references, threshold", () => {
    expect(tokenF1Validator.run({ actual: "rainy day", expected: "rainy", config: {} }).evidence).toBe(
      "token F1 0.6667 >= threshold 0.5",
    );
    expect(
      tokenF1Validator.run({ actual: "rainy day", expected: ["snowy", "rainy day"], config: {} }).score,
    ).toBe(1);
    expect(
      tokenF1Validator.run({ actual: "rainy day", expected: "rainy", config: { threshold: 0.7 } }).passed,
    ).toBe(false);
    expect(tokenF1Validator.run({ actual: "x", expected: "x", config: { threshold: 2 } }).evidence).toMatch(
      /threshold/,
    );
  });
});
