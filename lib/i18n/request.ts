import { getRequestConfig } from "next-intl/server";
import { cookies, headers } from "next/headers";
import { type AppLocale, localeCookieName, resolveLocale } from "./config";
import type en from "./messages/en.json";

type Catalog = typeof en;

async function loadMessages(locale: AppLocale): Promise<Catalog> {
  const catalog = (await import(`./messages/${locale}.json`)) as { default: Catalog };
  return catalog.default;
}

export default getRequestConfig(async () => {
  const [cookieStore, headerList] = await Promise.all([cookies(), headers()]);
  const locale = resolveLocale(cookieStore.get(localeCookieName)?.value, headerList.get("accept-language"));
  return { locale, messages: await loadMessages(locale) };
});
