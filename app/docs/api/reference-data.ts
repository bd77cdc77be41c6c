import "server-only";
import { errorStatus } from "@/lib/errors";
import { openApiDocument } from "@/lib/openapi/document";
import { apiReference, sharedErrorCodes } from "@/lib/openapi/reference";
import { searchIndex } from "@/lib/openapi/search";
import { requestOrigin } from "../origin";

/** The reference's data for one request: the tags with their operations, for the reader's origin. */
export async function referenceData() {
  const origin = await requestOrigin();
  const document = openApiDocument();
  const groups = apiReference({ document, errorStatus, origin });
  return { origin, groups, index: searchIndex(groups), sharedCodes: sharedErrorCodes(document, errorStatus) };
}
