import type { z } from "zod";
import type { PortDefinition } from "@/lib/workflow/definition-types";

export function describeZodIssue(issue: z.core.$ZodIssue): string {
  const path = issue.path.map(String).join(".");
  return path ? `${path}: ${issue.message}` : issue.message;
}

export const portList = (ports: PortDefinition[]) => (ports.length ? ports.map((p) => p.id).join(", ") : "none");
