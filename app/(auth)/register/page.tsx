import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import styles from "@/components/auth/auth-page.module.css";
import { RegisterForm } from "@/components/auth/register-form";
import { authQuery, eventNotice, eventParam } from "@/lib/auth/event-param";
import { safeNextPath } from "@/lib/auth/safe-next";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { getViewer } from "@/lib/auth/viewer";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.register");
  return { title: t("metaTitle") };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function RegisterPage({ searchParams }: Props) {
  const params = await searchParams;
  const next = safeNextPath(params.next);
  if (await getViewer()) redirect(next);
  // An organiser's invite link (/register?event=CODE): registrations counted per code.
  const event = eventParam(params.event);
  const [t, notice] = await Promise.all([getTranslations("auth.register"), eventNotice(params.event, event, true)]);
  const loginHref = `/login?${authQuery(next, event)}`;

  return (
    <div className={`${styles.page} ${styles.narrow}`}>
      <div className={styles.header}>
        <h1>{t("title")}</h1>
        <p className="lead">{t("lead")}</p>
      </div>
      {notice && "name" in notice ? (
        <Alert tone="info">{t("event", { name: notice.name })}</Alert>
      ) : notice ? (
        <Alert tone="warning">{notice.refusal}</Alert>
      ) : null}
      <Card>
        <RegisterForm next={next} event={event} />
      </Card>
      <p className={styles.switch}>
        {t.rich("haveAccount", { link: (chunks) => <Link href={loginHref}>{chunks}</Link> })}
      </p>
    </div>
  );
}
