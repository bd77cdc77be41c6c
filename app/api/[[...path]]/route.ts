import { unknownApiPath } from "@/lib/api/unknown-path";

// Any path under this API prefix that no other route serves: a JSON 404.
export const GET = unknownApiPath;
export const HEAD = unknownApiPath;
export const POST = unknownApiPath;
export const PUT = unknownApiPath;
export const PATCH = unknownApiPath;
export const DELETE = unknownApiPath;
export const OPTIONS = unknownApiPath;
