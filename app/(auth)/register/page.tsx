import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import styles from "@/components/auth/auth-page.module.css";
import { RegisterForm } from "@/components/auth/register-form";
import { safeNextPath } from "@/lib/auth/safe-next";
import { Card } from "@/components/ui/card";
import { getViewer } from "@/lib/auth/viewer";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.register");
  return { title: t("metaTitle") };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function RegisterPage({ searchParams }: Props) {
  const next = safeNextPath((await searchParams).next);
  if (await getViewer()) redirect(next);

  const t = await getTranslations("auth.register");
  const loginHref = `/login?${new URLSearchParams({ next }).toString()}`;

  return (
    <div className={`${styles.page} ${styles.narrow}`}>
      <div className={styles.header}>
        <h1>{t("title")}</h1>
        <p className="lead">{t("lead")}</p>
      </div>
      <Card>
        <RegisterForm next={next} />
      </Card>
      <p className={styles.switch}>
        {t.rich("haveAccount", { link: (chunks) => <Link href={loginHref}>{chunks}</Link> })}
      </p>
    </div>
  );
}
