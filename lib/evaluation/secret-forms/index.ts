// Client-safe. Finds a secret in the disguises a model uses to leak it, in linear time
// (lib/evaluation/README.md, 'Secret forms': the forms, the folding and the cost).

export {
  containsSecretForm,
  findFolded,
  findSecretForms,
  maskSecretForms,
  MIN_DISGUISED_CHARS,
  SECRET_FORM_MASK,
  SecretFormMatcher,
  type SecretFormMatch,
} from "@/lib/evaluation/secret-forms/matcher";
export { foldCodePoint, foldedKey, skeletonOf, type Skeleton } from "@/lib/evaluation/secret-forms/fold";
export type { SecretFormKind } from "@/lib/evaluation/secret-forms/search";
