import { HintsPanel } from "@/components/play/hints-panel";
import { env } from "@/lib/env";
import { listPlayerHints } from "@/lib/services/hints";

/** The challenge page's hints: read for the viewer (bodies only of their unlocks) and rendered. */
export async function HintsSection({
  challengeId,
  viewerId,
}: {
  challengeId: string;
  viewerId: string | null;
}) {
  const hints = await listPlayerHints(challengeId, viewerId);
  const loginHref = `/login?${new URLSearchParams({ next: `/challenges/${challengeId}` }).toString()}`;
  return (
    <HintsPanel
      challengeId={challengeId}
      hints={hints}
      signedIn={viewerId !== null}
      loginHref={loginHref}
      imageHosts={env.MARKDOWN_IMAGE_HOSTS}
    />
  );
}
