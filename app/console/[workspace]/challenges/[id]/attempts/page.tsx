import { getFormatter, getTranslations } from "next-intl/server";
import { z } from "zod";
import browserStyles from "@/components/console/attempt-browser.module.css";
import { AttemptExportButtons } from "@/components/console/attempt-export-buttons";
import { AttemptResult } from "@/components/console/attempt-result";
import styles from "@/components/console/console.module.css";
import { FilterBar, FilteredEmpty, FilteredPager, FilterSelect } from "@/components/console/list-filters";
import { Field } from "@/components/ui/field";
import { TargetIcon } from "@/components/ui/icons";
import { ATTEMPT_STATUSES, listChallengeAttempts, type AttemptView } from "@/lib/services/console-dashboard";
import { workspaceForPage } from "../../../context";
import { nameAsTitle, type DetailProps } from "../../../detail";
import { urlFilter, urlPage } from "../../../url-filters";
import { challengeForPage } from "../load";
import { BackHeader } from "@/components/console/back-header";
import { LabelAttemptButtons } from "@/components/console/calibration/calibration-forms";
import { labelAttemptAction } from "../calibration/actions";

const filterSchema = z.object({
  status: urlFilter(z.enum(ATTEMPT_STATUSES)),
  passed: urlFilter(z.enum(["yes", "no"])),
  player: urlFilter(z.string().trim().max(200)),
  page: urlPage(100_000),
});

export const generateMetadata = nameAsTitle(challengeForPage, async (name) =>
  (await getTranslations("consolePages.attempts"))("metaTitle", { name }),
);

function Json({ value }: { value: unknown }) {
  return <pre className={styles.pre}>{JSON.stringify(value, null, 2)}</pre>;
}

export default async function AttemptsPage({ params, searchParams }: DetailProps) {
  const { workspace: slug, id } = await params;
  const { workspace } = await workspaceForPage(slug);
  const challenge = await challengeForPage(workspace.id, id);
  const filter = filterSchema.parse(await searchParams);
  const [t, tw, tc, format, data] = await Promise.all([
    getTranslations("consolePages.attempts"),
    getTranslations("consolePages.challengeWizard"),
    getTranslations("consolePages.common"),
    getFormatter(),
    listChallengeAttempts(workspace.id, challenge.id, {
      status: filter.status,
      passed: filter.passed === undefined ? undefined : filter.passed === "yes",
      player: filter.player,
      page: filter.page,
    }),
  ]);
  const base = `/console/${workspace.slug}/challenges/${challenge.id}`;
  const filtered = filter.status !== undefined || filter.passed !== undefined || !!filter.player;
  const num = (v: number | null, unit?: string) =>
    v === null ? tc("none") : `${format.number(v)}${unit ?? ""}`;

  return (
    <>
      <BackHeader backHref={base} backLabel={challenge.name} title={t("title")} lead={t("lead")} />

      <FilterBar t={t} clearHref={`${base}/attempts`} filtered={filtered}>
        <FilterSelect
          t={t}
          name="status"
          value={filter.status}
          values={ATTEMPT_STATUSES}
          labelOf={(s) => t(`statuses.${s}`)}
        />
        <FilterSelect
          t={t}
          name="passed"
          value={filter.passed}
          values={["yes", "no"]}
          labelOf={(v) => (v === "yes" ? t("passedYes") : t("passedNo"))}
        />
        <Field
          id="filter-player"
          name="player"
          label={t("player")}
          defaultValue={filter.player ?? ""}
          placeholder={t("playerPlaceholder")}
        />
      </FilterBar>

      <p className="muted" role="status">
        {t("count", { total: data.total })}
      </p>
      {data.total > 0 ? <AttemptExportButtons workspace={workspace.slug} challengeId={challenge.id} /> : null}

      {data.attempts.length === 0 ? (
        <FilteredEmpty t={t} icon={<TargetIcon />} filtered={filtered} />
      ) : (
        <ol className={styles.orderList} data-testid="attempts-list">
          {data.attempts.map((a: AttemptView) => (
            <li key={a.id}>
              <details className={styles.details}>
                <summary>
                  <span className={browserStyles.summaryBody}>
                    <span className="cluster">
                      <span>{tc("date", { date: a.createdAt })}</span>
                      <span>{a.player}</span>
                      <AttemptResult status={a.status} succeeded={a.succeeded} />
                      {a.reproduction ? (
                        <span data-testid="attempt-reproduction">
                          {t(a.succeeded ? "reproduced" : "notReproduced", a.reproduction)}
                        </span>
                      ) : null}
                      <span className="muted">
                        {t("summary", {
                          score: num(a.score),
                          rating: num(a.judgeRating),
                          tokens: num(a.tokensTotal),
                          elapsed: num(a.elapsedMs, " ms"),
                        })}
                      </span>
                    </span>
                    {a.prompt ? (
                      <span
                        className={browserStyles.promptClip}
                        data-testid="attempt-prompt"
                        title={a.prompt.slice(0, 500)}
                      >
                        <span className="visually-hidden">{tw("promptPreview")}: </span>
                        {a.prompt.slice(0, 300)}
                      </span>
                    ) : null}
                  </span>
                </summary>
                <div>
                  <LabelAttemptButtons
                    action={labelAttemptAction}
                    workspace={workspace.slug}
                    challengeId={challenge.id}
                    attemptId={a.id}
                  />
                  {a.playerEmail ? (
                    <p className="muted">
                      {t("playerEmail")}: {a.playerEmail}
                    </p>
                  ) : null}
                  <h3 className={styles.subheading}>{t("prompt")}</h3>
                  <pre className={styles.pre}>{a.prompt ?? tc("none")}</pre>
                  <h3 className={styles.subheading}>{t("response")}</h3>
                  <pre className={styles.pre}>{a.response ?? tc("none")}</pre>
                  {a.errorMessage ? (
                    <>
                      <h3 className={styles.subheading}>{t("error")}</h3>
                      <pre className={styles.pre}>{a.errorMessage}</pre>
                    </>
                  ) : null}
                  <h3 className={styles.subheading}>{t("judge")}</h3>
                  <p>
                    {t("judgeLine", { rating: num(a.judgeRating), judgeTokens: num(a.judgeTokensTotal) })}
                  </p>
                  {a.judgeFeedback ? <pre className={styles.pre}>{a.judgeFeedback}</pre> : null}
                  {a.judgeOutputRaw ? (
                    <details className={styles.details}>
                      <summary>{t("judgeRaw")}</summary>
                      <div>
                        <Json value={a.judgeOutputRaw} />
                      </div>
                    </details>
                  ) : null}
                  <h3 className={styles.subheading}>{t("trace")}</h3>
                  {a.run === null ? (
                    <p className="muted">{t("noTrace")}</p>
                  ) : (
                    <>
                      <p className="muted">
                        {t("runLine", { status: a.run.status })}
                        {a.run.error ? ` · ${a.run.error}` : ""}
                      </p>
                      <div className={styles.tableWrap}>
                        <table className={styles.table}>
                          <thead>
                            <tr>
                              <th scope="col">#</th>
                              <th scope="col">{t("node")}</th>
                              <th scope="col">{t("nodeStatus")}</th>
                              <th scope="col" className={styles.num}>
                                {t("tokens")}
                              </th>
                              <th scope="col" className={styles.num}>
                                {t("elapsed")}
                              </th>
                              <th scope="col">{t("io")}</th>
                            </tr>
                          </thead>
                          <tbody>
                            {a.run.nodeRuns.map((n) => (
                              <tr key={n.id}>
                                <td>{n.index}</td>
                                <td>
                                  <code>{n.nodeId}</code> <span className="muted">{n.nodeType}</span>
                                </td>
                                <td>
                                  {n.status}
                                  {n.error ? <div className={styles.statusBad}>{n.error}</div> : null}
                                </td>
                                <td className={styles.num}>{format.number(n.tokens)}</td>
                                <td className={styles.num}>{num(n.elapsedMs, " ms")}</td>
                                <td>
                                  <details>
                                    <summary>{t("showIo")}</summary>
                                    <p className={styles.previewTitle}>{t("inputs")}</p>
                                    <Json value={n.inputs} />
                                    <p className={styles.previewTitle}>{t("outputs")}</p>
                                    <Json value={n.outputs} />
                                  </details>
                                </td>
                              </tr>
                            ))}
                          </tbody>
                        </table>
                      </div>
                    </>
                  )}
                </div>
              </details>
            </li>
          ))}
        </ol>
      )}

      <FilteredPager
        t={t}
        path={`${base}/attempts`}
        filters={{ status: filter.status, passed: filter.passed, player: filter.player }}
        page={data.page}
        pages={data.pageCount}
      />
    </>
  );
}
