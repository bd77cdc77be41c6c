import { z } from "zod";
import { operation } from "@/lib/contracts/operation";
import { isoTimestamp, oneOf } from "@/lib/contracts/primitives";
import { emailSchema } from "@/lib/contracts/auth/inputs";

// Moderation of a multi-tenant instance: instance administrators approve workspaces' public
// listings, feature, hide and remove single listings, and work through the players' reports;
// every administrator action is written to an audit log. Administrators are named by
// INSTANCE_ADMINS or flagged in the database by another administrator. Every admin operation
// needs a signed-in session (scope `session`: no API token reaches it) of an administrator (403
// for anyone else).

/** A workspace's public listings wait for approval (`pending`) or are listed (`approved`). */
export const LISTING_APPROVALS = ["pending", "approved"] as const;
export type ListingApproval = (typeof LISTING_APPROVALS)[number];

/**
 * One listing's state: `normal`, `featured` (listed first), `hidden` (off the public lists, still
 * reachable by link) or `removed` (not shown or playable at all).
 */
export const LISTING_STATES = ["normal", "featured", "hidden", "removed"] as const;
export type ListingState = (typeof LISTING_STATES)[number];

/** What a listing is: a challenge, a collection (or ladder) or a red/blue challenge. */
export const LISTING_KINDS = ["challenge", "collection", "red_blue"] as const;
export type ListingKind = (typeof LISTING_KINDS)[number];

/** Actions on one listing and the state each leads to. */
export const LISTING_ACTIONS = { feature: "featured", hide: "hidden", remove: "removed", restore: "normal" } as const;
export type ListingAction = keyof typeof LISTING_ACTIONS;
const LISTING_ACTION_NAMES = Object.keys(LISTING_ACTIONS) as [ListingAction, ...ListingAction[]];

export const REPORT_REASONS = ["spam", "offensive", "malicious", "impersonation", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_STATUSES = ["open", "resolved", "dismissed"] as const;
export const REPORT_DETAILS_MAX = 1000;
export const ADMIN_REASON_MAX = 500;

const reason = z
  .string()
  .trim()
  .max(ADMIN_REASON_MAX, `reason is at most ${ADMIN_REASON_MAX} characters`)
  .optional()
  .describe("Why (kept in the audit log)");

const listQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

export const reportCreateSchema = z.strictObject({
  target_type: z.enum(LISTING_KINDS, { error: `target_type must be ${oneOf(LISTING_KINDS)}` }),
  target_id: z.string().trim().min(1).max(64),
  reason: z.enum(REPORT_REASONS, { error: `reason must be ${oneOf(REPORT_REASONS)}` }),
  details: z
    .string()
    .trim()
    .max(REPORT_DETAILS_MAX, `details are at most ${REPORT_DETAILS_MAX} characters`)
    .optional(),
});

export const reportView = z.object({
  id: z.string(),
  target_type: z.enum(LISTING_KINDS),
  target_id: z.string(),
  /** The listing's name, or null when it no longer exists. */
  target_name: z.string().nullable(),
  workspace: z.object({ id: z.string(), name: z.string(), slug: z.string() }),
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  reporter: z.object({ id: z.string(), email: z.string() }),
  resolution: z.string().nullable(),
  resolved_at: isoTimestamp.nullable(),
  created_at: isoTimestamp,
});

export const workspaceListingView = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  listing_approval: z.enum(LISTING_APPROVALS),
  created_at: isoTimestamp,
  /** Active challenges, public collections and active red/blue challenges it would list. */
  listings: z.number().int(),
  open_reports: z.number().int(),
});

export const listingView = z.object({
  kind: z.enum(LISTING_KINDS),
  id: z.string(),
  name: z.string(),
  state: z.enum(LISTING_STATES),
  workspace: z.object({ id: z.string(), name: z.string(), slug: z.string(), listing_approval: z.enum(LISTING_APPROVALS) }),
  /** On the public lists now: the workspace approved, the listing normal or featured (and live). */
  listed: z.boolean(),
  created_at: isoTimestamp,
});

export const auditEntryView = z.object({
  id: z.string(),
  actor: z.object({ id: z.string().nullable(), email: z.string() }),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  target_name: z.string().nullable(),
  reason: z.string().nullable(),
  details: z.unknown().nullable(),
  created_at: isoTimestamp,
});

export const adminView = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  /** Named by INSTANCE_ADMINS (cannot be revoked here) or flagged in the database. */
  source: z.enum(["env", "database"]),
});

const page = <T extends z.ZodType>(item: T) => z.object({ total: z.number().int(), data: z.array(item) });

const idParams = z.object({ id: z.string().trim().min(1).max(64) });

export const workspaceApprovalSchema = z.strictObject({
  action: z.enum(["approve", "unapprove"], { error: "action must be approve or unapprove" }),
  reason,
});

export const listingActionSchema = z.strictObject({
  action: z.enum(LISTING_ACTION_NAMES, { error: `action must be ${oneOf(LISTING_ACTION_NAMES)}` }),
  reason,
});

export const reportResolveSchema = z.strictObject({
  status: z.enum(["resolved", "dismissed"], { error: "status must be resolved or dismissed" }),
  resolution: reason,
});

export const adminGrantSchema = z.strictObject({
  email: emailSchema,
  admin: z.boolean(),
  reason,
});

const admin = { auth: "user" as const, scope: "session" as const, doc: { errorCodes: ["forbidden"] } };

export const moderationOperations = {
  report: operation({
    auth: "user",
    scope: "session",
    body: reportCreateSchema,
    doc: {
      summary: "Report a public listing to the instance's administrators (limited per account)",
      status: 201,
      statuses: [404],
      response: z.object({ report: z.object({ id: z.string(), status: z.literal("open") }) }),
    },
  }),
  workspaces: operation({
    ...admin,
    query: listQuery.extend({ approval: z.enum(LISTING_APPROVALS).optional() }),
    doc: { ...admin.doc, summary: "Workspaces and their listing approval (administrators)", response: page(workspaceListingView) },
  }),
  approveWorkspace: operation({
    ...admin,
    params: idParams,
    body: workspaceApprovalSchema,
    doc: {
      ...admin.doc,
      summary: "Approve a workspace's public listings, or take the approval back (administrators; audited)",
      statuses: [404],
      response: z.object({ workspace: workspaceListingView }),
    },
  }),
  listings: operation({
    ...admin,
    query: listQuery.extend({
      workspace_id: z.string().max(64).optional(),
      state: z.enum(LISTING_STATES).optional(),
      kind: z.enum(LISTING_KINDS).optional(),
    }),
    doc: { ...admin.doc, summary: "Challenges, collections and red/blue challenges with their listing state (administrators)", response: page(listingView) },
  }),
  setListing: operation({
    ...admin,
    params: z.object({ kind: z.enum(LISTING_KINDS, { error: `kind must be ${oneOf(LISTING_KINDS)}` }), id: idParams.shape.id }),
    body: listingActionSchema,
    doc: {
      ...admin.doc,
      summary: "Feature, hide, remove or restore one listing (administrators; audited)",
      statuses: [404],
      response: z.object({ listing: listingView }),
    },
  }),
  reports: operation({
    ...admin,
    query: listQuery.extend({ status: z.enum(REPORT_STATUSES).optional() }),
    doc: { ...admin.doc, summary: "The report queue (administrators)", response: page(reportView) },
  }),
  resolveReport: operation({
    ...admin,
    params: idParams,
    body: reportResolveSchema,
    doc: {
      ...admin.doc,
      summary: "Resolve or dismiss a report (administrators; audited)",
      statuses: [404],
      response: z.object({ report: reportView }),
    },
  }),
  audit: operation({
    ...admin,
    query: listQuery,
    doc: { ...admin.doc, summary: "The administrators' audit log, newest first (administrators)", response: page(auditEntryView) },
  }),
  admins: operation({
    ...admin,
    doc: { ...admin.doc, summary: "The instance's administrators (administrators)", response: z.object({ data: z.array(adminView) }) },
  }),
  setAdmin: operation({
    ...admin,
    body: adminGrantSchema,
    doc: {
      ...admin.doc,
      summary: "Flag an account as an administrator, or take the flag back (administrators; audited)",
      statuses: [404],
      response: z.object({ admin: adminView.extend({ admin: z.boolean() }) }),
    },
  }),
};
