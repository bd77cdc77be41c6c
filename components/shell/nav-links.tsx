"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import styles from "./nav-links.module.css";

export type NavItem = {
  href: string;
  label: string;
  /** Only the exact path is active (for index pages such as a dashboard). */
  exact?: boolean;
};

function isActive(pathname: string, item: NavItem): boolean {
  if (pathname === item.href) return true;
  return !item.exact && pathname.startsWith(`${item.href}/`);
}

/** A labelled <nav> whose current section carries aria-current="page". */
export function NavLinks({
  items,
  label,
  variant = "primary",
}: {
  items: readonly NavItem[];
  label: string;
  variant?: "primary" | "secondary";
}) {
  const pathname = usePathname();
  return (
    <nav aria-label={label} className={`${styles.nav} ${styles[variant]}`}>
      <ul className={styles.list}>
        {items.map((item) => {
          const active = isActive(pathname, item);
          return (
            <li key={item.href}>
              <Link href={item.href} className={styles.link} aria-current={active ? "page" : undefined}>
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
