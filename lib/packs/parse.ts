// The bundle decoder lives in decode.mjs (plain JavaScript, so the parse worker runs it too).
export {
  MAX_BUNDLE_BYTES,
  MAX_DEPTH,
  MAX_NODES,
  MAX_VALUES,
  countYamlNodes,
  parseBundleYaml,
  type ParseResult,
} from "./decode.mjs";
