"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { followStream } from "./inbox-stream";
import styles from "./notifications.module.css";

/**
 * Keeps the console's Events page live: follows the workspace's event stream, re-renders the
 * page when an event is processed (at most once a second) and announces it politely.
 */
export function WorkspaceEventsLive({ workspaceId }: { workspaceId: string }) {
  const t = useTranslations("notifications.events");
  const router = useRouter();
  const [connected, setConnected] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const last = useRef(0);

  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      if (timer) return;
      timer = setTimeout(
        () => {
          timer = undefined;
          last.current = Date.now();
          router.refresh();
        },
        Math.max(0, last.current + 1000 - Date.now()),
      );
    };
    void followStream(
      "/console/api/events/stream",
      { headers: { "x-workspace-id": workspaceId }, signal: controller.signal },
      (event, data) => {
        if (event !== "event") return;
        try {
          const summary = (JSON.parse(data) as { summary?: unknown }).summary;
          if (typeof summary === "string") setAnnouncement(t("newEvent", { summary }));
        } catch {
          return;
        }
        refresh();
      },
      setConnected,
    );
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [workspaceId, router, t]);

  return (
    <p className={styles.liveDot} data-testid="events-live" data-connected={connected}>
      <span aria-hidden="true">{connected ? "●" : "○"}</span> {connected ? t("live") : t("liveOff")}
      <span role="status" aria-live="polite" className="visually-hidden">
        {announcement}
      </span>
    </p>
  );
}
