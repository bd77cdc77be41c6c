"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";

/**
 * Re-renders the page (router.refresh) when `eventName` fires on window, at most once a second:
 * the inbox listens to the bell's stream this way instead of opening a second one.
 */
export function RefreshOnEvent({ eventName }: { eventName: string }) {
  const router = useRouter();
  const last = useRef(0);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onEvent = () => {
      if (timer) return;
      const wait = Math.max(0, last.current + 1000 - Date.now());
      timer = setTimeout(() => {
        timer = undefined;
        last.current = Date.now();
        router.refresh();
      }, wait);
    };
    window.addEventListener(eventName, onEvent);
    return () => {
      window.removeEventListener(eventName, onEvent);
      if (timer) clearTimeout(timer);
    };
  }, [eventName, router]);
  return null;
}
