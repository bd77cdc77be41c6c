import Link from "next/link";
import type { ReactNode } from "react";

/** A console page header under a "← back" link: the title, then the lead when there is one. */
export function BackHeader({
  backHref,
  backLabel,
  title,
  lead,
}: {
  backHref: string;
  backLabel: ReactNode;
  title: ReactNode;
  lead?: ReactNode;
}) {
  return (
    <div className="page-header">
      <p>
        <Link href={backHref}>← {backLabel}</Link>
      </p>
      <h1>{title}</h1>
      {lead === undefined ? null : <p className="lead">{lead}</p>}
    </div>
  );
}
