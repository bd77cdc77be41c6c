import Markdown, { type Components } from "react-markdown";
import rehypeSanitize from "rehype-sanitize";
import { markdownSchema, markdownUrlTransform } from "./schema";
import styles from "./markdown.module.css";

// Headings in author Markdown start below the page's own h1.
const components: Components = {
  h1: ({ node: _node, ...props }) => <h2 {...props} />,
  a: ({ node: _node, href, children, ...props }) => {
    const external = typeof href === "string" && /^(?:https?:|mailto:)/i.test(href);
    return (
      <a href={href} {...props} {...(external ? { rel: "nofollow noopener noreferrer ugc", target: "_blank" } : {})}>
        {children}
      </a>
    );
  },
  img: ({ node: _node, src, alt, ...props }) =>
    // eslint-disable-next-line @next/next/no-img-element -- author images of any size, already URL-checked
    typeof src === "string" ? <img src={src} alt={alt ?? ""} loading="lazy" {...props} /> : null,
};

/**
 * Renders untrusted Markdown (challenge instructions): no raw HTML, a strict element/attribute
 * allow-list and URL checks. The only way author text reaches the page as markup.
 */
export function SafeMarkdown({ children, className }: { children: string; className?: string }) {
  return (
    <div className={[styles.markdown, className].filter(Boolean).join(" ")}>
      <Markdown
        skipHtml
        rehypePlugins={[[rehypeSanitize, markdownSchema]]}
        urlTransform={markdownUrlTransform}
        components={components}
      >
        {children}
      </Markdown>
    </div>
  );
}
