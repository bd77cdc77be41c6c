"use client";

import { useRouter } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useRef, useState, type ReactNode } from "react";
import type { Attribution, ChallengeOperatorState, ChatMessage, UserProfile } from "@/lib/arena/types";
import { displayName, idTitle, INVITE_CODE, labelInvites, truncateLabel } from "./players";
import styles from "./arena.module.css";

// Both channels of a game, live: an EventSource per channel on /web/api/arena/games/{id}/stream
// (unnamed `data:` frames: initial, new_message, game_ended). The server redacts DMs the viewer
// may not read; when the game ends the final scores show and the page's server parts refresh.
// Players are named by their labels (players.ts), in the message heads and inside the messages'
// text too (the games name players by invite code); the ids stay in the tooltips.

export interface SeatLabel {
  invite: string;
  label: string;
  /** Tooltip: the player's ids. */
  title?: string;
}

/** How a player is shown: its label, and the ids for the tooltip. */
interface Named {
  label: string;
  title: string;
}

function Name({ who }: { who: Named }) {
  return <span title={who.title || undefined}>{who.label}</span>;
}

/** A message's text with the invite codes it names shown as the players' labels. */
function Content({ text, resolve }: { text: string; resolve: (invite: string) => Named | null }): ReactNode {
  const parts = labelInvites(text, (invite) => resolve(invite)?.label ?? null);
  return parts.map((part, i) =>
    "text" in part ? (
      part.text
    ) : (
      <span key={i} className={styles.mention} title={part.id}>
        {part.label}
      </span>
    ),
  );
}

type Ended = ChallengeOperatorState & { profiles?: Record<string, UserProfile> };

type Frame =
  | { type: "initial"; messages: ChatMessage[] }
  | { type: "new_message"; message: ChatMessage }
  | { type: "game_ended"; data: Ended };

function parse(data: string): Frame | null {
  try {
    const v = JSON.parse(data) as { type?: unknown };
    if (v && (v.type === "initial" || v.type === "new_message" || v.type === "game_ended")) return v as Frame;
  } catch {
    // A frame we cannot read is skipped.
  }
  return null;
}

function useChannel(
  gameId: string,
  channel: "chat" | "operator",
  viewerKey: string,
  onEnded: (d: Ended) => void,
  onNew: () => void,
) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [live, setLive] = useState(false);
  const ended = useRef(onEnded);
  const fresh = useRef(onNew);
  useEffect(() => {
    ended.current = onEnded;
    fresh.current = onNew;
  });
  useEffect(() => {
    const source = new EventSource(
      `/web/api/arena/games/${encodeURIComponent(gameId)}/stream?channel=${channel}`,
    );
    source.onopen = () => setLive(true);
    source.onerror = () => setLive(false);
    source.onmessage = (event) => {
      const frame = parse(event.data as string);
      if (!frame) return;
      if (frame.type === "initial") setMessages(frame.messages);
      else if (frame.type === "new_message") {
        setMessages((list) =>
          list.some((m) => m.index === frame.message.index) ? list : [...list, frame.message],
        );
        fresh.current();
      } else ended.current(frame.data);
    };
    return () => source.close();
  }, [gameId, channel, viewerKey]);
  return { messages, live };
}

function Log({
  messages,
  nameOf,
  resolve,
  testId,
}: {
  messages: ChatMessage[];
  nameOf: (who: string) => Named;
  resolve: (invite: string) => Named | null;
  testId: string;
}) {
  const t = useTranslations("arena.live");
  const format = useFormatter();
  const list = useRef<HTMLOListElement>(null);
  // Follow new messages inside the log only (never scroll the page).
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length]);
  if (messages.length === 0) return <p className="muted">{t("noMessages")}</p>;
  return (
    <ol ref={list} className={styles.log} data-testid={testId} aria-live="polite">
      {messages.map((m) => (
        <li key={m.index} className={styles.message} data-dm={m.to !== undefined} data-testid="arena-message">
          <p className={styles.messageHead}>
            <span>#{m.index}</span>
            <strong>
              <Name who={nameOf(m.from)} />
            </strong>
            {m.to !== undefined ? (
              <span title={nameOf(m.to).title || undefined}>{t("to", { name: nameOf(m.to).label })}</span>
            ) : null}
            {m.type ? <span>({m.type})</span> : null}
            <time dateTime={new Date(m.timestamp).toISOString()}>
              {format.dateTime(new Date(m.timestamp), { timeStyle: "medium" })}
            </time>
          </p>
          {m.redacted ? (
            <p className={`${styles.messageBody} ${styles.redacted}`}>{t("private")}</p>
          ) : (
            <p className={styles.messageBody}>
              <Content text={m.content} resolve={resolve} />
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}

function seatName(who: number | string, players: string[], nameOf: (who: string) => Named): string {
  const invite = typeof who === "number" ? players[who] : who;
  return invite === undefined ? String(who) : nameOf(invite).label;
}

function Results({ data, nameOf }: { data: Ended; nameOf: (who: string) => Named }) {
  const t = useTranslations("arena.live");
  const format = useFormatter();
  const num = (n: number) => format.number(n, { maximumFractionDigits: 3, signDisplay: "exceptZero" });
  const attributions: Attribution[] = data.attributions ?? [];
  return (
    <section className={styles.section} aria-labelledby="arena-results" data-testid="arena-results">
      <h2 id="arena-results">{t("resultsHeading")}</h2>
      <div className={styles.scroll}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t("player")}</th>
              <th scope="col">{t("security")}</th>
              <th scope="col">{t("utility")}</th>
            </tr>
          </thead>
          <tbody>
            {data.players.map((invite, i) => (
              <tr key={invite}>
                <th scope="row">
                  <Name who={nameOf(invite)} />
                </th>
                <td>{data.scores[i] ? num(data.scores[i].security) : "—"}</td>
                <td>{data.scores[i] ? num(data.scores[i].utility) : "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {attributions.length > 0 ? (
        <ul>
          {attributions.map((a, i) => (
            <li key={i}>
              {t("attribution", {
                from: seatName(a.from, data.players, nameOf),
                to: seatName(a.to, data.players, nameOf),
                type: a.type,
              })}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t("noAttributions")}</p>
      )}
    </section>
  );
}

export function LiveChannels({
  gameId,
  seats,
  invites,
  viewerInvite,
}: {
  gameId: string;
  seats: SeatLabel[];
  /** Every invite code of the game, so a player who joined after the page was drawn is named too. */
  invites: string[];
  viewerInvite: string | null;
}) {
  const t = useTranslations("arena.live");
  const router = useRouter();
  const [ended, setEnded] = useState<Ended | null>(null);
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Operator messages mark joins, turns and the end: refresh the server parts (status, players,
  // forms) soon after, at most once per burst.
  const refreshSoon = () => {
    clearTimeout(refreshTimer.current);
    refreshTimer.current = setTimeout(() => router.refresh(), 400);
  };
  useEffect(() => () => clearTimeout(refreshTimer.current), []);
  const onEnded = (data: Ended) => {
    setEnded((prev) => {
      if (!prev) refreshSoon();
      return data;
    });
  };
  const viewerKey = viewerInvite ?? "viewer";
  const chat = useChannel(gameId, "chat", viewerKey, onEnded, () => undefined);
  const operator = useChannel(gameId, "operator", viewerKey, onEnded, refreshSoon);

  const names = new Map(seats.map((s) => [s.invite, s]));
  const ours = new Set(invites);
  // Seats taken since the page was drawn, in the order the messages first name them: they get the
  // next seat numbers until the page's refresh (or the final state) names them properly.
  const later: string[] = [];
  for (const m of [...operator.messages, ...chat.messages]) {
    const named = [m.from, m.to ?? "", ...(m.content.match(new RegExp(INVITE_CODE.source, "gi")) ?? [])];
    for (const who of named) if (ours.has(who) && !names.has(who) && !later.includes(who)) later.push(who);
  }
  const resolve = (invite: string): Named | null => {
    const known = names.get(invite);
    const final = ended ? ended.players.indexOf(invite) : -1;
    let label: string;
    let title = invite;
    if (known) {
      label = known.label;
      title = known.title ?? invite;
    } else if (ended && final >= 0) {
      const userId = ended.playerIdentities[invite];
      label = displayName(userId ? ended.profiles?.[userId] : undefined) ?? t("seat", { n: final + 1 });
      title = idTitle(userId, invite);
    } else if (ours.has(invite)) {
      label = t("seat", { n: seats.length + later.indexOf(invite) + 1 });
    } else return null;
    return { label: invite === viewerInvite ? t("you", { name: label }) : label, title };
  };
  const nameOf = (who: string): Named => {
    if (who === "operator") return { label: t("operator"), title: "" };
    return resolve(who) ?? { label: truncateLabel(who, 14), title: who };
  };

  return (
    <>
      {ended ? <Results data={ended} nameOf={nameOf} /> : null}
      <div className={styles.channels}>
        <section className={styles.section} aria-labelledby="arena-chat-heading">
          <h2 id="arena-chat-heading">
            {t("chatHeading")} <small className="muted">{chat.live ? t("live") : t("connecting")}</small>
          </h2>
          <Log messages={chat.messages} nameOf={nameOf} resolve={resolve} testId="arena-chat" />
        </section>
        <section className={styles.section} aria-labelledby="arena-operator-heading">
          <h2 id="arena-operator-heading">
            {t("operatorHeading")}{" "}
            <small className="muted">{operator.live ? t("live") : t("connecting")}</small>
          </h2>
          <Log messages={operator.messages} nameOf={nameOf} resolve={resolve} testId="arena-operator" />
        </section>
      </div>
    </>
  );
}
