// The seam the judge tests mock: getModel hands out the current mock for "mock:judge" and the real
// implementation (offline models included) for everything else. Kept free of runtime imports so
// the vi.mock factories of the judge tests can load it while "@/lib/ai" is being mocked.
import type { LanguageModelV4 } from "@ai-sdk/provider";
import type * as AiSeam from "@/lib/ai";

let mockModel: LanguageModelV4 | undefined;

export function setMockJudge(model: LanguageModelV4 | undefined): void {
  mockModel = model;
}

export function withMockJudge(real: typeof AiSeam): typeof AiSeam {
  return {
    ...real,
    getModel: (ref: string, opts?: { workspaceId?: string }) =>
      ref === "mock:judge" && mockModel ? Promise.resolve(mockModel) : real.getModel(ref, opts),
  };
}
