// TEMPORARY (rb-ui): the red/blue service signatures fixed in RB-DESIGN.md ("Exports"), declared
// only so the pages type-check until svc-a/svc-b land lib/services/red-blue on main. Every import
// of this file switches to "@/lib/services/red-blue" and this file is deleted then.
import type { z } from "zod";
import type {
  PairingsQuery,
  PlayerPairingView,
  RedBlueChallengeView,
  RedBlueCreateInput,
  RedBlueTeam,
  RedBlueUpdateInput,
  StandingsView,
  consolePairingsResponse,
  publicRedBlueResponse,
  publicRedBlueView,
} from "@/lib/contracts/red-blue";

export declare function listRedBlueChallenges(workspaceId: string, opts?: { appId?: string }): Promise<RedBlueChallengeView[]>;
export declare function getRedBlueChallenge(workspaceId: string, id: string): Promise<RedBlueChallengeView>;
export declare function createRedBlueChallenge(
  workspaceId: string,
  accountId: string | null,
  input: RedBlueCreateInput,
): Promise<RedBlueChallengeView>;
export declare function updateRedBlueChallenge(
  workspaceId: string,
  accountId: string | null,
  id: string,
  input: RedBlueUpdateInput,
): Promise<RedBlueChallengeView>;
export declare function deleteRedBlueChallenge(workspaceId: string, id: string): Promise<void>;
export declare function listPairings(
  workspaceId: string,
  id: string,
  query: PairingsQuery,
): Promise<z.infer<typeof consolePairingsResponse>>;
export declare function getStandings(
  challengeId: string,
  limit: number,
  opts?: { includeInactive?: boolean },
): Promise<StandingsView>;
export declare function listPublicRedBlue(): Promise<z.infer<typeof publicRedBlueView>[]>;
export declare function getPublicRedBlue(
  id: string,
  viewerAccountId: string | null,
): Promise<z.infer<typeof publicRedBlueResponse>>;
export declare function listMyPairings(
  accountId: string,
  challengeId: string,
  limit: number,
): Promise<{ data: PlayerPairingView[] }>;
export type { RedBlueTeam };
