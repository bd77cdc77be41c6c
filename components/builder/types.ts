import type { GraphIssue, WorkflowGraph } from "@/lib/workflow/types";
import type { Config, ConfigPath } from "./config-model";

// What the page hands the builder besides the graph. Nothing secret: the challenge's secret and
// success pattern stay on the server.

export interface BuilderChallenge {
  id: string;
  name: string;
  /** rules | llm-judge | custom: the Prompt Challenge node's mode when it sets none. */
  evaluatorType: string;
  scoringStrategy: "first" | "fastest" | "fewest_tokens" | "highest_rating" | "custom";
  /** "pluginId/entrypoint" of the challenge's scorer plugin, if any. */
  scoringPlugin: string | null;
}

export interface BuilderPlugin {
  pluginId: string;
  name: string;
  kind: "evaluator" | "scorer";
  entrypoints: string[];
  configSchema: Record<string, unknown> | null;
}

export interface BuilderOptions {
  challenge: BuilderChallenge;
  /** The workspace's challenges, for a Prompt Challenge node that names another one. */
  challenges: { id: string; name: string }[];
  plugins: BuilderPlugin[];
  /** Model references to offer (offline levels, workspace providers' models). */
  models: BuilderModelOption[];
}

export interface BuilderModelOption {
  value: string;
  label: string;
  /** The dropdown's group: "Offline practice models", a provider's name. */
  group?: string;
}

export type SaveDraftResult =
  | { ok: true; savedAt: string }
  | { ok: false; issues: GraphIssue[]; message?: string }
  | { ok: false; issues?: undefined; message: string };

/** A challenge that holds the publish at the calibration gate. */
export interface PublishGateHold {
  challengeId: string;
  challengeName: string;
  /** What failed: thresholds of the latest calibration of this graph, or that there is none. */
  failures: string[];
  /** The challenge's calibration page. */
  calibrationHref: string;
}

export type PublishResult =
  | { ok: true; version: number; overridden: boolean }
  | { ok: false; issues?: GraphIssue[]; gate?: PublishGateHold[]; message: string };

export interface BuilderActions {
  saveDraft: (graph: unknown) => Promise<SaveDraftResult>;
  /** With a reason, publishes past a failing calibration gate (the reason is audited). */
  publish: (graph: unknown, overrideReason?: string) => Promise<PublishResult>;
}

/** The message above the canvas: a refused connection, a save, a publish. */
export interface BuilderNotice {
  tone: "error" | "success" | "info";
  text: string;
}

/** What a node type's editor (lib/workflow/nodes/<type>/editor.tsx) gets from the config panel. */
export interface NodeEditorContext {
  nodeId: string;
  config: Config;
  /** The config's schema messages by field path ("" for the whole config). */
  issues: Map<string, string[]>;
  set: (path: ConfigPath, value: unknown) => void;
  fieldId: (path: ConfigPath) => string;
  errors: (path: ConfigPath) => string[];
  options: BuilderOptions;
  graph: WorkflowGraph;
}
