import { Link } from "react-router";
import { paths } from "@/app/paths";
import { BusyButton } from "@/components/ui/BusyButton";
import { serverMessage } from "@/lib/api";
import { fileDate, saveFile } from "@/lib/saveFile";
import { useMutation } from "@tanstack/react-query";
import { AccessDenied } from "../components/AccessDenied";
import { corporateCopy } from "../copy";
import { useOrganizationId } from "../hooks";
import { downloadReport, useOrgReport, type MonthCount, type OrgReport } from "./api";
import { analyticsCopy as copy } from "./copy";
import { toastFailure } from "@/components/ui/toastFailure";
import { siteLocale } from "@/lib/copy";

/** /corporate/analytics(/{orgId}): figures from the organisation's own records. */
export function AnalyticsPage() {
  const orgId = useOrganizationId();
  const report = useOrgReport(orgId ?? null);
  if (orgId === undefined || (orgId !== null && report.isPending)) {
    return <p className="loading">{corporateCopy.dashboard.loading}</p>;
  }
  if (orgId === null) return <AccessDenied />;
  if (!report.data) {
    return (
      <div className="section corporate-page">
        <p role="alert">{serverMessage(report.error) ?? copy.loadFailed}</p>
      </div>
    );
  }
  return <AnalyticsView orgId={orgId} r={report.data} />;
}

const monthFormat = new Intl.DateTimeFormat(siteLocale, {
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

function monthName(month: string): string {
  return monthFormat.format(Date.parse(`${month}-01T00:00:00Z`));
}

const sum = (months: MonthCount[]) => months.reduce((n, m) => n + m.count, 0);

function AnalyticsView({ orgId, r }: { orgId: number; r: OrgReport }) {
  const exporter = useMutation({ mutationFn: () => downloadReport(orgId) });
  const full = r.quota.used >= r.quota.max;
  const onExport = () =>
    exporter.mutate(undefined, {
      onSuccess: (blob) => saveFile(blob, copy.fileName(fileDate())),
      onError: (error) => toastFailure(error, copy.exportFailed, copy.exportFailedDetail),
    });
  return (
    <div className="section corporate-page analytics-page">
      <div className="page-head page-head-row">
        <h1>{copy.title}</h1>
        <div className="pills">
          <BusyButton
            type="button"
            className="button button-primary"
            busy={exporter.isPending}
            busyLabel={copy.exporting}
            onClick={onExport}
          >
            {copy.exportReport}
          </BusyButton>
          <Link className="button button-ghost" to={`${paths.corporateDashboard}/${orgId}`}>
            {copy.back}
          </Link>
        </div>
      </div>
      <p className="hint">{copy.intro}</p>
      <p className="analytics-note" role="note">
        {r.scansNote}
      </p>
      <div className="cards-4 stats">
        <Figure label={copy.quota} value={r.quota.used} full={full}>
          {copy.quotaOf(r.quota.used, r.quota.max)}
        </Figure>
        <Figure label={copy.incomplete} value={r.incompleteRecords}>
          {copy.incompleteHint}
        </Figure>
        <Figure label={copy.created} value={sum(r.codesCreatedByMonth)} />
        <Figure label={copy.printed} value={sum(r.labelsPrintedByMonth)} />
      </div>
      <section className="card">
        <h2 id="by-project">{copy.byProject}</h2>
        {r.byProject.length === 0 ? (
          <p className="hint">{copy.noProjects}</p>
        ) : (
          <table className="analytics-table" aria-labelledby="by-project">
            <thead>
              <tr>
                <th scope="col">{copy.project}</th>
                <th scope="col">{copy.active}</th>
                <th scope="col">{copy.inactive}</th>
              </tr>
            </thead>
            <tbody>
              {r.byProject.map((p) => (
                <tr key={p.projectId ?? "none"}>
                  <th scope="row">{p.name}</th>
                  <td>{p.active}</td>
                  <td>{p.inactive}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section className="card">
        <h2 id="by-source">{copy.bySource}</h2>
        <table className="analytics-table" aria-labelledby="by-source">
          <thead>
            <tr>
              <th scope="col">{copy.source}</th>
              <th scope="col">{copy.count}</th>
            </tr>
          </thead>
          <tbody>
            {r.bySource.map((s) => (
              <tr key={s.source}>
                <th scope="row">{copy.sources[s.source] ?? s.source}</th>
                <td>{s.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <MonthBars title={copy.createdByMonth} unit={copy.count} months={r.codesCreatedByMonth} />
      <MonthBars title={copy.printedByMonth} unit={copy.labels} months={r.labelsPrintedByMonth} />
    </div>
  );
}

function Figure(props: { label: string; value: number; full?: boolean; children?: string }) {
  return (
    <section className="card stat">
      <p className="stat-label">{props.label}</p>
      <p className={`stat-value ${props.full ? "stat-full" : ""}`}>{props.value}</p>
      {props.children && <p className="hint">{props.children}</p>}
    </section>
  );
}

/** A month-by-month bar chart that is a table underneath: readable without the bars. */
function MonthBars(props: { title: string; unit: string; months: MonthCount[] }) {
  const top = Math.max(1, ...props.months.map((m) => m.count));
  return (
    <section className="card">
      <table className="analytics-table analytics-bars">
        <caption>{props.title}</caption>
        <thead>
          <tr>
            <th scope="col">{copy.month}</th>
            <th scope="col">{props.unit}</th>
          </tr>
        </thead>
        <tbody>
          {props.months.map((m) => (
            <tr key={m.month}>
              <th scope="row">{monthName(m.month)}</th>
              <td>
                <span className="analytics-bar" aria-hidden="true">
                  <span style={{ width: `${(m.count / top) * 100}%` }} />
                </span>
                <span className="analytics-bar-value">{m.count}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
