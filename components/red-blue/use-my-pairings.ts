import { useRouter } from "next/navigation";
import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import type { PlayerPairingView } from "@/lib/contracts/red-blue";

const POLL_MS = 4000;
const POLL_FOR_MS = 3 * 60_000;
const LIST_LIMIT = 20;

/**
 * The player's pairings: reloaded with the page's server components (the standings) on demand,
 * and polled for a while after a submission that waits for an opponent.
 */
export function useMyPairings(api: string, signedIn: boolean, initialPairings: PlayerPairingView[]) {
  const router = useRouter();
  const [pairings, setPairings] = useState(initialPairings);
  const [refreshing, setRefreshing] = useState(false);
  const [pollUntil, setPollUntil] = useState(0);
  const seen = useRef(new Set(initialPairings.map((p) => p.id)));

  // Reloads the pairings and (server-rendered) standings; a poll re-renders those only on news.
  const refresh = useCallback(
    async ({ onlyIfNew = false }: { onlyIfNew?: boolean } = {}): Promise<boolean> => {
      setRefreshing(true);
      try {
        if (!onlyIfNew) startTransition(() => router.refresh());
        if (!signedIn) return false;
        const p = await fetch(`${api}/pairings?limit=${LIST_LIMIT}`, { cache: "no-store" });
        if (!p.ok) return false;
        const body = (await p.json()) as { data: PlayerPairingView[] };
        const fresh = body.data.some((x) => !seen.current.has(x.id));
        body.data.forEach((x) => seen.current.add(x.id));
        setPairings(body.data);
        if (fresh && onlyIfNew) startTransition(() => router.refresh());
        return fresh;
      } catch {
        return false;
      } finally {
        setRefreshing(false);
      }
    },
    [api, signedIn, router],
  );

  // While a submission waits for an opponent, look for its pairing now and then.
  useEffect(() => {
    if (pollUntil <= Date.now()) return;
    const timer = setInterval(() => {
      if (Date.now() > pollUntil) {
        setPollUntil(0);
        return;
      }
      if (document.visibilityState !== "visible") return;
      void refresh({ onlyIfNew: true }).then((fresh) => {
        if (fresh) setPollUntil(0);
      });
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [pollUntil, refresh]);

  const markSeen = useCallback((id: string) => seen.current.add(id), []);
  const pollForOpponent = useCallback(() => setPollUntil(Date.now() + POLL_FOR_MS), []);
  return { pairings, refreshing, refresh, polling: pollUntil > 0, markSeen, pollForOpponent };
}
