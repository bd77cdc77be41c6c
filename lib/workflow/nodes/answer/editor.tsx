"use client";

import { TemplateOnlyEditor } from "@/components/builder/node-editor-kit";

export const AnswerEditor = TemplateOnlyEditor;
