import type { Metadata, Viewport } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { SiteFooter } from "@/components/shell/site-footer";
import { SiteHeader } from "@/components/shell/site-header";
import { getViewer } from "@/lib/auth/viewer";
import { unreadCount } from "@/lib/services/notifications";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("metadata");
  return {
    title: { default: t("appName"), template: `%s · ${t("appName")}` },
    description: t("description"),
    applicationName: t("appName"),
  };
}

export const viewport: Viewport = {
  colorScheme: "light dark",
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#f6f7f9" },
    { media: "(prefers-color-scheme: dark)", color: "#0f1115" },
  ],
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const [locale, t, viewer] = await Promise.all([getLocale(), getTranslations("shell"), getViewer()]);
  // The bell's count as the page is rendered; the bell keeps it live from there.
  const unread = viewer ? await unreadCount(viewer.id) : 0;
  return (
    <html lang={locale}>
      <body>
        <NextIntlClientProvider>
          <a href="#main-content" className="skip-link">
            {t("skipToContent")}
          </a>
          <SiteHeader viewer={viewer} unread={unread} />
          <main id="main-content" className="main" tabIndex={-1}>
            {children}
          </main>
          <SiteFooter />
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
