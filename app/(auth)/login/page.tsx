import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { AuthPage } from "@/components/auth/auth-page";
import styles from "@/components/auth/auth-page.module.css";
import { CodeLoginForm } from "@/components/auth/code-login-form";
import { PasswordLoginForm } from "@/components/auth/password-login-form";
import { Card } from "@/components/ui/card";
import { authPageContext } from "../page-context";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.login");
  return { title: t("metaTitle") };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function LoginPage({ searchParams }: Props) {
  const [{ next, event, notice, query }, t] = await Promise.all([
    authPageContext(searchParams, false),
    getTranslations("auth.login"),
  ]);
  const registerHref = `/register?${query}`;

  return (
    <AuthPage
      title={t("title")}
      lead={t("lead")}
      notice={notice}
      eventLabel={(name) => t("event", { name })}
      switchLine={t.rich("noAccount", { link: (chunks) => <Link href={registerHref}>{chunks}</Link> })}
    >
      <div className={styles.methods}>
        <Card title={t("passwordHeading")} description={t("passwordDescription")}>
          <PasswordLoginForm next={next} event={event} />
        </Card>
        <Card title={t("codeHeading")} description={t("codeDescription")}>
          <CodeLoginForm next={next} event={event} />
        </Card>
      </div>
    </AuthPage>
  );
}
