import "server-only";
import { NodeFailure, type NodeExecutor } from "@/lib/workflow/executor-types";
import { DEFAULT_PROMPT_MAX_LENGTH, type StartConfig } from "@/lib/workflow/nodes/start/definition";

// Checks the run inputs against the declared variables and outputs one value per variable.
// Undeclared inputs are ignored, so callers may send extra context without breaking a workflow.
export const startExecutor: NodeExecutor<StartConfig> = {
  execute(ctx) {
    const outputs: Record<string, unknown> = {};
    for (const variable of ctx.node.config.variables) {
      const raw = ctx.run.inputs[variable.name];
      const label = `Input "${variable.name}"`;
      if (raw === undefined || raw === null || raw === "") {
        if (variable.required) throw new NodeFailure(`${label} is required`);
        outputs[variable.name] = variable.type === "string" ? "" : null;
        continue;
      }
      switch (variable.type) {
        case "string": {
          if (typeof raw !== "string") throw new NodeFailure(`${label} must be text`);
          const max = variable.max_length ?? DEFAULT_PROMPT_MAX_LENGTH;
          if (raw.length > max) {
            throw new NodeFailure(`${label} is ${raw.length} characters long; the limit is ${max}`);
          }
          outputs[variable.name] = raw;
          break;
        }
        case "number": {
          const n = typeof raw === "number" ? raw : typeof raw === "string" ? Number(raw.trim()) : NaN;
          if (!Number.isFinite(n)) throw new NodeFailure(`${label} must be a number`);
          outputs[variable.name] = n;
          break;
        }
        case "boolean": {
          if (typeof raw === "boolean") outputs[variable.name] = raw;
          else if (raw === "true" || raw === "false") outputs[variable.name] = raw === "true";
          else throw new NodeFailure(`${label} must be true or false`);
          break;
        }
      }
    }
    return { outputs };
  },
};
