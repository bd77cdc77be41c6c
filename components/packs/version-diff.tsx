import { useTranslations } from "next-intl";
import { SelectField } from "@/components/console/fields";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { diffLines, type DiffLine } from "./diff";
import packStyles from "./packs.module.css";

// Two versions' source YAML compared line by line. The choice of versions is a plain GET form
// (?from=&to=), so the page needs no script; removed and added lines carry − and + markers as
// well as their colour.

export interface VersionDiffProps {
  /** Every version number, newest first. */
  numbers: number[];
  from: { number: number; source: string };
  to: { number: number; source: string };
  /** A requested number that does not exist (the defaults are shown instead). */
  unknown?: number | undefined;
}

export function VersionDiff({ numbers, from, to, unknown }: VersionDiffProps) {
  const t = useTranslations("consolePages.packs");
  const options = numbers.map((n) => ({ value: String(n), label: String(n) }));
  const diff = diffLines(from.source, to.source);
  return (
    <div className="stack">
      <form method="get" className={packStyles.diffForm}>
        <SelectField
          id="diff-from"
          name="from"
          label={t("diffFrom")}
          options={options}
          defaultValue={String(from.number)}
        />
        <SelectField
          id="diff-to"
          name="to"
          label={t("diffTo")}
          options={options}
          defaultValue={String(to.number)}
        />
        <Button type="submit" variant="secondary">
          {t("diffShow")}
        </Button>
      </form>
      {unknown !== undefined ? <Alert tone="warning">{t("diffUnknown", { number: unknown })}</Alert> : null}
      <h3>{t("diffHeading", { from: from.number, to: to.number })}</h3>
      {!diff.ok ? (
        <Alert tone="warning">
          {t("diffTooLarge", {
            from: from.number,
            to: to.number,
            fromLines: diff.fromLines,
            toLines: diff.toLines,
            limit: diff.limit,
          })}
        </Alert>
      ) : (
        <>
          <p className={packStyles.summary} data-testid="diff-summary">
            <span aria-hidden="true">
              <span className={packStyles.added}>+{diff.added}</span>{" "}
              <span className={packStyles.removed}>−{diff.removed}</span>
            </span>
            <span className="visually-hidden">
              {t("diffSummaryLabel", { added: diff.added, removed: diff.removed })}
            </span>
          </p>
          {diff.added === 0 && diff.removed === 0 ? (
            <p>{t("diffSame")}</p>
          ) : (
            <div className={packStyles.diff}>
              <table data-testid="pack-diff">
                <tbody>
                  {diff.lines.map((line, i) => (
                    <DiffRow key={i} line={line} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </div>
  );
}

function DiffRow({ line }: { line: DiffLine }) {
  const t = useTranslations("consolePages.packs");
  const kind = line.kind;
  const rowClass =
    kind === "added" ? packStyles.lineAdded : kind === "removed" ? packStyles.lineRemoved : undefined;
  const marker = kind === "added" ? "+" : kind === "removed" ? "−" : " ";
  return (
    <tr className={rowClass} data-kind={kind}>
      <td className={packStyles.lineNo}>{kind !== "added" ? line.from : ""}</td>
      <td className={packStyles.lineNo}>{kind !== "removed" ? line.to : ""}</td>
      <td className={packStyles.marker}>
        <span aria-hidden="true">{marker}</span>
        {kind !== "same" ? (
          <span className="visually-hidden">{kind === "added" ? t("markerAdded") : t("markerRemoved")}</span>
        ) : null}
      </td>
      <td>{line.text === "" ? " " : line.text}</td>
    </tr>
  );
}
