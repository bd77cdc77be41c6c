// The props Next.js gives a page under a `[id]` segment: its id and the query string.

export type IdPageProps = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};
