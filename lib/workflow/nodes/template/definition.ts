import { z } from "zod";
import type { NodeDefinition } from "@/lib/workflow/definition-types";
import { templateString } from "@/lib/workflow/nodes/shared";

export const templateConfigSchema = z.strictObject({
  template: templateString("template").default("{{input}}"),
});
export type TemplateConfig = z.output<typeof templateConfigSchema>;

export const templateDefinition: NodeDefinition<typeof templateConfigSchema> = {
  type: "template",
  label: "Template",
  description: "Builds text from its input, upstream outputs and secrets.",
  category: "logic",
  inputs: [{ id: "input", label: "Input", type: "any" }],
  outputs: [{ id: "text", label: "Text", type: "string" }],
  configSchema: templateConfigSchema,
  defaultConfig: { template: "{{input}}" },
  templatesOf: (config) => [{ field: "template", source: config.template }],
};
