"use client";

import { useEffect, useRef } from "react";

// Leaving the builder with unsaved changes asks first: the browser's own prompt when the tab is
// closed or reloaded (beforeunload), a confirm() when an in-app link is followed. Links are
// checked in the capture phase on the document, before Next's <Link> handler runs, so a cancelled
// navigation never starts.

/** Whether a click on this anchor would leave the current page in this tab. */
export function leavesPage(anchor: HTMLAnchorElement, event: MouseEvent, here: URL): boolean {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  if (anchor.hasAttribute("download")) return false;
  const target = anchor.getAttribute("target");
  if (target && target !== "_self") return false;
  const href = anchor.getAttribute("href");
  if (href === null || href === "" || href.startsWith("#")) return false;
  let url: URL;
  try {
    url = new URL(href, here);
  } catch {
    return false;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  // Only the hash changes: the page stays.
  return !(url.origin === here.origin && url.pathname === here.pathname && url.search === here.search);
}

export function useUnsavedChangesGuard(dirty: boolean, message: string): void {
  const state = useRef({ dirty, message });
  useEffect(() => {
    state.current = { dirty, message };
  }, [dirty, message]);

  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!state.current.dirty) return;
      e.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      e.returnValue = "";
    };
    const onClick = (e: MouseEvent) => {
      if (!state.current.dirty || e.defaultPrevented) return;
      const anchor = e.target instanceof Element ? e.target.closest("a") : null;
      if (!anchor || !leavesPage(anchor, e, new URL(window.location.href))) return;
      if (window.confirm(state.current.message)) return;
      e.preventDefault();
      e.stopPropagation();
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    document.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      document.removeEventListener("click", onClick, true);
    };
  }, []);
}
