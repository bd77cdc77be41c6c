import "server-only";
import { db } from "@/lib/db";
import { conflict, notFound } from "@/lib/errors";
import { workflowGraphSchema } from "@/lib/contracts/workflows";
import { challengeMasker } from "@/lib/services/attempts/read-shared";
import { runWorkflowForWorkspace } from "@/lib/services/runs/run-workflow";

// A challenge's whole evaluation on a given answer: the workflow version runs with every llm node
// answering that text (no defender model is asked) and every challenge-evaluator judging it as
// is, so its rules, judges and plugins decide as they would on an answer that reached them.
// Nothing is stored; feedback is masked against the challenge's secret.

export interface AnswerEvaluation {
  outcome: "pass" | "fail" | "error";
  rating: number | null;
  feedback: string | null;
  judgeTokens: number;
}

export type AnswerEvaluator = (answer: string, signal?: AbortSignal) => Promise<AnswerEvaluation>;

/** What is evaluated: a published workflow version, or a draft's graph as it was when calibrated. */
export type EvaluatedGraph = { workflowVersionId: string } | { workflowId: string; graph: unknown };

/** The evaluator of one challenge at one graph (read once). */
export async function answerEvaluator(
  workspaceId: string,
  challengeId: string,
  source: EvaluatedGraph,
): Promise<AnswerEvaluator> {
  const challenge = await db.challenge.findFirst({
    where: { id: challengeId, workspaceId },
    select: { id: true, secretRef: true },
  });
  if (!challenge) throw notFound("Challenge");
  let target: { workflowId: string; versionId: string | null; graph: unknown };
  if ("workflowVersionId" in source) {
    const version = await db.workflowVersion.findFirst({
      where: { id: source.workflowVersionId, workflow: { workspaceId } },
      select: { id: true, workflowId: true, graph: true },
    });
    if (!version) throw conflict("The workflow version to calibrate no longer exists");
    target = { workflowId: version.workflowId, versionId: version.id, graph: version.graph };
  } else {
    target = { workflowId: source.workflowId, versionId: null, graph: source.graph };
  }
  const graph = workflowGraphSchema.parse(target.graph);
  const masker = await challengeMasker(workspaceId, challenge.secretRef);

  return async (answer, signal) => {
    const result = await runWorkflowForWorkspace({
      workspaceId,
      workflowId: target.workflowId,
      workflowVersionId: target.versionId,
      graph,
      inputs: { prompt: "Calibration example" },
      endUserId: null,
      triggeredFrom: "calibration",
      challengeId: challenge.id,
      fixedAnswer: answer,
      persist: false,
      signal,
    });
    const evaluation = result.evaluation;
    const feedback = evaluation?.feedback ?? result.error ?? null;
    return {
      // A run that failed, or a graph without an evaluator, never counts as a win.
      outcome: result.status === "succeeded" && evaluation ? evaluation.outcome : "error",
      rating: evaluation?.rating ?? null,
      feedback: feedback === null ? null : masker.mask(feedback),
      judgeTokens: result.judgeTokensTotal,
    };
  };
}

/** One answer through the challenge's evaluation at that version. */
export async function evaluateAnswer(input: {
  workspaceId: string;
  challengeId: string;
  workflowVersionId: string;
  answer: string;
  signal?: AbortSignal;
}): Promise<AnswerEvaluation> {
  const evaluate = await answerEvaluator(input.workspaceId, input.challengeId, {
    workflowVersionId: input.workflowVersionId,
  });
  return evaluate(input.answer, input.signal);
}
