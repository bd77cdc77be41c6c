"use client";

import { createTranslator } from "next-intl";
import { useEffect } from "react";
import { Button, buttonClassName } from "@/components/ui/button";
import { defaultLocale } from "@/lib/i18n/config";
import errorsGlobal from "@/lib/i18n/messages/en/errorsGlobal.json";
import "./globals.css";

// Replaces the root layout when that fails, so there is no intl provider or request config here:
// translate with the default catalog directly. Only this page's strings are passed (and so bundled:
// this file's script loads on every page).
const t = createTranslator({
  locale: defaultLocale,
  messages: { errors: { global: errorsGlobal } },
  namespace: "errors.global",
});

export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <html lang={defaultLocale}>
      <body>
        <main className="main">
          <div role="alert" className="stack">
            <h1>{t("title")}</h1>
            <p className="lead">{t("description")}</p>
            <div className="cluster">
              <Button onClick={() => retry()}>{t("retry")}</Button>
              {/* A full page load on purpose: the client router may be what broke. */}
              {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
              <a href="/" className={buttonClassName({ variant: "secondary" })}>
                {t("home")}
              </a>
            </div>
          </div>
        </main>
      </body>
    </html>
  );
}
