export {
  exportChallengePack,
  exportCollectionPack,
  type PackFile,
} from "@/lib/services/packs/convert/export";
export { importPackChallenges, MAX_IMPORT_CHALLENGES } from "@/lib/services/packs/convert/import";
