import { z } from "zod";
import type { NodeDefinition } from "@/lib/workflow/definition-types";
import { templateString } from "@/lib/workflow/nodes/shared";

export const answerConfigSchema = z.strictObject({
  template: templateString("template").default("{{text}}"),
});
export type AnswerConfig = z.output<typeof answerConfigSchema>;

export const answerDefinition: NodeDefinition<typeof answerConfigSchema> = {
  type: "answer",
  label: "Answer",
  description: "The run's final output, shown to the player.",
  category: "io",
  singleton: true,
  inputs: [{ id: "text", label: "Text", type: "any" }],
  outputs: [{ id: "text", label: "Text", type: "string" }],
  configSchema: answerConfigSchema,
  defaultConfig: { template: "{{text}}" },
  templatesOf: (config) => [{ field: "template", source: config.template }],
};
