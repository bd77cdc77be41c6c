import Link from "next/link";
import { useTranslations } from "next-intl";
import styles from "./guest-line.module.css";

/** "Playing as Guest-1234 · Register to keep your wins", above a guest's prompt box. */
export function GuestLine({ name, registerHref }: { name: string | null; registerHref: string }) {
  const t = useTranslations("playerAccount.guest");
  return (
    <p className={styles.guestLine} data-testid="guest-line">
      {name ? t("playingAs", { name }) : t("playingAsGuest")} ·{" "}
      <Link href={registerHref}>{t("register")}</Link>
    </p>
  );
}
