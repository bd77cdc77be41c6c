import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { CodeLoginForm } from "@/components/auth/code-login-form";
import { PasswordLoginForm } from "@/components/auth/password-login-form";
import styles from "@/components/auth/auth-page.module.css";
import { authQuery, eventNotice, eventParam } from "@/lib/auth/event-param";
import { safeNextPath } from "@/lib/auth/safe-next";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { getViewer } from "@/lib/auth/viewer";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.login");
  return { title: t("metaTitle") };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function LoginPage({ searchParams }: Props) {
  const params = await searchParams;
  const next = safeNextPath(params.next);
  if (await getViewer()) redirect(next);
  const event = eventParam(params.event);
  const [t, notice] = await Promise.all([getTranslations("auth.login"), eventNotice(params.event, event, false)]);
  const registerHref = `/register?${authQuery(next, event)}`;

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1>{t("title")}</h1>
        <p className="lead">{t("lead")}</p>
      </div>
      {notice && "name" in notice ? (
        <Alert tone="info">{t("event", { name: notice.name })}</Alert>
      ) : notice ? (
        <Alert tone="warning">{notice.refusal}</Alert>
      ) : null}
      <div className={styles.methods}>
        <Card title={t("passwordHeading")} description={t("passwordDescription")}>
          <PasswordLoginForm next={next} event={event} />
        </Card>
        <Card title={t("codeHeading")} description={t("codeDescription")}>
          <CodeLoginForm next={next} event={event} />
        </Card>
      </div>
      <p className={styles.switch}>
        {t.rich("noAccount", { link: (chunks) => <Link href={registerHref}>{chunks}</Link> })}
      </p>
    </div>
  );
}
