import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { IntlErrorCode, NextIntlClientProvider, type IntlError } from "next-intl";
import messages from "@/lib/i18n/messages/en/index";

/** Renders `children` to HTML with the English messages; `missing` lists the messages it lacked. */
export function renderInEnglish(children: ReactElement): { html: string; missing: string[] } {
  const missing: string[] = [];
  const html = renderToStaticMarkup(
    createElement(NextIntlClientProvider, {
      locale: "en",
      messages,
      timeZone: "UTC",
      onError: (error: IntlError) => {
        if (error.code === IntlErrorCode.MISSING_MESSAGE) missing.push(error.message);
      },
      children,
    }),
  );
  return { html, missing };
}
