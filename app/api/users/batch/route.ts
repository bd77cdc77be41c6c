// The same handlers as /api/v1/users/batch.
export { GET } from "@/app/api/v1/users/batch/route";
