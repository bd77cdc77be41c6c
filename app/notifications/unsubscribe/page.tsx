import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { UnsubscribeForm } from "@/components/play/unsubscribe-form";
import { Alert } from "@/components/ui/alert";
import { previewUnsubscribe } from "@/lib/services/notifications/email-unsubscribe";

// GET /notifications/unsubscribe?token=… — the link in every notification email. It only reads:
// turning emails off takes the button (a POST), or a mail client's one-click POST to
// /web/api/notifications/unsubscribe (RFC 8058).

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("player.unsubscribe");
  return { title: t("title"), robots: { index: false, follow: false } };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function UnsubscribePage({ searchParams }: Props) {
  const raw = (await searchParams).token;
  const token = typeof raw === "string" ? raw : "";
  const [t, preview] = await Promise.all([getTranslations("player.unsubscribe"), previewUnsubscribe(token)]);
  const settings = <Link href="/settings">{t("settingsLink")}</Link>;

  let content;
  if (!preview.valid) {
    content = (
      <Alert tone="error">
        {t("invalid")} {settings}
      </Alert>
    );
  } else if (!preview.subscribed) {
    content = (
      <p>
        {t("alreadyOff", { email: preview.maskedEmail })} {settings}
      </p>
    );
  } else {
    content = (
      <>
        <p>{t("question", { email: preview.maskedEmail })}</p>
        <UnsubscribeForm token={token} />
      </>
    );
  }
  return (
    <>
      <div className="page-header">
        <h1>{t("title")}</h1>
        <p className="lead">{t("lead")}</p>
      </div>
      {content}
    </>
  );
}
