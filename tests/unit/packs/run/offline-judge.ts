// The offline judge as a pack-judge caller: through the judge protocol every pack judge uses
// (a 0..10 rating and a verdict), with no model behind it.
import { getModel } from "@/lib/ai";
import { judgeResponse } from "@/lib/evaluation/judge";
import { JUDGE_RATING_SCALE, type CallJudge } from "@/lib/packs/run/judges";

/** Answers as `offline:judge`; a judge error is no rating and no verdict. */
export const offlineJudge: CallJudge = async (_model, request) => {
  const result = await judgeResponse({
    workspaceId: "test",
    modelRef: "offline:judge",
    getModel: (ref) => getModel(ref),
    goal: request.goal,
    response: request.response,
    ratingScale: JUDGE_RATING_SCALE,
  });
  const failed = result.outcome === "error";
  return {
    rating: failed ? null : result.rating,
    passed: failed ? null : result.outcome === "pass",
    tokens: 0,
    costUsd: 0,
  };
};
