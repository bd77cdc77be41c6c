import { describe, expect, it } from "vitest";
import {
  latestPerOpponent,
  selectOpponent,
  strength,
  type Candidate,
  type RotationEntry,
} from "@/lib/red-blue/selection";

const t = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
const c = (id: string, accountId: string | null, at: number, won = 0, lost = 0): Candidate => ({
  id,
  accountId,
  createdAt: t(at),
  won,
  lost,
});

describe("selectOpponent", () => {
  const pool = [
    c("a1", "alice", 1, 3, 1),
    c("a2", "alice", 5, 0, 0),
    c("b1", "bob", 2, 4, 0),
    c("me1", "me", 9, 9, 0),
  ];

  it("never picks the selector's own submission, under every policy", () => {
    const mine = [c("m1", "me", 1), c("m2", "me", 2)];
    for (const policy of ["latest_best", "random_active", "round_robin", "request_new_if_none"] as const) {
      const sel = selectOpponent({ policy, candidates: mine, selectorAccountId: "me", random: () => 0.99 });
      expect(sel.picked, policy).toBeNull();
      for (let r = 0; r < 1; r += 0.1) {
        const s = selectOpponent({ policy, candidates: pool, selectorAccountId: "me", random: () => r });
        expect(s.picked?.accountId, policy).not.toBe("me");
      }
    }
  });

  it("latest_best: each opponent's newest submission, the strongest record wins, ties go to the newest", () => {
    // alice's newest (a2, untested: 1/2) vs bob's b1 (4-0: 5/6) → b1.
    expect(
      selectOpponent({ policy: "latest_best", candidates: pool, selectorAccountId: "me" }).picked?.id,
    ).toBe("b1");
    const tied = [c("x", "x", 1), c("y", "y", 2)];
    expect(
      selectOpponent({ policy: "latest_best", candidates: tied, selectorAccountId: "me" }).picked?.id,
    ).toBe("y");
    expect(strength(c("u", "u", 0))).toBe(0.5);
  });

  it("random_active draws over every active submission of others", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const r = i / 10;
      seen.add(
        selectOpponent({
          policy: "random_active",
          candidates: pool,
          selectorAccountId: "me",
          random: () => r,
        }).picked!.id,
      );
    }
    expect([...seen].sort()).toEqual(["a1", "a2", "b1"]);
  });

  it("round_robin is fair over opponents: 9 picks against 3 opponents give 3 each, in turn", () => {
    const candidates = [c("d1", "p1", 1), c("d2", "p2", 2), c("d3", "p3", 3)];
    const rotation = new Map<string, RotationEntry>();
    const order: string[] = [];
    for (let i = 0; i < 9; i++) {
      const sel = selectOpponent({ policy: "round_robin", candidates, selectorAccountId: "me", rotation });
      const who = sel.picked!.accountId!;
      order.push(who);
      const prev = rotation.get(who);
      rotation.set(who, { picks: (prev?.picks ?? 0) + 1, lastPickedAt: t(100 + i) });
    }
    expect(order).toEqual(["p1", "p2", "p3", "p1", "p2", "p3", "p1", "p2", "p3"]);
  });

  it("round_robin takes a newcomer first, with their newest submission", () => {
    const rotation = new Map<string, RotationEntry>([
      ["p1", { picks: 2, lastPickedAt: t(10) }],
      ["p2", { picks: 2, lastPickedAt: t(11) }],
    ]);
    const candidates = [c("d1", "p1", 1), c("d2", "p2", 2), c("d3old", "p3", 3), c("d3new", "p3", 4)];
    expect(
      selectOpponent({ policy: "round_robin", candidates, selectorAccountId: "me", rotation }).picked?.id,
    ).toBe("d3new");
  });

  it("request_new_if_none: a fresh submission when there is one, else asks and falls back to the last known", () => {
    const fresh = selectOpponent({
      policy: "request_new_if_none",
      candidates: pool,
      selectorAccountId: "me",
      freshSince: t(3),
    });
    expect(fresh).toEqual({ picked: expect.objectContaining({ id: "a2" }), requestNew: false });
    const stale = selectOpponent({
      policy: "request_new_if_none",
      candidates: pool,
      selectorAccountId: "me",
      freshSince: t(6),
    });
    expect(stale).toEqual({ picked: expect.objectContaining({ id: "a2" }), requestNew: true });
    const none = selectOpponent({ policy: "request_new_if_none", candidates: [], selectorAccountId: "me" });
    expect(none).toEqual({ picked: null, requestNew: true });
    expect(selectOpponent({ policy: "latest_best", candidates: [], selectorAccountId: "me" })).toEqual({
      picked: null,
      requestNew: false,
    });
  });

  it("latestPerOpponent keeps one submission per account, anonymous ones apart", () => {
    const got = latestPerOpponent([c("a", "x", 1), c("b", "x", 2), c("n1", null, 1), c("n2", null, 2)]).map(
      (s) => s.id,
    );
    expect(got.sort()).toEqual(["b", "n1", "n2"]);
  });
});
