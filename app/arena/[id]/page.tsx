import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getFormatter, getTranslations } from "next-intl/server";
import { JoinAsMeButton } from "@/components/arena/action-forms";
import styles from "@/components/arena/arena.module.css";
import { CopyCode } from "@/components/arena/copy-code";
import { LiveChannels } from "@/components/arena/live-channels";
import { ActForm, ChatForm } from "@/components/arena/play-forms";
import { idTitle, seatsOf } from "@/components/arena/players";
import { getViewer } from "@/lib/auth/viewer";
import type { UserProfile } from "@/lib/arena/types";
import { challengeById, metadataOf } from "@/lib/services/arena/read";
import { seatOfAccount } from "@/lib/services/arena/humans";
import { profileOf } from "@/lib/services/arena/users";
import { ArenaHeader } from "@/components/arena/arena-header";

type Props = { params: Promise<{ id: string }> };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function gameOr404(id: string) {
  const game = UUID.test(id) ? await challengeById(id) : null;
  if (!game) notFound();
  return game;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const game = await gameOr404((await params).id);
  return { title: game.name };
}

async function profilesOf(userIds: string[]): Promise<Record<string, UserProfile>> {
  const found = await Promise.all(userIds.map((id) => profileOf(id).catch(() => null)));
  return Object.fromEntries(found.filter((p): p is UserProfile => p !== null).map((p) => [p.userId, p]));
}

export default async function ArenaGamePage({ params }: Props) {
  const { id } = await params;
  const game = await gameOr404(id);
  const [t, format, viewer] = await Promise.all([getTranslations("arena.game"), getFormatter(), getViewer()]);
  const meta = metadataOf(game.challengeType);
  const [profiles, seat] = await Promise.all([
    profilesOf(Object.values(game.state.playerIdentities)),
    viewer ? seatOfAccount(viewer.id, game.id) : Promise.resolve(null),
  ]);
  const seats = seatsOf(game, profiles, (position) => t("seat", { n: position + 1 }));
  const status = game.state.status;
  const freeInvites = status === "open" ? game.invites.filter((i) => !game.state.players.includes(i)) : [];
  const loginHref = `/login?${new URLSearchParams({ next: `/arena/${game.id}` }).toString()}`;

  return (
    <div className="stack-lg" data-testid="arena-game">
      <ArenaHeader back={t("back")} title={meta.name} lead={meta.description}>
        <dl className={`cluster ${styles.facts}`}>
          <div>
            <dt className="muted">{t("status")}</dt>
            <dd className={styles.status} data-status={status} data-testid="arena-status">
              {t(`statuses.${status}`)}
            </dd>
          </div>
          <div>
            <dt className="muted">{t("created")}</dt>
            <dd>{format.dateTime(new Date(game.createdAt), { dateStyle: "medium", timeStyle: "short" })}</dd>
          </div>
          <div>
            <dt className="muted">{t("leaderboard")}</dt>
            <dd>
              <Link href={`/arena/leaderboard/${encodeURIComponent(game.challengeType)}`}>
                {t("leaderboardLink", { name: meta.name })}
              </Link>
            </dd>
          </div>
        </dl>
      </ArenaHeader>

      <section className={styles.section} aria-labelledby="arena-players-heading">
        <h2 id="arena-players-heading">
          {t("playersHeading", { joined: seats.length, total: meta.players })}
        </h2>
        {seats.length === 0 ? (
          <p className="muted">{t("noPlayers")}</p>
        ) : (
          <ol data-testid="arena-players">
            {seats.map((s) => (
              <li key={s.invite}>
                {s.userId ? (
                  <Link
                    href={`/arena/users/${encodeURIComponent(s.userId)}`}
                    title={idTitle(s.userId, s.invite)}
                  >
                    {s.label}
                  </Link>
                ) : (
                  <span title={s.invite}>{s.label}</span>
                )}
                {s.model ? <span className="muted"> · {s.model}</span> : null}
                {s.userId ? null : <span className="muted"> · {t("anonymous")}</span>}
                {s.invite === seat ? <strong> · {t("youSeat")}</strong> : null}
              </li>
            ))}
          </ol>
        )}
        {freeInvites.length > 0 ? (
          <>
            <h3>{t("invitesHeading")}</h3>
            <p className="muted">{t("invitesHint")}</p>
            <ul className={styles.invites} data-testid="arena-invites">
              {freeInvites.map((invite, i) => (
                <li key={invite} className="cluster">
                  <span>{t("freeSeat", { n: i + 1 })}</span>
                  <CopyCode
                    value={invite}
                    label={t("copyInvite")}
                    copiedLabel={t("copied")}
                    fieldLabel={t("inviteField", { n: i + 1 })}
                  />
                  {viewer && !seat ? <JoinAsMeButton invite={invite} label={t("joinAsMe")} /> : null}
                </li>
              ))}
            </ul>
            {!viewer ? (
              <p>
                <Link href={loginHref}>{t("logInToJoin")}</Link>
              </p>
            ) : null}
          </>
        ) : null}
      </section>

      {seat && status !== "ended" ? (
        <div className={styles.channels}>
          <section className={styles.section} aria-labelledby="arena-act-heading">
            <h2 id="arena-act-heading">{t("actHeading")}</h2>
            {status === "open" ? <p className="muted">{t("waiting")}</p> : null}
            <ActForm gameId={game.id} methods={meta.methods} />
          </section>
          <section className={styles.section} aria-labelledby="arena-say-heading">
            <h2 id="arena-say-heading">{t("chatHeading")}</h2>
            <ChatForm
              gameId={game.id}
              others={seats
                .filter((s) => s.invite !== seat)
                .map((s) => ({ invite: s.invite, label: s.label }))}
            />
          </section>
        </div>
      ) : null}

      <LiveChannels
        gameId={game.id}
        seats={seats.map((s) => ({ invite: s.invite, label: s.label, title: idTitle(s.userId, s.invite) }))}
        invites={game.invites}
        viewerInvite={seat}
      />

      <details className={styles.section} open={seat !== null}>
        <summary>{t("promptHeading")}</summary>
        <pre className={styles.prompt} data-testid="arena-prompt">
          {meta.prompt}
        </pre>
      </details>
    </div>
  );
}
