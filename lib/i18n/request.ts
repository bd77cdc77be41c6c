import { getRequestConfig } from "next-intl/server";
import { cookies, headers } from "next/headers";
import { type AppLocale, localeCookieName, resolveLocale } from "./config";
import { precompiledMessages } from "./precompile";
import type en from "./messages/en";

type Catalog = typeof en;

async function loadMessages(locale: AppLocale): Promise<Catalog> {
  const catalogs: Record<AppLocale, () => Promise<{ default: Catalog }>> = {
    en: () => import("./messages/en/index"),
  };
  return (await catalogs[locale]()).default;
}

export default getRequestConfig(async () => {
  const [cookieStore, headerList] = await Promise.all([cookies(), headers()]);
  const locale = resolveLocale(cookieStore.get(localeCookieName)?.value, headerList.get("accept-language"));
  // Precompiled: the app formats with use-intl's format-only variant (next.config.ts).
  return { locale, messages: precompiledMessages(await loadMessages(locale)) };
});
