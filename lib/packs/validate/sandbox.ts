// docs/packs.md §2 rows for `version.sandbox` (CIDRs, env var keys, apt packages) and
// `version.deployment_defaults` (aliases and lineups).
import type { Json } from "../types";
import { isValidCidr } from "./cidr";
import { ENV_VAR_KEY, type Errors, isObject, text } from "./util";

const APT_PACKAGE = /^[a-z0-9][a-z0-9.+-]+$/;

export function validateSandbox(sandbox: Json | undefined, errs: Errors): void {
  if (!isObject(sandbox)) return;
  const allowlist = Array.isArray(sandbox.network_allowlist) ? sandbox.network_allowlist : [];
  allowlist.forEach((cidr, i) => {
    if (!isValidCidr(text(cidr))) {
      errs.add(`version.sandbox.network_allowlist[${i}]`, "must be a valid CIDR (e.g. 10.0.0.0/8)");
    }
  });
  if (isObject(sandbox.env_vars)) {
    for (const key of Object.keys(sandbox.env_vars)) {
      if (!ENV_VAR_KEY.test(key)) {
        errs.add(`version.sandbox.env_vars[${key}]`, "key must match [A-Za-z_][A-Za-z0-9_]*");
      }
    }
  }
  const packages = Array.isArray(sandbox.additional_packages) ? sandbox.additional_packages : [];
  packages.forEach((pkg, i) => {
    if (!APT_PACKAGE.test(text(pkg))) {
      errs.add(`version.sandbox.additional_packages[${i}]`, "must be a valid apt package name");
    }
  });
}

export function validateDeploymentDefaults(defaults: Json | undefined, errs: Errors): void {
  if (!isObject(defaults)) return;
  const aliases = isObject(defaults.aliases) ? defaults.aliases : {};
  const lineups = isObject(defaults.lineups) ? defaults.lineups : {};
  // An empty block is the same as none.
  if (Object.keys(aliases).length === 0 && Object.keys(lineups).length === 0) return;
  const path = "version.deployment_defaults";

  const seenAliases = new Set<string>();
  for (const [key, selector] of Object.entries(aliases)) {
    const field = `${path}.aliases[${JSON.stringify(key)}]`;
    const trimmed = key.trim();
    if (trimmed === "") {
      errs.add(field, "key is required");
      continue;
    }
    if (seenAliases.has(trimmed)) errs.add(field, "key must be unique after trimming whitespace");
    seenAliases.add(trimmed);
    if (text(selector) === "") errs.add(field, "selector is required");
  }

  if (Object.keys(lineups).length === 0)
    return errs.add(`${path}.lineups`, "must include at least a default lineup");
  if (!("default" in lineups)) errs.add(`${path}.lineups.default`, "is required");
  const seenLineups = new Set<string>();
  for (const [key, selectors] of Object.entries(lineups)) {
    const field = `${path}.lineups[${JSON.stringify(key)}]`;
    const trimmed = key.trim();
    if (trimmed === "") {
      errs.add(field, "key is required");
      continue;
    }
    if (seenLineups.has(trimmed)) errs.add(field, "key must be unique after trimming whitespace");
    seenLineups.add(trimmed);
    const list = Array.isArray(selectors) ? selectors : [];
    if (list.length === 0) {
      errs.add(field, "must include at least one deployment selector");
      continue;
    }
    list.forEach((selector, j) => {
      if (text(selector) === "") errs.add(`${field}[${j}]`, "selector is required");
    });
  }
}
