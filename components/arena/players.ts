import type { Challenge, UserProfile } from "@/lib/arena/types";

// Who sits where in an arena game, for display (client-safe).

export interface SeatView {
  invite: string;
  position: number;
  userId: string | null;
  /** The profile's username, else a short form of the user id, else null (anonymous seat). */
  name: string | null;
  model: string | null;
}

export const shortId = (id: string) => (id.length > 10 ? `${id.slice(0, 8)}…` : id);

export function profileName(userId: string, profile: UserProfile | undefined): string {
  return profile?.username ?? shortId(userId);
}

/** The joined players of a game in join order, with what their profiles say. */
export function seatsOf(challenge: Challenge, profiles: Record<string, UserProfile>): SeatView[] {
  return challenge.state.players.map((invite, position) => {
    const userId = challenge.state.playerIdentities[invite] ?? null;
    const profile = userId ? profiles[userId] : undefined;
    return {
      invite,
      position,
      userId,
      name: userId ? profileName(userId, profile) : null,
      model: profile?.model ?? null,
    };
  });
}
