import "server-only";

// Moderation of a multi-tenant instance (lib/contracts/moderation.ts has the vocabulary).
export { isInstanceAdmin, listAdmins, requireInstanceAdmin, setInstanceAdmin } from "@/lib/services/moderation/admins";
export { listAudit, type AdminActor } from "@/lib/services/moderation/audit";
export { getListing, listListings, listWorkspaceListings, setListingState, setWorkspaceApproval } from "@/lib/services/moderation/listings";
export { createReport, listReports, resolveReport } from "@/lib/services/moderation/reports";
