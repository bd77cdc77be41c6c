import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { SessionSettings } from "@/components/play/session-settings";
import { DeleteAccountForm } from "@/components/play/delete-account-form";
import { SettingsForm } from "@/components/play/settings-form";
import { getViewer } from "@/lib/auth/viewer";
import { deletionConfirmation } from "@/lib/services/account-deletion";
import { getProfileSettings } from "@/lib/services/profiles";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("player.settings");
  return { title: t("title") };
}

export default async function SettingsPage() {
  const viewer = await getViewer();
  if (!viewer) redirect("/login?next=/settings");
  const [t, settings, confirmWith] = await Promise.all([
    getTranslations("player.settings"),
    getProfileSettings(viewer.id),
    deletionConfirmation(viewer.id),
  ]);
  return (
    <>
      <div className="page-header">
        <h1>{t("title")}</h1>
        <p className="lead">{t("lead")}</p>
        <p>
          <Link href={`/players/${viewer.id}`}>{t("viewProfile")}</Link>
        </p>
      </div>
      <SettingsForm initial={settings} />
      <SessionSettings />
      <DeleteAccountForm confirmWith={confirmWith} />
    </>
  );
}
