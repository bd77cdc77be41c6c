export { PackInvalidError, publishPack } from "@/lib/services/packs/publish";
export { getPack, getPackVersion, listPacks } from "@/lib/services/packs/read";
export { takePackQuota, validatePack } from "@/lib/services/packs/validate";
