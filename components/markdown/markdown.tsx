import Markdown, { type Components } from "react-markdown";
import rehypeSanitize from "rehype-sanitize";
import { isSignedAssetUrl } from "@/lib/theme";
import { markdownSchema, markdownUrlTransform } from "./schema";
import { markdownTooComplex } from "./complexity";
import styles from "./markdown.module.css";

const LINK_REL = "nofollow noopener noreferrer ugc";

/**
 * An image may load from this app's signed /assets URLs or from a host the operator allows
 * (MARKDOWN_IMAGE_HOSTS): any other host would learn every visitor's IP address.
 */
export function markdownImageAllowed(src: string, imageHosts: readonly string[]): boolean {
  if (isSignedAssetUrl(src)) return true;
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return false;
  }
  return url.protocol === "https:" && imageHosts.includes(url.host.toLowerCase());
}

// Headings in author Markdown start below the page's own h1.
const baseComponents: Components = {
  h1: ({ node: _node, ...props }) => <h2 {...props} />,
  a: ({ node: _node, href, children, ...props }) => {
    const external = typeof href === "string" && /^(?:https?:|mailto:)/i.test(href);
    return (
      <a href={href} {...props} {...(external ? { rel: LINK_REL, target: "_blank" } : {})}>
        {children}
      </a>
    );
  },
};

function componentsFor(imageHosts: readonly string[]): Components {
  return {
    ...baseComponents,
    img: ({ node: _node, src, alt, ...props }) => {
      if (typeof src !== "string") return null;
      if (!markdownImageAllowed(src, imageHosts)) {
        // Not loaded: a link the visitor may choose to open instead.
        return (
          <a href={src} rel={LINK_REL} target="_blank" data-blocked-image="">
            {alt ? `[${alt}]` : "[image]"}
          </a>
        );
      }
      // eslint-disable-next-line @next/next/no-img-element -- author images of any size, already URL-checked
      return <img src={src} alt={alt ?? ""} loading="lazy" {...props} />;
    },
  };
}

/**
 * Renders untrusted Markdown (challenge instructions): no raw HTML, a strict element/attribute
 * allow-list and URL checks. The only way author text reaches the page as markup.
 */
export function SafeMarkdown({
  children,
  className,
  imageHosts = [],
}: {
  children: string;
  className?: string;
  /** Hosts whose https images are shown (the operator's MARKDOWN_IMAGE_HOSTS). */
  imageHosts?: readonly string[];
}) {
  const classes = [styles.markdown, className].filter(Boolean).join(" ");
  // Bounded before the parser runs: past the limits the author's text is shown as it was written.
  if (markdownTooComplex(children)) {
    return (
      <div className={classes}>
        <p className={styles.plain}>{children}</p>
      </div>
    );
  }
  return (
    <div className={classes}>
      <Markdown
        skipHtml
        rehypePlugins={[[rehypeSanitize, markdownSchema]]}
        urlTransform={markdownUrlTransform}
        components={componentsFor(imageHosts)}
      >
        {children}
      </Markdown>
    </div>
  );
}
