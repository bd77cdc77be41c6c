"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { CheckboxField } from "../fields";

/** The creator's two guest switches; boards only when guests may play. */
export function GuestFields({
  allowGuests,
  guestsOnBoards,
}: {
  allowGuests: boolean;
  guestsOnBoards: boolean;
}) {
  const t = useTranslations("consolePages.challengeWizard");
  const [allow, setAllow] = useState(allowGuests);
  return (
    <>
      <CheckboxField
        id="challenge-allow-guests"
        name="allow_guests"
        label={t("allowGuests")}
        hint={t("allowGuestsHint")}
        checked={allow}
        onChange={(event) => setAllow(event.target.checked)}
      />
      <CheckboxField
        id="challenge-guests-on-boards"
        name="guests_on_boards"
        label={t("guestsOnBoards")}
        hint={t("guestsOnBoardsHint")}
        defaultChecked={guestsOnBoards}
        disabled={!allow}
      />
    </>
  );
}
