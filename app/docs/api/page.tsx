import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { OPENAPI_PATH } from "@/lib/openapi/document";
import { authExamples, tagHref } from "@/lib/openapi/reference";
import { CodeBlock } from "../code-block";
import { code } from "../rich";
import styles from "../docs.module.css";
import { ErrorCodes, Search, TagIndex } from "./parts";
import { referenceData } from "./reference-data";

// GET /docs/api — the API reference's index, rendered on the server from the OpenAPI document
// served at /api/openapi.json: how to authenticate, the errors, a search over every operation and
// one page per tag (/docs/api/<tag>, players' first). Examples use the address the reader reached
// this server at.

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("docs.api");
  return { title: t("title") };
}

export default async function ApiReferencePage() {
  const [t, { groups, index, sharedCodes }] = await Promise.all([getTranslations("docs.api"), referenceData()]);
  const auth = authExamples(groups);
  return (
    <div className={styles.layout}>
      <nav className={styles.sidebar} aria-label={t("contents")}>
        <TagIndex groups={groups} />
      </nav>
      <div className={styles.content}>
        <div className="page-header" id="top">
          <h1>{t("title")}</h1>
          <p className="lead">{t.rich("lead", code)}</p>
          <p className="cluster">
            <a href={OPENAPI_PATH}>{t("rawDocument")}</a>
            <Link href="/docs/promptfoo">{t("promptfooLink")}</Link>
          </p>
        </div>
        <Search index={index} />
        <section aria-labelledby="tags" className={styles.prose}>
          <h2 id="tags">{t("tagsHeading")}</h2>
          <ul className={styles.tagList} data-testid="api-tags">
            {groups.map((g) => (
              <li key={g.tag}>
                <a href={tagHref(g.tag)} className={styles.indexTag}>
                  {g.tag}
                </a>{" "}
                <span className={styles.muted}>{t("operations", { count: g.operations.length })}</span>
                {g.description ? <span> — {g.description}</span> : null}
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="auth" className={styles.prose}>
          <h2 id="auth">{t("authHeading")}</h2>
          <p>{t.rich("authText", { ...code, header: "Authorization: Bearer <token>" })}</p>
          <p>{t.rich("authRegister", code)}</p>
          {auth.register ? <CodeBlock testId="auth-register">{auth.register}</CodeBlock> : null}
          <p>{t.rich("authLogin", code)}</p>
          {auth.login ? <CodeBlock testId="auth-login">{auth.login}</CodeBlock> : null}
          <p>{t.rich("authUse", code)}</p>
          <CodeBlock testId="auth-me">{auth.me}</CodeBlock>
        </section>
        <section aria-labelledby="errors" className={styles.prose}>
          <h2 id="errors">{t("errorsHeading")}</h2>
          <p>
            {t.rich("errorsText", {
              ...code,
              shape: `{ "error": { "code": "…", "message": "…", "details": … } }`,
            })}
          </p>
          <ErrorCodes codes={sharedCodes} />
        </section>
      </div>
    </div>
  );
}
