// Any path under this API prefix that no other route serves: a JSON 404 (lib/api/unknown-path.ts).
export {
  unknownApiPath as GET,
  unknownApiPath as HEAD,
  unknownApiPath as POST,
  unknownApiPath as PUT,
  unknownApiPath as PATCH,
  unknownApiPath as DELETE,
  unknownApiPath as OPTIONS,
} from "@/lib/api/unknown-path";
