"use client";

import { JudgeSettings, SecretAsHintField, type NodeEditorProps } from "@/components/builder/node-editor-kit";
import { JudgeConsensusFields } from "./consensus-fields";

export function JudgingLlmEditor({ ctx }: NodeEditorProps) {
  return (
    <>
      <JudgeSettings ctx={ctx} maxTokensKey="max_tokens" />
      <SecretAsHintField ctx={ctx} onChange={(v) => ctx.set(["secret_as_hint"], v)} />
      <JudgeConsensusFields ctx={ctx} />
    </>
  );
}
