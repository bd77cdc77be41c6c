"use client";

import { useTranslations } from "next-intl";
import { useActionState, useState, type DragEvent } from "react";
import { setMembershipAction } from "@/app/console/[workspace]/collections/actions";
import { Button } from "@/components/ui/button";
import fieldStyles from "@/components/ui/field.module.css";
import { SubmitButton } from "@/components/ui/submit-button";
import styles from "./console.module.css";
import itemStyles from "./membership-editor.module.css";
import { FormStatus } from "./form-status";
import { submitWithoutReset } from "./submit-without-reset";

export interface MemberChallenge {
  id: string;
  name: string;
  is_active: boolean;
}

type State = Awaited<ReturnType<typeof setMembershipAction>>;

/**
 * The collection's challenges in play order. Reorder by dragging (HTML5 drag and drop) or with
 * the up/down buttons (keyboard); add and remove; the whole list is saved at once.
 */
export function MembershipEditor({
  workspace,
  collectionId,
  initial,
  available,
}: {
  workspace: string;
  collectionId: string;
  initial: MemberChallenge[];
  available: MemberChallenge[];
}) {
  const t = useTranslations("consolePages.collections");
  const [state, formAction, pending] = useActionState(setMembershipAction, { status: "idle" } as State);
  const [items, setItems] = useState(initial);
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [toAdd, setToAdd] = useState("");
  const [dirty, setDirty] = useState(false);

  const addable = available.filter((c) => !items.some((i) => i.id === c.id));

  function move(from: number, to: number) {
    if (to < 0 || to >= items.length || from === to) return;
    const next = [...items];
    const [moved] = next.splice(from, 1);
    if (!moved) return;
    next.splice(to, 0, moved);
    setItems(next);
    setDirty(true);
    setAnnouncement(t("moved", { name: moved.name, position: to + 1, total: next.length }));
  }

  function onDrop(event: DragEvent<HTMLLIElement>, index: number) {
    event.preventDefault();
    const from = dragging ?? Number(event.dataTransfer.getData("text/plain"));
    setDragging(null);
    setOver(null);
    if (Number.isInteger(from)) move(from, index);
  }

  return (
    <form onSubmit={submitWithoutReset(formAction)} className="stack" aria-busy={pending || undefined}>
      <input type="hidden" name="workspace" value={workspace} />
      <input type="hidden" name="id" value={collectionId} />
      {items.map((item) => (
        <input key={item.id} type="hidden" name="challenge_ids" value={item.id} />
      ))}
      <p className="muted">{t("orderHint")}</p>
      {items.length === 0 ? (
        <p className="muted">{t("noMembers")}</p>
      ) : (
        <ol className={styles.orderList} data-testid="collection-order">
          {items.map((item, index) => (
            <li
              key={item.id}
              className={itemStyles.orderItem}
              draggable
              data-dragging={dragging === index || undefined}
              data-over={over === index && dragging !== index ? true : undefined}
              data-testid={`order-item-${index}`}
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = "move";
                event.dataTransfer.setData("text/plain", String(index));
                setDragging(index);
              }}
              onDragOver={(event) => {
                event.preventDefault();
                event.dataTransfer.dropEffect = "move";
                if (over !== index) setOver(index);
              }}
              onDragLeave={() => setOver((o) => (o === index ? null : o))}
              onDragEnd={() => {
                setDragging(null);
                setOver(null);
              }}
              onDrop={(event) => onDrop(event, index)}
            >
              <span className={itemStyles.orderHandle} aria-hidden="true">
                ⋮⋮
              </span>
              <span className={itemStyles.orderHandle}>{index + 1}.</span>
              <span className={itemStyles.orderName}>
                {item.name}
                {item.is_active ? null : <span className="muted"> · {t("inactive")}</span>}
              </span>
              <Button
                size="sm"
                variant="ghost"
                aria-label={t("moveUp", { name: item.name })}
                disabled={index === 0}
                onClick={() => move(index, index - 1)}
              >
                ↑
              </Button>
              <Button
                size="sm"
                variant="ghost"
                aria-label={t("moveDown", { name: item.name })}
                disabled={index === items.length - 1}
                onClick={() => move(index, index + 1)}
              >
                ↓
              </Button>
              <Button
                size="sm"
                variant="ghost"
                aria-label={t("removeItem", { name: item.name })}
                onClick={() => {
                  setItems(items.filter((i) => i.id !== item.id));
                  setDirty(true);
                  setAnnouncement(t("removed", { name: item.name }));
                }}
              >
                ✕
              </Button>
            </li>
          ))}
        </ol>
      )}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {addable.length > 0 ? (
        <div className="cluster">
          <label htmlFor="collection-add" className="visually-hidden">
            {t("addLabel")}
          </label>
          <select id="collection-add" className={fieldStyles.input} value={toAdd} onChange={(event) => setToAdd(event.target.value)}>
            <option value="">{t("addPlaceholder")}</option>
            {addable.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          <Button
            variant="secondary"
            size="sm"
            disabled={toAdd === ""}
            onClick={() => {
              const c = addable.find((a) => a.id === toAdd);
              if (!c) return;
              setItems([...items, c]);
              setToAdd("");
              setDirty(true);
              setAnnouncement(t("added", { name: c.name }));
            }}
          >
            {t("add")}
          </Button>
        </div>
      ) : null}
      <FormStatus state={state} success={t("orderSaved")} />
      <div>
        <SubmitButton pending={pending} variant={dirty ? "primary" : "secondary"}>
          {t("saveOrder")}
        </SubmitButton>
      </div>
    </form>
  );
}
