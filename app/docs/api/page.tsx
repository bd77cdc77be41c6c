import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { errorStatus } from "@/lib/errors";
import { OPENAPI_PATH, openApiDocument } from "@/lib/openapi/document";
import { apiReference, type RefGroup } from "@/lib/openapi/reference";
import { requestOrigin } from "../origin";
import { code } from "../rich";
import styles from "../docs.module.css";
import { Operation } from "./operation";

// GET /docs/api — the API reference for people, rendered on the server from the OpenAPI document
// served at /api/openapi.json (no client JavaScript of its own). Examples use the address the
// reader reached this server at.

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("docs.api");
  return { title: t("title") };
}

function Index({ groups, label }: { groups: RefGroup[]; label: (count: number) => string }) {
  return (
    <ul className={styles.indexList}>
      {groups.map((g) => (
        <li key={g.tag}>
          <a href={`#tag-${g.tag}`} className={styles.indexTag}>
            {g.tag}
          </a>{" "}
          <span className={styles.muted}>{label(g.operations.length)}</span>
          <ul>
            {g.operations.map((op) => (
              <li key={op.id}>
                <a href={`#${op.id}`}>
                  <span className={styles.methodSmall} data-method={op.method}>
                    {op.method}
                  </span>{" "}
                  {op.path}
                </a>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

export default async function ApiReferencePage() {
  const [t, origin] = await Promise.all([getTranslations("docs.api"), requestOrigin()]);
  const groups = apiReference({ document: openApiDocument(), errorStatus, origin });
  const count = (n: number) => t("operations", { count: n });
  return (
    <div className={styles.layout}>
      <nav className={styles.sidebar} aria-label={t("contents")}>
        <Index groups={groups} label={count} />
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
        <details className={styles.mobileIndex}>
          <summary>{t("contents")}</summary>
          <nav aria-label={t("contents")}>
            <Index groups={groups} label={count} />
          </nav>
        </details>
        <section aria-labelledby="auth" className={styles.prose}>
          <h2 id="auth">{t("authHeading")}</h2>
          <p>{t.rich("authText", { ...code, header: "Authorization: Bearer <token>" })}</p>
          <pre className={styles.code} tabIndex={0}>
            <code>{`export GAUNTLET_TOKEN=gnt_…\ncurl "${origin}/web/api/me" -H "Authorization: Bearer $GAUNTLET_TOKEN"`}</code>
          </pre>
        </section>
        <section aria-labelledby="errors" className={styles.prose}>
          <h2 id="errors">{t("errorsHeading")}</h2>
          <p>
            {t.rich("errorsText", {
              ...code,
              shape: `{ "error": { "code": "…", "message": "…", "details": … } }`,
            })}
          </p>
        </section>
        {groups.map((g) => (
          <section
            key={g.tag}
            id={`tag-${g.tag}`}
            aria-labelledby={`tag-${g.tag}-title`}
            className={styles.group}
          >
            <h2 id={`tag-${g.tag}-title`}>
              {g.tag} <span className={styles.muted}>{count(g.operations.length)}</span>
            </h2>
            {g.description ? <p className={styles.muted}>{g.description}</p> : null}
            {g.operations.map((op) => (
              <Operation key={op.id} op={op} />
            ))}
            <p>
              <a href="#top">{t("backToTop")}</a>
            </p>
          </section>
        ))}
      </div>
    </div>
  );
}
