import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ChallengeCard } from "@/components/play/challenge-card";
import { pageParam } from "@/components/play/format";
import { Pagination } from "@/components/play/pagination";
import { ListingEmptyPage } from "@/components/shell/listing-empty-page";
import { TargetIcon } from "@/components/ui/icons";
import { getViewer } from "@/lib/auth/viewer";
import { listPublicChallenges } from "@/lib/services/public-challenges";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("challenges");
  return { title: t("title") };
}

const PAGE_SIZE = 24;

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ChallengesPage({ searchParams }: Props) {
  const page = pageParam((await searchParams).page);
  const viewer = await getViewer();
  const { data, total } = await listPublicChallenges({
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
    viewerAccountId: viewer?.id ?? null,
  });
  if (total === 0) {
    return <ListingEmptyPage section="challenges" icon={<TargetIcon />} primaryHref="/console" secondaryHref="/arena" />;
  }
  const t = await getTranslations("challenges");
  const tp = await getTranslations("player.lists");
  return (
    <>
      <div className="page-header">
        <h1>{t("title")}</h1>
        <p className="lead">{t("lead")}</p>
        <p className="muted">{tp("challengeCount", { count: total })}</p>
      </div>
      {data.length === 0 ? (
        <p>{tp("pastLastPage")}</p>
      ) : (
        <ul className="card-grid">
          {data.map((c) => (
            <ChallengeCard key={c.id} challenge={c} />
          ))}
        </ul>
      )}
      <Pagination
        basePath="/challenges"
        page={page}
        pageCount={Math.ceil(total / PAGE_SIZE)}
        label={tp("challengePages")}
      />
    </>
  );
}
