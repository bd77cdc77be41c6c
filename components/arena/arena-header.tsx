import Link from "next/link";
import type { ReactNode } from "react";

/** An arena page's top: the way back to the arena, then title, lead and `children`. */
export function ArenaHeader({
  back,
  title,
  lead,
  children,
}: {
  back: string;
  title: ReactNode;
  lead: ReactNode;
  children?: ReactNode;
}) {
  return (
    <>
      <p>
        <Link href="/arena">{back}</Link>
      </p>
      <div className="page-header">
        <h1>{title}</h1>
        <p className="lead">{lead}</p>
        {children}
      </div>
    </>
  );
}
