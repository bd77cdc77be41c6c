import type { ReactNode } from "react";

/** One fact: its label and value; false or null leaves it out. */
export type Fact = readonly [label: ReactNode, value: ReactNode] | false | null;

/** A description list of facts, each a `<div><dt/><dd/></div>` under `className`. */
export function FactList({ className, facts }: { className?: string; facts: Fact[] }) {
  return (
    <dl className={className}>
      {facts.map((fact, i) =>
        fact ? (
          <div key={i}>
            <dt>{fact[0]}</dt>
            <dd>{fact[1]}</dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}
