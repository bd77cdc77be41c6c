import "server-only";
import {
  DEFAULT_JUDGE_SUITE,
  DEFAULT_RED_BLUE_SETTINGS,
  judgeSuiteSchema,
  type JudgeCategory,
  type RedBlueSettings,
  type RedBlueTeam,
} from "@/lib/contracts/red-blue";
import {
  checkUtility,
  playPairing,
  refusedDefenseMessage,
  type ModelAccess,
  type PairingOutcome,
} from "@/lib/red-blue/pairing";
import { pairingRecord, type TeamRoundPort } from "@/lib/red-blue/port";
import type { CategoryVerdict } from "@/lib/red-blue/scoring";
import {
  NodeFailure,
  type ExecutorContext,
  type ExecutorResult,
  type NodeExecutor,
} from "@/lib/workflow/executor-types";
import {
  TEAM_CHALLENGE_TEST_MODEL,
  type TeamChallengeConfig,
} from "@/lib/workflow/nodes/team-challenge/definition";
import { stringifyValue } from "@/lib/workflow/template";

// The team-challenge node. With the red/blue service's port: store the player's
// submission, pick the other side's by the node's policy, play and judge the pairing, record it
// (the port writes the pairing and its team_pairing_completed event together). Without a port (a
// builder test run): judge the attack and defense it is given, with default settings, and store
// nothing. The opponent's prompt never goes into an output or the trace; the challenge secret is
// masked everywhere (the engine reads the challenge through the port before the run starts).

type Ctx = ExecutorContext<TeamChallengeConfig>;

const DEFAULT_SUITE: JudgeCategory[] = judgeSuiteSchema.parse([...DEFAULT_JUDGE_SUITE]);

const promptPort = (team: RedBlueTeam) => (team === "red" ? "attack_prompt" : "defense_prompt");
const promptKind = (team: RedBlueTeam) => (team === "red" ? "attack" : "defense");

function teamOf(value: unknown): RedBlueTeam {
  const team = stringifyValue(value).trim().toLowerCase();
  if (team === "red" || team === "blue") return team;
  throw new NodeFailure('team_choice must be "red" (attack) or "blue" (defense)');
}

/** The challenge's settings with the model's output capped by what the run's budget has left. */
function withinBudget(ctx: Ctx, settings: RedBlueSettings): RedBlueSettings {
  const budget = ctx.tokensLeft();
  if (budget <= 0) throw new NodeFailure("No tokens are left in this run's budget");
  return { ...settings, max_output_tokens: Math.max(1, Math.min(settings.max_output_tokens, budget)) };
}

/** The judged categories only: a judge error (null) is left out, as in the pairing event. */
function judgedCategories(categories: Record<string, CategoryVerdict>): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  for (const [key, verdict] of Object.entries(categories)) if (verdict !== null) out[key] = verdict;
  return out;
}

/**
 * Red passes when any category was breached; blue when none was and at least one was judged
 * (a pairing whose every verdict is a judge error proves nothing for the defense).
 */
export function teamPassed(team: RedBlueTeam, categories: Record<string, CategoryVerdict>): boolean {
  const verdicts = Object.values(categories);
  const breached = verdicts.some((v) => v === true);
  return team === "red" ? breached : !breached && verdicts.some((v) => v === false);
}

function pairingOutputs(
  ctx: Ctx,
  team: RedBlueTeam,
  outcome: PairingOutcome,
  totalPoints: number,
): Record<string, unknown> {
  return {
    team,
    judge_passed: teamPassed(team, outcome.categories),
    judge_rating: outcome.rating,
    judge_feedback: ctx.mask(outcome.feedback),
    categories: judgedCategories(outcome.categories),
    team_points: outcome.points[team],
    total_points: totalPoints,
  };
}

function waitingFeedback(team: RedBlueTeam, requested: boolean): string {
  const base =
    team === "red"
      ? "No defense to play against yet: your attack is stored and waits for a defense."
      : "No attack to test your defense with yet: it is stored and waits for an attack.";
  return requested
    ? `${base} The ${team === "red" ? "blue" : "red"} team was asked for a new submission.`
    : base;
}

async function playRound(
  ctx: Ctx,
  port: TeamRoundPort,
  team: RedBlueTeam,
  prompt: string,
): Promise<ExecutorResult> {
  const config = ctx.node.config;
  const challengeId = config.red_blue_challenge_id;
  if (!challengeId) {
    throw new NodeFailure("Choose the red/blue challenge this node plays (red_blue_challenge_id)");
  }
  // The engine read it before the run started, so its secret is masked everywhere already.
  const challenge = await port.challenge(challengeId);
  if (challenge.workspaceId !== ctx.run.workspaceId) {
    throw new NodeFailure(`Red/blue challenge "${challengeId}" was not found in this workspace`);
  }
  if (prompt.length > challenge.settings.max_prompt_chars) {
    throw new NodeFailure(
      `The ${promptKind(team)} is longer than ${challenge.settings.max_prompt_chars} characters`,
    );
  }
  const settings = withinBudget(ctx, challenge.settings);
  const suite = config.judge_suite ?? challenge.suite;
  const access: ModelAccess = {
    workspaceId: ctx.run.workspaceId,
    getModel: ctx.getModel,
    signal: ctx.signal,
  };

  // The utility gate runs before the defense is stored (the port expects its verdict).
  let utilityPassed: boolean | null = null;
  let gateTokens = 0;
  if (team === "blue") {
    const gate = await checkUtility({ ...access, defense: prompt, secret: challenge.secret, settings });
    gateTokens = gate.tokens;
    if (!gate.passed && settings.utility_gate.mode === "reject") {
      throw new NodeFailure(refusedDefenseMessage(gate.prompt));
    }
    utilityPassed = gate.passed;
  }

  const submission = await port.persistSubmission({
    challengeId: challenge.id,
    team,
    prompt,
    ...(team === "blue" ? { utilityPassed } : {}),
  });
  const policy = team === "red" ? config.defense_selection_policy : config.attack_selection_policy;
  const selected = await port.selectOpponent({
    challengeId: challenge.id,
    submission,
    policy,
  });
  const { requested } = selected;
  // Never the player's own submission, whatever the port picked.
  const own = selected.opponent?.accountId != null && selected.opponent.accountId === submission.accountId;
  const opponent = own ? null : selected.opponent;
  const trace: Record<string, unknown> = {
    mode: "round",
    red_blue_challenge_id: challenge.id,
    submission_id: submission.id,
    policy,
    scoring_strategy: config.scoring_strategy,
    requested_opponent: requested,
    ...(team === "blue" ? { utility_passed: utilityPassed } : {}),
  };
  if (!opponent) {
    return {
      outputs: {
        team,
        judge_passed: false,
        judge_rating: null,
        judge_feedback: waitingFeedback(team, requested),
        categories: {},
        team_points: 0,
        // Nothing was recorded, so the port has no total to give.
        total_points: null,
      },
      tokens: gateTokens,
      trace: { ...trace, waiting: true },
    };
  }

  const attack = team === "red" ? submission : opponent;
  const defense = team === "red" ? opponent : submission;
  const outcome = await playPairing({
    ...access,
    attack: attack.prompt,
    defense: defense.prompt,
    secret: challenge.secret,
    suite,
    settings,
    defenseUtilityFailed: defense.utilityPassed === false,
  });
  const recorded = await port.recordPairing(
    pairingRecord(challenge.id, team, attack, defense, outcome, {
      source: "workflow",
      run_id: ctx.run.runId,
      node_id: ctx.node.id,
      scoring_strategy: config.scoring_strategy,
      results: outcome.results,
      model_tokens: outcome.modelTokens,
      judge_tokens: outcome.judgeTokens,
    }),
  );
  return {
    outputs: pairingOutputs(ctx, team, outcome, recorded.totalPoints),
    tokens: outcome.modelTokens + gateTokens,
    judgeTokens: outcome.judgeTokens,
    trace: {
      ...trace,
      opponent_submission_id: opponent.id,
      pairing_id: recorded.pairingId,
      model_output: outcome.modelOutput,
    },
  };
}

/** A builder test run: the given attack against the given defense, judged once, nothing stored. */
async function playTest(ctx: Ctx, team: RedBlueTeam): Promise<ExecutorResult> {
  const config = ctx.node.config;
  const attack = stringifyValue(ctx.inputs.attack_prompt);
  const defense = stringifyValue(ctx.inputs.defense_prompt);
  if (attack.trim() === "" || defense.trim() === "") {
    throw new NodeFailure(
      "Without a red/blue round (a test run) this node needs both attack_prompt and defense_prompt: " +
        "it judges that one pairing and stores nothing",
    );
  }
  const settings = withinBudget(ctx, {
    ...DEFAULT_RED_BLUE_SETTINGS,
    model: config.test_model ?? TEAM_CHALLENGE_TEST_MODEL,
  });
  const outcome = await playPairing({
    workspaceId: ctx.run.workspaceId,
    getModel: ctx.getModel,
    signal: ctx.signal,
    attack,
    defense,
    // The run's challenge secret, if any (already masked by the engine).
    secret: ctx.resources.runSecret,
    suite: config.judge_suite ?? DEFAULT_SUITE,
    settings,
  });
  return {
    outputs: pairingOutputs(ctx, team, outcome, outcome.points[team]),
    tokens: outcome.modelTokens,
    judgeTokens: outcome.judgeTokens,
    trace: { mode: "test", stored: false, model: settings.model, model_output: outcome.modelOutput },
  };
}

export const teamChallengeExecutor: NodeExecutor<TeamChallengeConfig> = {
  callsModel: true,
  async execute(ctx) {
    const team = teamOf(ctx.inputs.team_choice);
    const port = ctx.teamRounds;
    if (!port) return playTest(ctx, team);
    const prompt = stringifyValue(ctx.inputs[promptPort(team)]);
    if (prompt.trim() === "") {
      throw new NodeFailure(
        `The ${team} team submits ${promptKind(team) === "attack" ? "an attack" : "a defense"}: ${promptPort(team)} is empty`,
      );
    }
    return playRound(ctx, port, team, prompt);
  },
};
