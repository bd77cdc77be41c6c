import { getTranslations } from "next-intl/server";
import type { RefField, RefOperation } from "@/lib/openapi/reference";
import styles from "../docs.module.css";

function Fields({ fields, required, optional }: { fields: RefField[]; required: string; optional: string }) {
  return (
    <ul className={styles.fields}>
      {fields.map((f) => (
        <li key={f.name}>
          <code className={styles.fieldName}>{f.name}</code> <span className={styles.type}>{f.type}</span>{" "}
          <span className={f.required ? styles.required : styles.muted}>
            {f.required ? required : optional}
          </span>
          {f.description ? <span className={styles.description}> — {f.description}</span> : null}
          {f.children ? <Fields fields={f.children} required={required} optional={optional} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** One operation of the API reference: what it does, who may call it, its shapes and a curl example. */
export async function Operation({ op }: { op: RefOperation }) {
  const t = await getTranslations("docs.api");
  const req = t("required");
  const opt = t("optional");
  const auth =
    op.auth === "required" ? t("authRequired") : op.auth === "optional" ? t("authOptional") : t("authNone");
  return (
    <article id={op.id} className={styles.op} aria-labelledby={`${op.id}-title`}>
      <h3 id={`${op.id}-title`} className={styles.opTitle}>
        <span className={styles.method} data-method={op.method}>
          {op.method}
        </span>{" "}
        <code className={styles.path}>{op.path}</code>
      </h3>
      <p className={styles.summary}>{op.summary}</p>
      <dl className={styles.meta}>
        <div>
          <dt>{t("auth")}</dt>
          <dd>{auth}</dd>
        </div>
        {op.scopes.length > 0 && op.auth !== "none" ? (
          <div>
            <dt>{t("scope")}</dt>
            <dd>
              {op.scopes.map((s) => (
                <code key={s}>{s}</code>
              ))}
            </dd>
          </div>
        ) : null}
      </dl>
      {op.params.length > 0 ? (
        <>
          <h4>{t("parameters")}</h4>
          <ul className={styles.fields}>
            {op.params.map((p) => (
              <li key={`${p.in}-${p.name}`}>
                <code className={styles.fieldName}>{p.name}</code>{" "}
                <span className={styles.type}>
                  {p.in} · {p.type}
                </span>{" "}
                <span className={p.required ? styles.required : styles.muted}>{p.required ? req : opt}</span>
                {p.description ? <span className={styles.description}> — {p.description}</span> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {op.body ? (
        <>
          <h4>
            {t("requestBody")} <span className={styles.type}>{op.body.media}</span>
          </h4>
          {op.body.fields.length > 0 ? (
            <Fields fields={op.body.fields} required={req} optional={opt} />
          ) : (
            <p className={styles.type}>{op.body.type}</p>
          )}
        </>
      ) : null}
      <details className={styles.disclosure}>
        <summary>
          {t("response", { status: op.success.status })}{" "}
          <span className={styles.type}>{op.success.media.join(", ") || "—"}</span>
        </summary>
        {op.success.fields.length > 0 ? (
          <Fields fields={op.success.fields} required={req} optional={opt} />
        ) : op.success.type ? (
          <p className={styles.type}>{op.success.type}</p>
        ) : null}
        {op.success.stream ? (
          <p>
            <strong>{t("stream")}:</strong> {op.success.stream}
          </p>
        ) : null}
      </details>
      {op.errors.length > 0 ? (
        <details className={styles.disclosure}>
          <summary>
            {t("errorCodes")}{" "}
            <span className={styles.type}>{op.errors.map((e) => e.status).join(" · ")}</span>
          </summary>
          <ul className={styles.fields}>
            {op.errors.map((e) => (
              <li key={e.status}>
                <strong>{e.status}</strong>{" "}
                {e.codes.map((c) => (
                  <code key={c} className={styles.errorCode}>
                    {c}
                  </code>
                ))}{" "}
                <span className={styles.description}>{e.description}</span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      <h4>{t("example")}</h4>
      <pre className={styles.code} tabIndex={0}>
        <code>{op.curl}</code>
      </pre>
    </article>
  );
}
