import { z } from "zod";

// Client-safe schema pieces shared by several node definitions.

export const MAX_TEMPLATE_LENGTH = 20_000;

export const templateString = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .max(MAX_TEMPLATE_LENGTH, `${label} is longer than ${MAX_TEMPLATE_LENGTH} characters`);

/** Run-input / port names: what `{{name}}` can refer to. */
export const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** A variable reference in mask_variables: `node_id.key`, or a bare start input name such as `prompt`. */
export const VARIABLE_REF = /^(?:[A-Za-z0-9_-]{1,64}\.)?[A-Za-z_][A-Za-z0-9_]{0,63}$/;
