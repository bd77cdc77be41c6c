"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { Suspense } from "react";
import { ButtonLink } from "@/components/ui/button";
import { authHref, returnPathFor } from "@/lib/auth/safe-next";

interface Labels {
  logIn: string;
  register: string;
}

/**
 * The header's "Log in" and "Register": they carry the page the person is on as the return path,
 * so logging in from a challenge comes back to it (the login pages validate it again).
 */
export function AuthLinks(labels: Labels) {
  return (
    // Search params are read on the client; until then the links carry the path alone.
    <Suspense fallback={<PathOnlyLinks {...labels} />}>
      <LinksWithSearch {...labels} />
    </Suspense>
  );
}

function LinksWithSearch(labels: Labels) {
  const pathname = usePathname();
  const search = useSearchParams();
  const query = search.toString();
  return <Links {...labels} pathname={pathname} search={query ? `?${query}` : ""} event={search.get("event")} />;
}

function PathOnlyLinks(labels: Labels) {
  return <Links {...labels} pathname={usePathname()} search="" event={null} />;
}

function Links({ logIn, register, pathname, search, event }: Labels & { pathname: string; search: string; event: string | null }) {
  const next = returnPathFor(pathname, search);
  const onAuthPage = pathname === "/login" || pathname === "/register";
  const carriedEvent = onAuthPage ? event : null;
  return (
    <>
      <ButtonLink href={authHref("/login", next, carriedEvent)} variant="ghost" size="sm" data-testid="header-login">
        {logIn}
      </ButtonLink>
      <ButtonLink href={authHref("/register", next, carriedEvent)} size="sm" data-testid="header-register">
        {register}
      </ButtonLink>
    </>
  );
}
