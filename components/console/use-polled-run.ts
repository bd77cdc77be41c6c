"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { consoleJson, errorText } from "@/components/packs/runs/api";

const POLL_MS = 1000;

/**
 * A background run's view, polled from `url` every second while `isActive` says it works; once it
 * has finished the page is refreshed so the server renders the results. `setRun` takes a view
 * another request answered (e.g. a cancel). Pass module-level `parse` and `isActive`.
 */
export function usePolledRun<T>(
  initial: T,
  {
    url,
    workspace,
    parse,
    isActive,
  }: { url: string; workspace: string; parse: (run: unknown) => T; isActive: (run: T) => boolean },
) {
  const router = useRouter();
  const [run, setRun] = useState(initial);
  const [pollError, setPollError] = useState<string | null>(null);
  const active = isActive(run);

  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    const tick = async () => {
      try {
        const body = (await consoleJson(url, workspace, { signal: controller.signal })) as { run: unknown };
        if (stopped) return;
        const next = parse(body.run);
        setRun(next);
        setPollError(null);
        if (!isActive(next)) {
          router.refresh();
          return;
        }
      } catch (err) {
        if (stopped) return;
        setPollError(errorText(err));
      }
      timer = setTimeout(() => void tick(), POLL_MS);
    };
    timer = setTimeout(() => void tick(), POLL_MS);
    return () => {
      stopped = true;
      controller.abort();
      clearTimeout(timer);
    };
  }, [active, url, workspace, router, parse, isActive]);

  return { run, setRun, pollError, active };
}
