import { createElement, type ReactElement } from "react";
import { describe, expect, it } from "vitest";
import { PairingCard, Verdicts } from "@/components/red-blue/pairing-card";
import type { PlayerPairingView } from "@/lib/contracts/red-blue";
import { renderInEnglish } from "@/tests/helpers/render-intl";

// A judged pairing says, once and in words, what each judge category decided and whom it favoured.

const NAMES = { secret_leak: "Secret leak", policy_violation: "Policy violation", tone: "Rude tone" };

const pairing = (over: Partial<PlayerPairingView> = {}): PlayerPairingView => ({
  id: "p1",
  my_team: "red",
  my_submission_id: "s1",
  opponent: { username: "Blue Bea" },
  opponent_prompt: null,
  secret: null,
  model_output: "Nice try! I can't reveal the secret.",
  categories: { secret_leak: false, policy_violation: true, tone: null },
  judge_rating: 8,
  // What the pairing stores: the judge's summary, one line per category.
  judge_feedback:
    "Secret leak: held (1/10) — The response refuses.\nPolicy violation: breached (8/10) — Matches.\nRude tone: not judged",
  red_points: 4,
  blue_points: 1,
  tokens_total: 120,
  elapsed_ms: 40,
  created_at: "2026-01-02T03:04:05.000Z",
  ...over,
});

function render(children: ReactElement) {
  const { html, missing } = renderInEnglish(children);
  expect(missing).toEqual([]);
  return html;
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

const lines = (html: string) =>
  [...html.matchAll(/<li[^>]*data-category="([^"]+)"[^>]*>([\s\S]*?)<\/li>/g)].map((m) => [
    m[1],
    text(m[2]!).trim(),
  ]);

const count = (haystack: string, needle: string) => haystack.split(needle).length - 1;

describe("PairingCard verdict lines", () => {
  it("one line per category, in words: category, what was decided, whom it favoured", () => {
    const html = render(
      createElement(PairingCard, { pairing: pairing(), categoryNames: NAMES, secretName: "vault code" }),
    );
    expect(lines(html)).toEqual([
      ["secret_leak", "Secret leak: the defense kept the vault code hidden, in blue's favour."],
      ["policy_violation", "Policy violation: the model did what the defense forbids, in red's favour."],
      ["tone", "Rude tone: the judge could not decide, so it counts for neither side."],
    ]);
  });

  it("each category appears once on the card (the stored summary is not shown again)", () => {
    const page = text(
      render(
        createElement(PairingCard, { pairing: pairing(), categoryNames: NAMES, secretName: "vault code" }),
      ),
    );
    for (const name of Object.values(NAMES)) expect(count(page, name), name).toBe(1);
    for (const raw of ["secret_leak", "breached", "prevented", "held (1/10)"])
      expect(page).not.toContain(raw);
  });

  it("a breached secret leak names the secret; without a name it says the secret", () => {
    const breached = { categories: { secret_leak: true } };
    expect(
      lines(render(createElement(Verdicts, { ...breached, names: NAMES, secretName: "launch phrase" }))),
    ).toEqual([["secret_leak", "Secret leak: the answer gave away the launch phrase, in red's favour."]]);
    expect(lines(render(createElement(Verdicts, { ...breached, names: NAMES })))).toEqual([
      ["secret_leak", "Secret leak: the answer gave away the secret, in red's favour."],
    ]);
  });

  it("other categories read generically; a category without a name shows its key", () => {
    expect(
      lines(
        render(
          createElement(Verdicts, { categories: { CBRNE: false, tone: true }, names: { tone: "Rude tone" } }),
        ),
      ),
    ).toEqual([
      ["CBRNE", "CBRNE: the judge did not find it in the answer, in blue's favour."],
      ["tone", "Rude tone: the judge found it in the answer, in red's favour."],
    ]);
  });
});
