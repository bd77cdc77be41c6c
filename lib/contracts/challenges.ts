import { operation } from "@/lib/contracts/operation";
import { challengeListResponse, challengeResponse } from "@/lib/openapi/responses";
import {
  challengeCreateSchema,
  challengeListQuerySchema,
  challengeUpdateSchema,
  WRITERS,
} from "@/lib/validation/challenges";
import { idParams } from "@/lib/validation/console";
import { leaderboardQuerySchema, listQuerySchema, publicIdParams } from "@/lib/validation/web";

// Challenges: the console API (/console/api/challenges) and the public one (/web/api/challenges).

export const challengeOperations = {
  list: operation({
    auth: "workspace",
    query: challengeListQuerySchema,
    doc: {
      summary: "List the workspace's challenges (optionally of one app)",
      response: challengeListResponse,
    },
  }),
  create: operation({
    auth: "workspace",
    roles: WRITERS,
    body: challengeCreateSchema,
    maxBodyBytes: 256 * 1024,
    doc: {
      summary: "Create a challenge (and its empty workflow unless workflow_id is given)",
      response: challengeResponse,
      status: 201,
    },
  }),
  get: operation({
    auth: "workspace",
    params: idParams,
    doc: { summary: "Get a challenge", response: challengeResponse },
  }),
  update: operation({
    auth: "workspace",
    roles: WRITERS,
    params: idParams,
    body: challengeUpdateSchema,
    maxBodyBytes: 256 * 1024,
    doc: {
      summary: "Update a challenge (any subset of fields; secret is write-only)",
      response: challengeResponse,
    },
  }),
  remove: operation({
    auth: "workspace",
    roles: WRITERS,
    params: idParams,
    doc: { summary: "Delete a challenge with its attempts and leaderboard", status: 204 },
  }),
};

export const publicChallengeOperations = {
  list: operation({ auth: "public", query: listQuerySchema }),
  get: operation({ auth: "public", params: publicIdParams }),
  leaderboard: operation({ auth: "public", params: publicIdParams, query: leaderboardQuerySchema }),
};
