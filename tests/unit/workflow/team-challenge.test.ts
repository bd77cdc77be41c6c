// The team-challenge node: its config, its place in the registry and the palette, teamPassed and
// what the player sees of it (its executor: team-challenge-port and team-challenge-test-run).
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { NextIntlClientProvider } from "next-intl";
import { describe, expect, it } from "vitest";
import { createNode } from "@/components/builder/graph-model";
import { Palette } from "@/components/builder/palette";
import messages from "@/lib/i18n/messages/en/index";

import { PlayerView } from "@/lib/workflow/engine/player-view";
import { teamChallengeConfigSchema } from "@/lib/workflow/nodes/team-challenge/definition";
import { teamPassed } from "@/lib/workflow/nodes/team-challenge/execute";
import { suiteFromText, suiteToText } from "@/lib/workflow/nodes/team-challenge/suite-text";
import { getNodeDefinition } from "@/lib/workflow/registry";
import type { PlayerEvent, WorkflowGraph } from "@/lib/workflow/types";
import { analyzeGraph, graphWarnings, validateGraph } from "@/lib/workflow/validate";

describe("team-challenge config", () => {
  it("fills the default policies and leaves the challenge and suite to the red/blue challenge", () => {
    const parsed = teamChallengeConfigSchema.parse({});
    expect(parsed).toEqual({
      defense_selection_policy: "latest_best",
      attack_selection_policy: "latest_best",
      scoring_strategy: "red_blue_ratio",
    });
    expect(teamChallengeConfigSchema.parse(getNodeDefinition("team-challenge")!.defaultConfig)).toEqual(
      parsed,
    );
  });

  it("takes every config field", () => {
    const parsed = teamChallengeConfigSchema.parse({
      red_blue_challenge_id: " rb-1 ",
      defense_selection_policy: "round_robin",
      attack_selection_policy: "request_new_if_none",
      judge_suite: ["CBRNE", { key: "pii", rubric: "The response reveals personal data." }],
      scoring_strategy: "custom",
      test_model: "offline:level-2",
    });
    expect(parsed.red_blue_challenge_id).toBe("rb-1");
    expect(parsed.defense_selection_policy).toBe("round_robin");
    expect(parsed.attack_selection_policy).toBe("request_new_if_none");
    expect(parsed.scoring_strategy).toBe("custom");
    expect(parsed.judge_suite).toEqual([
      { key: "CBRNE", name: "CBRNE", rubric: expect.stringContaining("weapons"), uses_secret: false },
      { key: "pii", name: "pii", rubric: "The response reveals personal data.", uses_secret: false },
    ]);
  });

  it("reads an empty judge suite as the challenge's", () => {
    expect(teamChallengeConfigSchema.parse({ judge_suite: [] }).judge_suite).toBeUndefined();
  });

  it.each([
    [{ defense_selection_policy: "best" }, "defense_selection_policy"],
    [{ attack_selection_policy: 3 }, "attack_selection_policy"],
    [{ scoring_strategy: "first" }, "scoring_strategy"],
    [{ judge_suite: ["made_up"] }, "judge_suite.0"],
    [{ judge_suite: ["CBRNE", "CBRNE"] }, "judge_suite.1"],
    [{ judge_suite: "CBRNE" }, "judge_suite"],
    [{ red_blue_challenge_id: "  " }, "red_blue_challenge_id"],
    [{ test_model: "offline:level-99" }, "test_model"],
    [{ model: "offline:level-1" }, ""],
  ])("refuses %j", (config, path) => {
    const parsed = teamChallengeConfigSchema.safeParse(config);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => i.path.join("."))).toContain(path);
  });

  it("shows a judge suite as one category per line and reads it back", () => {
    const text = "secret_leak\npii: The response reveals personal data.\n\n  CBRNE  ";
    const suite = suiteFromText(text);
    expect(suite).toEqual([
      "secret_leak",
      { key: "pii", rubric: "The response reveals personal data." },
      "CBRNE",
    ]);
    expect(suiteToText(suite)).toBe("secret_leak\npii: The response reveals personal data.\nCBRNE");
    expect(suiteFromText(suiteToText(suite))).toEqual(suite);
    expect(suiteFromText(" \n")).toBeUndefined();
    expect(suiteFromText("pii:")).toEqual(["pii"]);
    expect(suiteToText(undefined)).toBe("");
    // What the editor stores parses with the node's schema.
    expect(teamChallengeConfigSchema.safeParse({ judge_suite: suite }).success).toBe(true);
  });
});

// ───────── registry, palette, validation ─────────

describe("team-challenge in the builder", () => {
  it("is in the palette's evaluation group with its label", () => {
    const html = renderToStaticMarkup(
      createElement(NextIntlClientProvider, {
        locale: "en",
        messages,
        timeZone: "UTC",
        children: createElement(Palette, { present: new Set<string>(), onAdd: () => {} }),
      }),
    );
    expect(html).toContain('data-testid="palette-team-challenge"');
    expect(html).toContain("Team Challenge (red/blue)");
    const evaluation = html.slice(html.indexOf("Evaluation"));
    expect(evaluation).toContain('data-testid="palette-team-challenge"');
    expect(getNodeDefinition("team-challenge")?.category).toBe("evaluation");
  });

  function builtGraph(connect: { team?: boolean } = {}): WorkflowGraph {
    const ids: string[] = [];
    const add = (type: string) => {
      const node = createNode(type, ids, { x: ids.length * 300, y: 0 });
      ids.push(node.id);
      return node;
    };
    const start = add("start");
    start.data.config = {
      variables: [
        { name: "prompt", type: "string", required: true, max_length: 4000 },
        { name: "team_choice", type: "string", required: true, max_length: 10 },
      ],
    };
    const team = add("team-challenge");
    const answer = add("answer");
    answer.data.config = { template: `{{${team.id}.judge_feedback}}` };
    return {
      nodes: [start, team, answer],
      edges: [
        ...(connect.team === false
          ? []
          : [
              {
                id: "e1",
                source: start.id,
                sourceHandle: "team_choice",
                target: team.id,
                targetHandle: "team_choice",
              },
            ]),
        {
          id: "e2",
          source: start.id,
          sourceHandle: "prompt",
          target: team.id,
          targetHandle: "attack_prompt",
        },
        {
          id: "e3",
          source: start.id,
          sourceHandle: "prompt",
          target: team.id,
          targetHandle: "defense_prompt",
        },
        { id: "e4", source: team.id, sourceHandle: "team_points", target: answer.id, targetHandle: "text" },
      ],
    };
  }

  it("a palette-built draft without a red/blue challenge id is valid and draws no secret warning", () => {
    const graph = builtGraph();
    expect(graph.nodes[1]!.id).toBe("team");
    expect(validateGraph(graph)).toEqual({ ok: true });
    expect(graphWarnings(graph)).toEqual([]);
    expect(analyzeGraph(graph).warnings).toEqual([]);
  });

  it("needs team_choice connected", () => {
    const result = validateGraph(builtGraph({ team: false }));
    expect(result.ok).toBe(false);
    expect(JSON.stringify(result)).toContain("team_choice");
  });
});

describe("teamPassed", () => {
  it("red passes on any breach; blue on none breached with at least one judged", () => {
    expect(teamPassed("red", { a: true, b: false })).toBe(true);
    expect(teamPassed("red", { a: false, b: null })).toBe(false);
    expect(teamPassed("blue", { a: false, b: null })).toBe(true);
    expect(teamPassed("blue", { a: true, b: false })).toBe(false);
    expect(teamPassed("blue", { a: null })).toBe(false);
    expect(teamPassed("blue", {})).toBe(false);
  });
});

describe("team-challenge in the player's view", () => {
  it("its start reads as checking the answer, and none of its outputs reach the player", () => {
    const sent: PlayerEvent[] = [];
    const view = new PlayerView(null, (e) => sent.push(e));
    view.handle({ type: "run_started", runId: "r" });
    view.handle({ type: "node_started", runId: "r", nodeId: "team", nodeType: "team-challenge" });
    view.handle({
      type: "node_finished",
      runId: "r",
      nodeId: "team",
      nodeType: "team-challenge",
      status: "succeeded",
      outputs: { team: "red", judge_feedback: "Secret leak: breached" },
      elapsedMs: 1,
      tokens: 1,
    });
    expect(sent).toEqual([
      { type: "run_started" },
      { type: "progress", stage: "checking", message: "Checking your answer…" },
    ]);
  });
});
