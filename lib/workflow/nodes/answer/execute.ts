import "server-only";
import type { NodeExecutor } from "@/lib/workflow/executor-types";
import type { AnswerConfig } from "@/lib/workflow/nodes/answer/definition";

// The run's final output; the engine returns it (masked) as RunResult.outputs / answerText.
export const answerExecutor: NodeExecutor<AnswerConfig> = {
  execute(ctx) {
    return { outputs: { text: ctx.render("template") } };
  },
};
