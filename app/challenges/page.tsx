import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ChallengeCard } from "@/components/play/challenge-card";
import { ChallengeFiltersForm } from "@/components/play/challenge-filters";
import { pageParam } from "@/components/play/format";
import { Pagination } from "@/components/play/pagination";
import { ListingEmptyPage } from "@/components/shell/listing-empty-page";
import { EmptyState } from "@/components/ui/empty-state";
import { TargetIcon } from "@/components/ui/icons";
import { getViewer } from "@/lib/auth/viewer";
import {
  filtersFromParams,
  filtersQuery,
  hasFilters,
  matchingChallengeIds,
} from "@/lib/services/challenge-search";
import { listPublicChallenges, listPublicCollections } from "@/lib/services/public-challenges";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("challenges");
  return { title: t("title") };
}

const PAGE_SIZE = 24;

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ChallengesPage({ searchParams }: Props) {
  const params = await searchParams;
  const page = pageParam(params.page);
  const viewer = await getViewer();
  const filters = filtersFromParams(params);
  const filtering = hasFilters(filters);
  const [onlyIds, collections] = await Promise.all([
    matchingChallengeIds(filters, viewer?.id ?? null),
    listPublicCollections({ limit: 100, offset: 0 }),
  ]);
  const { data, total } = await listPublicChallenges({
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
    viewerAccountId: viewer?.id ?? null,
    onlyIds,
  });
  if (total === 0 && !filtering) {
    return (
      <ListingEmptyPage
        section="challenges"
        icon={<TargetIcon />}
        primaryHref="/console"
        secondaryHref="/arena"
      />
    );
  }
  const [t, tp, tf, tg] = await Promise.all([
    getTranslations("challenges"),
    getTranslations("player.lists"),
    getTranslations("boards.filters"),
    getTranslations("boards.global"),
  ]);
  const query = filtersQuery(filters);
  return (
    <>
      <div className="page-header">
        <h1>{t("title")}</h1>
        <p className="lead">{t("lead")}</p>
        <p className="muted">
          {filtering ? tf("matching", { count: total }) : tp("challengeCount", { count: total })} ·{" "}
          <Link href="/leaderboard">{tg("linkFromChallenges")}</Link>
        </p>
      </div>
      <ChallengeFiltersForm
        filters={filters}
        collections={collections.data.map((c) => ({ id: c.id, name: c.name }))}
        signedIn={viewer !== null}
      />
      {total === 0 ? (
        <EmptyState
          icon={<TargetIcon />}
          title={tf("emptyTitle")}
          description={tf("emptyDescription")}
          data-testid="filters-empty"
        />
      ) : data.length === 0 ? (
        <p>{tp("pastLastPage")}</p>
      ) : (
        <ul className="card-grid">
          {data.map((c) => (
            <ChallengeCard key={c.id} challenge={c} />
          ))}
        </ul>
      )}
      <Pagination
        basePath={query ? `/challenges?${query}` : "/challenges"}
        page={page}
        pageCount={Math.ceil(total / PAGE_SIZE)}
        label={tp("challengePages")}
      />
    </>
  );
}
