import { z } from "zod";
import { defineNode } from "@/lib/workflow/definition-types";
import { VARIABLE_NAME } from "@/lib/workflow/nodes/shared";
import en from "./messages/en.json";

export const DEFAULT_PROMPT_MAX_LENGTH = 4000;

const variableSchema = z.strictObject({
  name: z
    .string()
    .regex(VARIABLE_NAME, "Use letters, digits and _ (64 at most), starting with a letter or _")
    .refine((n) => n !== "secret", "The name secret is reserved for {{secret}}"),
  label: z.string().max(120).optional(),
  type: z.enum(["string", "number", "boolean"]).default("string"),
  required: z.boolean().default(true),
  /** Strings only. */
  max_length: z.number().int().min(1).max(100_000).optional(),
});

const DEFAULT_VARIABLES = [
  {
    name: "prompt",
    label: "Prompt",
    type: "string" as const,
    required: true,
    max_length: DEFAULT_PROMPT_MAX_LENGTH,
  },
];

export const startConfigSchema = z
  .strictObject({
    variables: z
      .array(variableSchema)
      .min(1, "Declare at least the prompt variable")
      .max(20)
      .default(() => DEFAULT_VARIABLES.map((v) => ({ ...v }))),
  })
  .superRefine((config, ctx) => {
    const seen = new Set<string>();
    config.variables.forEach((v, i) => {
      if (seen.has(v.name)) {
        ctx.addIssue({
          code: "custom",
          path: ["variables", i, "name"],
          message: `Variable "${v.name}" is declared twice`,
        });
      }
      seen.add(v.name);
    });
    const prompt = config.variables.find((v) => v.name === "prompt");
    if (!prompt || prompt.type !== "string") {
      ctx.addIssue({
        code: "custom",
        path: ["variables"],
        message: 'Declare a "prompt" variable of type string',
      });
    }
  });
export type StartConfig = z.output<typeof startConfigSchema>;

export const startDefinition = defineNode({
  type: "start",
  category: "io",
  messages: { en },
  singleton: true,
  inputs: [],
  outputs: [{ id: "prompt", label: "Prompt", type: "string" }],
  configSchema: startConfigSchema,
  defaultConfig: { variables: DEFAULT_VARIABLES.map((v) => ({ ...v })) },
  outputsFor: (config) =>
    config.variables.map((v) => ({ id: v.name, label: v.label ?? v.name, type: v.type })),
});
