// TEMPORARY (rb-ui): svc-b's listMyPairings as fixed in RB-DESIGN.md ("Exports"), declared only so
// the challenge page type-checks until svc-b lands it in lib/services/red-blue on main. Its import
// then switches to "@/lib/services/red-blue" and this file is deleted.
import type { PlayerPairingView } from "@/lib/contracts/red-blue";

export declare function listMyPairings(accountId: string, challengeId: string, limit: number): Promise<{ data: PlayerPairingView[] }>;
