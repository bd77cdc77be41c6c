import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CollectionCard } from "@/components/home/collection-card";
import { pageParam } from "@/components/play/format";
import { Pagination } from "@/components/play/pagination";
import { ListingEmptyPage } from "@/components/shell/listing-empty-page";
import { StackIcon } from "@/components/ui/icons";
import { listPublicCollections } from "@/lib/services/public-challenges";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("collections");
  return { title: t("title") };
}

const PAGE_SIZE = 24;

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ChallengeCollectionsPage({ searchParams }: Props) {
  const page = pageParam((await searchParams).page);
  const { data, total } = await listPublicCollections({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  if (total === 0) {
    return <ListingEmptyPage section="collections" icon={<StackIcon />} primaryHref="/challenges" secondaryHref="/console" />;
  }
  const t = await getTranslations("collections");
  const tp = await getTranslations("player.lists");
  return (
    <>
      <div className="page-header">
        <h1>{t("title")}</h1>
        <p className="lead">{t("lead")}</p>
        <p className="muted">{tp("collectionCount", { count: total })}</p>
      </div>
      {data.length === 0 ? (
        <p>{tp("pastLastPage")}</p>
      ) : (
        <ul className="card-grid">
          {data.map((c) => (
            <CollectionCard key={c.id} collection={c} />
          ))}
        </ul>
      )}
      <Pagination
        basePath="/challenge-collections"
        page={page}
        pageCount={Math.ceil(total / PAGE_SIZE)}
        label={tp("collectionPages")}
      />
    </>
  );
}
