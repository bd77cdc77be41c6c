import { z } from "zod";
import { operation } from "@/lib/contracts/operation";
import {
  joinSchema,
  pairingsQuerySchema,
  redBlueCreateSchema,
  redBlueListQuerySchema,
  redBlueUpdateSchema,
  standingsQuerySchema,
  submitSchema,
} from "@/lib/contracts/red-blue/inputs";
import {
  consolePairingsResponse,
  membershipView,
  myPairingsResponse,
  publicRedBlueListResponse,
  publicRedBlueResponse,
  redBlueChallengeView,
  standingsView,
  submitResponse,
} from "@/lib/contracts/red-blue/views";
import { WRITERS } from "@/lib/contracts/challenges/inputs";
import { idParams } from "@/lib/contracts/params";
import { publicIdParams } from "@/lib/contracts/params";

// The red/blue route contracts: console (six paths) and web (four for playing, the
// public list and the caller's pairings).

export const redBlueConsoleOperations = {
  list: operation({
    auth: "workspace",
    query: redBlueListQuerySchema,
    doc: {
      summary: "List the workspace's red/blue challenges (optionally of one app)",
      response: z.object({ data: z.array(redBlueChallengeView) }),
    },
  }),
  create: operation({
    auth: "workspace",
    roles: WRITERS,
    body: redBlueCreateSchema,
    maxBodyBytes: 256 * 1024,
    doc: {
      summary: "Create a red/blue challenge",
      response: z.object({ red_blue_challenge: redBlueChallengeView }),
      status: 201,
    },
  }),
  get: operation({
    auth: "workspace",
    params: idParams,
    doc: {
      summary: "Get a red/blue challenge",
      response: z.object({ red_blue_challenge: redBlueChallengeView }),
    },
  }),
  update: operation({
    auth: "workspace",
    roles: WRITERS,
    params: idParams,
    body: redBlueUpdateSchema,
    maxBodyBytes: 256 * 1024,
    doc: {
      summary: "Update a red/blue challenge",
      response: z.object({ red_blue_challenge: redBlueChallengeView }),
    },
  }),
  remove: operation({
    auth: "workspace",
    roles: WRITERS,
    params: idParams,
    doc: { summary: "Delete a red/blue challenge with its submissions and pairings", status: 204 },
  }),
  pairings: operation({
    auth: "workspace",
    params: idParams,
    query: pairingsQuerySchema,
    doc: {
      summary: "Pairings of a red/blue challenge with their metrics (filters, paging)",
      response: consolePairingsResponse,
    },
  }),
};

export const redBlueWebOperations = {
  list: operation({
    auth: "public",
    doc: { summary: "Live red/blue challenges", response: publicRedBlueListResponse },
  }),
  get: operation({
    auth: "public",
    params: publicIdParams,
    doc: {
      summary: "Public info of a red/blue challenge with a leaderboard snapshot",
      response: publicRedBlueResponse,
    },
  }),
  join: operation({
    auth: "user",
    params: publicIdParams,
    body: joinSchema,
    doc: {
      summary: "Join the red (attack) or blue (defense) team",
      response: z.object({ membership: membershipView }),
      status: 200,
    },
  }),
  submit: operation({
    auth: "user",
    params: publicIdParams,
    body: submitSchema,
    maxBodyBytes: 128 * 1024,
    doc: {
      summary: "Submit an attack (red) or a defense (blue); it is paired with the other side's and judged",
      response: submitResponse,
      status: 201,
      statuses: [200],
    },
  }),
  leaderboard: operation({
    auth: "public",
    params: publicIdParams,
    query: standingsQuerySchema,
    doc: { summary: "Red vs blue standings", response: standingsView },
  }),
  myPairings: operation({
    auth: "user",
    params: publicIdParams,
    query: standingsQuerySchema,
    doc: {
      summary: "The pairings the caller's submissions took part in (newest first)",
      response: myPairingsResponse,
    },
  }),
};
