import { z } from "zod";
import { defineNode } from "@/lib/workflow/definition-types";
import { templateString } from "@/lib/workflow/nodes/shared";
import en from "./messages/en.json";

export const templateConfigSchema = z.strictObject({
  template: templateString("template").default("{{input}}"),
});
export type TemplateConfig = z.output<typeof templateConfigSchema>;

export const templateDefinition = defineNode({
  type: "template",
  category: "logic",
  messages: { en },
  inputs: [{ id: "input", label: "Input", type: "any" }],
  outputs: [{ id: "text", label: "Text", type: "string" }],
  configSchema: templateConfigSchema,
  defaultConfig: { template: "{{input}}" },
  templatesOf: (config) => [{ field: "template", source: config.template }],
});
