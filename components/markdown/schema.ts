import type { Options as SanitizeSchema } from "rehype-sanitize";
import { isSignedAssetUrl } from "@/lib/theme";

// The strict allow-list for author Markdown (challenge and collection instructions). Raw HTML is
// never rendered (the component skips it); this schema is the second line: only these elements
// and attributes survive, links only to http(s)/mailto/same-site paths, images only over https
// or from this app's signed asset URLs.

export const markdownSchema: SanitizeSchema = {
  strip: ["script", "style", "iframe", "object", "embed", "template", "noscript", "svg", "math"],
  tagNames: [
    "p",
    "br",
    "hr",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "strong",
    "em",
    "del",
    "code",
    "pre",
    "blockquote",
    "ul",
    "ol",
    "li",
    "a",
    "img",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  attributes: {
    a: ["href", "title"],
    img: ["src", "alt", "title"],
    code: [["className", /^language-[a-z0-9-]+$/]],
    ol: ["start"],
    th: ["align"],
    td: ["align"],
  },
  protocols: {
    href: ["http", "https", "mailto"],
    src: ["https"],
  },
  ancestors: {
    tbody: ["table"],
    td: ["table"],
    th: ["table"],
    thead: ["table"],
    tr: ["table"],
  },
  clobberPrefix: "md-",
  clobber: [],
  required: {},
};

const SAFE_HREF = /^(?:https?:\/\/|mailto:|\/(?!\/)|#)/i;

/** Last check on every URL attribute: anything that is not plainly safe is removed. */
export function markdownUrlTransform(url: string, key: string): string | null {
  const value = url.trim();
  if (key === "src") return /^https:\/\//i.test(value) || isSignedAssetUrl(value) ? value : null;
  if (key === "href") {
    const hasControl = [...value].some((ch) => ch.charCodeAt(0) < 0x20 || ch === "\\" || /\s/.test(ch));
    return SAFE_HREF.test(value) && !hasControl ? value : null;
  }
  return null;
}
