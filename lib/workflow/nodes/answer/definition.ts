import { z } from "zod";
import { defineNode } from "@/lib/workflow/definition-types";
import { templateString } from "@/lib/workflow/nodes/shared";
import en from "./messages/en.json";

export const answerConfigSchema = z.strictObject({
  template: templateString("template").default("{{text}}"),
});
export type AnswerConfig = z.output<typeof answerConfigSchema>;

export const answerDefinition = defineNode({
  type: "answer",
  category: "io",
  messages: { en },
  singleton: true,
  inputs: [{ id: "text", label: "Text", type: "any" }],
  outputs: [{ id: "text", label: "Text", type: "string" }],
  configSchema: answerConfigSchema,
  defaultConfig: { template: "{{text}}" },
  templatesOf: (config) => [{ field: "template", source: config.template }],
});
