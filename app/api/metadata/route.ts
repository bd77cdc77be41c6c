// The same handlers as /api/v1/metadata.
export { GET } from "@/app/api/v1/metadata/route";
