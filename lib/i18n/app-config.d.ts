import type { AppLocale } from "./config";
import type en from "./messages/en";

// Makes message keys and locales type-checked in useTranslations/getTranslations.
declare module "next-intl" {
  interface AppConfig {
    Locale: AppLocale;
    Messages: typeof en;
  }
}
