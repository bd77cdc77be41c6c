import type { Metadata, Viewport } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { SiteFooter } from "@/components/shell/site-footer";
import { SiteHeader } from "@/components/shell/site-header";
import { getViewer } from "@/lib/auth/viewer";
import { env } from "@/lib/env";
import { unreadCount } from "@/lib/services/notifications";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("metadata");
  return {
    title: { default: t("appName"), template: `%s · ${t("appName")}` },
    description: t("description"),
    applicationName: t("appName"),
    // public/: the social preview, the apple-touch icon and the web app manifest.
    metadataBase: new URL(env.APP_URL),
    manifest: "/site.webmanifest",
    icons: { apple: "/apple-touch-icon.png" },
    openGraph: {
      type: "website",
      siteName: t("appName"),
      title: t("appName"),
      description: t("description"),
      images: [{ url: "/og.png", width: 1200, height: 630, alt: t("appName") }],
    },
    twitter: { card: "summary_large_image", images: ["/og.png"] },
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
