import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { AuthPage } from "@/components/auth/auth-page";
import { RegisterForm } from "@/components/auth/register-form";
import { Card } from "@/components/ui/card";
import { authPageContext } from "../page-context";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.register");
  return { title: t("metaTitle") };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function RegisterPage({ searchParams }: Props) {
  // An organiser's invite link (/register?event=CODE): registrations counted per code.
  const [{ next, event, notice, query }, t] = await Promise.all([
    authPageContext(searchParams, true),
    getTranslations("auth.register"),
  ]);
  const loginHref = `/login?${query}`;

  return (
    <AuthPage
      narrow
      title={t("title")}
      lead={t("lead")}
      notice={notice}
      eventLabel={(name) => t("event", { name })}
      switchLine={t.rich("haveAccount", { link: (chunks) => <Link href={loginHref}>{chunks}</Link> })}
    >
      <Card>
        <RegisterForm next={next} event={event} />
      </Card>
    </AuthPage>
  );
}
