"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useId, useState, type KeyboardEvent } from "react";
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

/**
 * A labelled <nav> whose current section carries aria-current="page". With `menuLabel` (the
 * primary nav), a phone shows a "Menu" button naming the current section instead of the row of
 * links; it opens the full list (every item visible, wrapped) and closes on navigation or Escape.
 */
export function NavLinks({
  items,
  label,
  variant = "primary",
  menuLabel,
}: {
  items: readonly NavItem[];
  label: string;
  variant?: "primary" | "secondary";
  menuLabel?: string;
}) {
  const pathname = usePathname();
  const listId = useId();
  // Open for the page it was opened on: following a link (a new pathname) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = menuLabel !== undefined && openOn === pathname;
  const current = items.find((item) => isActive(pathname, item));

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key !== "Escape" || !open) return;
    setOpenOn(null);
    event.currentTarget.querySelector<HTMLButtonElement>("button[aria-controls]")?.focus();
  }

  return (
    <nav
      aria-label={label}
      className={`${styles.nav} ${styles[variant]}`}
      data-menu={menuLabel !== undefined || undefined}
      data-open={open || undefined}
      onKeyDown={menuLabel !== undefined ? onKeyDown : undefined}
    >
      {menuLabel !== undefined ? (
        <button
          type="button"
          className={styles.menuButton}
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpenOn(open ? null : pathname)}
        >
          <span className={styles.menuIcon} aria-hidden="true" />
          {menuLabel}
          {current ? <span className={styles.menuCurrent}>{current.label}</span> : null}
        </button>
      ) : null}
      <ul id={listId} className={styles.list}>
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
