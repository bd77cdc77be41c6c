import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { GlobalBoardTable } from "@/components/leaderboard/global-board-table";
import lb from "@/components/leaderboard/leaderboard.module.css";
import { pageParam } from "@/components/play/format";
import { Pagination } from "@/components/play/pagination";
import { EmptyState } from "@/components/ui/empty-state";
import { TargetIcon } from "@/components/ui/icons";
import { getViewer } from "@/lib/auth/viewer";
import { getGlobalLeaderboard } from "@/lib/services/leaderboards/global-board";

const PAGE_SIZE = 50;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("boards.global");
  return { title: t("title") };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The global leaderboard: points over every public challenge, net of hint costs. */
export default async function GlobalLeaderboardPage({ searchParams }: Props) {
  const page = pageParam((await searchParams).page);
  const viewer = await getViewer();
  const [t, board] = await Promise.all([
    getTranslations("boards.global"),
    getGlobalLeaderboard({
      limit: PAGE_SIZE,
      offset: (page - 1) * PAGE_SIZE,
      viewerAccountId: viewer?.id ?? null,
    }),
  ]);
  return (
    <div className="stack-lg">
      <div className="page-header">
        <h1>{t("title")}</h1>
        <p className="lead">{t("lead")}</p>
      </div>
      <section aria-labelledby="global-board-heading" className={lb.section}>
        <h2 id="global-board-heading">{t("rankings", { count: board.total })}</h2>
        {board.total === 0 ? (
          <EmptyState
            headingLevel={3}
            icon={<TargetIcon />}
            title={t("emptyTitle")}
            description={t("emptyDescription")}
          />
        ) : (
          <>
            <GlobalBoardTable board={board} viewerId={viewer?.id ?? null} />
            <Pagination
              basePath="/leaderboard"
              page={page}
              pageCount={Math.ceil(board.total / PAGE_SIZE)}
              label={t("pages")}
            />
          </>
        )}
      </section>
    </div>
  );
}
