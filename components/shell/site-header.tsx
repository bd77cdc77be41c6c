import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { logoutAction } from "@/app/(auth)/actions";
import { LogoMark } from "@/components/brand/logo";
import { NotificationBell } from "@/components/notifications/notification-bell";
import { Button } from "@/components/ui/button";
import type { Viewer } from "@/lib/auth/viewer";
import { AuthLinks } from "./auth-links";
import { NavLinks, type NavItem } from "./nav-links";
import styles from "./site-header.module.css";

export async function SiteHeader({ viewer, unread = 0 }: { viewer: Viewer | null; unread?: number }) {
  const [t, tn] = await Promise.all([getTranslations("shell"), getTranslations("playLoop.nav")]);
  const navItems: NavItem[] = [
    { href: "/challenges", label: t("nav.challenges") },
    { href: "/challenge-collections", label: t("nav.collections") },
    { href: "/red-blue", label: t("nav.redBlue") },
    { href: "/arena", label: t("nav.arena") },
    { href: "/console", label: t("nav.console") },
  ];

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link href="/" className={styles.brand} aria-label={t("homeLink")}>
          <LogoMark />
          <span className={styles.wordmark}>{t("appName")}</span>
        </Link>
        <div className={styles.nav}>
          <NavLinks items={navItems} label={t("primaryNav")} menuLabel={tn("menu")} />
        </div>
        <div className={styles.account} role="group" aria-label={t("accountArea")}>
          {viewer ? (
            <>
              <NotificationBell initialUnread={unread} />
              <Link href="/profile" className={styles.viewerName} title={viewer.email}>
                <span className="visually-hidden">{t("signedInAs")} </span>
                {viewer.displayName ?? viewer.name}
              </Link>
              <form action={logoutAction}>
                <Button type="submit" variant="secondary" size="sm">
                  {t("logOut")}
                </Button>
              </form>
            </>
          ) : (
            <AuthLinks logIn={t("logIn")} register={t("register")} />
          )}
        </div>
      </div>
    </header>
  );
}
