import "server-only";
import type { NodeExecutor } from "@/lib/workflow/executor-types";
import type { TemplateConfig } from "@/lib/workflow/nodes/template/definition";

export const templateExecutor: NodeExecutor<TemplateConfig> = {
  execute(ctx) {
    return { outputs: { text: ctx.render("template") } };
  },
};
