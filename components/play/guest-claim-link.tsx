import Link from "next/link";
import { getTranslations } from "next-intl/server";
import styles from "./ladder.module.css";

/**
 * What a guest sees instead of the claim box: claims need an account, so log in and come back
 * here. Rendered on the server and handed to the play panel, so it adds nothing to the page's
 * JavaScript.
 */
export async function GuestClaimLink({ href }: { href: string }) {
  const t = await getTranslations("ladder.claim");
  return (
    <p className={styles.claimLead} data-testid="claim-login">
      {t.rich("guestLogin", { link: (chunks) => <Link href={href}>{chunks}</Link> })}
    </p>
  );
}
