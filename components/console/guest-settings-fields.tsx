import { useTranslations } from "next-intl";
import { CheckboxField } from "./fields";

/** Challenge form: whether visitors without an account may play, and whether boards list them. */
export function GuestSettingsFields({
  allowGuests,
  guestsOnBoards,
}: {
  allowGuests: boolean;
  guestsOnBoards: boolean;
}) {
  const t = useTranslations("playerAccount.creator");
  return (
    <>
      <CheckboxField
        id="challenge-allow-guests"
        name="allow_guests"
        label={t("allowGuests")}
        hint={t("allowGuestsHint")}
        defaultChecked={allowGuests}
      />
      <CheckboxField
        id="challenge-guests-on-boards"
        name="guests_on_boards"
        label={t("guestsOnBoards")}
        hint={t("guestsOnBoardsHint")}
        defaultChecked={guestsOnBoards}
      />
    </>
  );
}
