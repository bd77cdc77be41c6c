import { getTranslations } from "next-intl/server";
import type { RefField, RefOperation } from "@/lib/openapi/reference";
import { CodeBlock } from "../code-block";
import styles from "../docs.module.css";

// Lean markup (element types, one class per list): the console's page documents some 70 operations.

function Fields({ fields, required, optional }: { fields: RefField[]; required: string; optional: string }) {
  return (
    <ul className={styles.fields}>
      {fields.map((f) => (
        <li key={f.name}>
          <code>{f.name}</code> <i>{f.type}</i> {f.required ? <b>{required}</b> : <small>{optional}</small>}
          {f.description ? <span> — {f.description}</span> : null}
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
  const auth = op.anonymous
    ? t("authAnonymous")
    : op.auth === "required"
      ? t("authRequired")
      : op.auth === "optional"
        ? t("authOptional")
        : t("authNone");
  return (
    <article id={op.id} className={styles.op} aria-labelledby={`${op.id}-t`}>
      <h3 id={`${op.id}-t`} className={styles.opTitle}>
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
        {op.scopes.length > 0 && op.auth !== "none" && !op.anonymous ? (
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
                <code>{p.name}</code>{" "}
                <i>
                  {p.in} · {p.type}
                </i>{" "}
                {p.required ? <b>{req}</b> : <small>{opt}</small>}
                {p.description ? <span> — {p.description}</span> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {op.body ? (
        <>
          <h4>
            {t("requestBody")} <i className={styles.type}>{op.body.media}</i>
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
          <i className={styles.type}>{op.success.media.join(", ") || "—"}</i>
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
            {t("errorCodes")} <i className={styles.type}>{op.errors.map((e) => e.status).join(" · ")}</i>
          </summary>
          <ul className={styles.fields}>
            {op.errors.map((e) => (
              <li key={e.status}>
                <strong>{e.status}</strong> {e.own.length > 0 ? <code>{e.own.join(", ")}</code> : null}{" "}
                <span>{e.description}</span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      <h4>{t("example")}</h4>
      <CodeBlock>{op.curl}</CodeBlock>
    </article>
  );
}
