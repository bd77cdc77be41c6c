import type { ReactNode } from "react";

/** The `<c>` tag of the docs catalog's messages: inline code. */
export const code = { c: (chunks: ReactNode) => <code>{chunks}</code> };
