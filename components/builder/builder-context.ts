"use client";

import { createContext, useContext } from "react";
import type { NodeRunStatus } from "@/lib/workflow/types";

// What the canvas nodes show beside their own data: the graph issues on them and their status in
// the current test run. Kept out of node.data so it never ends up in the saved graph.
export interface CanvasOverlay {
  issues: ReadonlyMap<string, readonly string[]>;
  runStatus: ReadonlyMap<string, NodeRunStatus>;
}

export const CanvasOverlayContext = createContext<CanvasOverlay>({ issues: new Map(), runStatus: new Map() });

export const useCanvasOverlay = () => useContext(CanvasOverlayContext);
