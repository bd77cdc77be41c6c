// The same handlers as /api/v1/metadata/[name].
export { GET } from "@/app/api/v1/metadata/[name]/route";
