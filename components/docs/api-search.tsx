"use client";

import { useId, useMemo, useState } from "react";
import { searchOperations, type SearchEntry } from "@/lib/openapi/search";

/** The API reference's search box: filters every operation by method, path and summary as you type. */
export function ApiSearch({
  index,
  label,
  placeholder,
  noResults,
  className,
}: {
  index: SearchEntry[];
  label: string;
  placeholder: string;
  noResults: string;
  className?: string;
}) {
  const id = useId();
  const [query, setQuery] = useState("");
  const results = useMemo(() => searchOperations(index, query), [index, query]);
  return (
    <div role="search" className={className}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="search"
        value={query}
        placeholder={placeholder}
        autoComplete="off"
        onChange={(e) => setQuery(e.target.value)}
        data-testid="api-search"
      />
      {query.trim() ? (
        results.length > 0 ? (
          <ul data-testid="api-search-results">
            {results.map(([method, path, summary, href]) => (
              <li key={href}>
                <a href={href}>
                  <b data-method={method}>{method}</b> <code>{path}</code>
                  <span>{summary}</span>
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p role="status">{noResults}</p>
        )
      ) : null}
    </div>
  );
}
