"use client";

import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { Button, ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

// No error details on screen: server errors reach the client as an opaque digest anyway, and a
// client error's message could carry data the visitor should not see.
export default function ErrorPage({ error, retry }: { error: unknown; retry: () => void }) {
  const t = useTranslations("errors.error");

  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <div role="alert">
      <EmptyState
        headingLevel={1}
        title={t("title")}
        description={t("description")}
        action={
          <>
            <Button onClick={() => retry()}>{t("retry")}</Button>
            <ButtonLink href="/" variant="secondary">
              {t("home")}
            </ButtonLink>
          </>
        }
      />
    </div>
  );
}
