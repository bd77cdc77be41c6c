// Any path under this API prefix that no other route serves: a JSON 404 (lib/api/unknown-path.ts).
export { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } from "@/lib/api/unknown-path";
