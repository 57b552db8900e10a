import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { useCorporateMemberStore } from "@/stores/corporate";
import { paths } from "@/app/paths";
import { toast } from "@/components/ui/toast-store";
import { serverMessage } from "@/lib/api";
import { BusyButton } from "@/components/ui/BusyButton";
import { labelCopy } from "@/components/label";
import type { PaperSize } from "@/lib/labels";
import {
  useBillingPortal,
  useDashboard,
  useSetPaperSize,
  useSetReviewPeriod,
  useSubscribe,
  type Dashboard,
} from "./api/organization";
import { SelectField } from "./components/SelectField";
import { AccessDenied } from "./components/AccessDenied";
import { corporateCopy } from "./copy";
import { useOrganizationId } from "./hooks";
import { findPlan, planPrice, plans } from "./plans";
import { toastFailure } from "@/components/ui/toastFailure";
import { siteLocale } from "@/lib/copy";

const copy = corporateCopy.dashboard;

const dateFormat = new Intl.DateTimeFormat(siteLocale, {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** /corporate/dashboard(/{orgId}) (docs/design/admin-corporate.md §2): real figures and activity. */
export function DashboardPage() {
  const orgId = useOrganizationId();
  const dashboard = useDashboard(orgId ?? null);
  if (orgId === undefined || (orgId !== null && dashboard.isPending)) {
    return <p className="loading">{copy.loading}</p>;
  }
  if (orgId === null || !dashboard.data)
    return <AccessDenied error={dashboard.error} onRetry={() => void dashboard.refetch()} />;
  return <DashboardView d={dashboard.data} />;
}

function DashboardView({ d }: { d: Dashboard }) {
  const org = d.organization;
  const portal = useBillingPortal(org.id);
  const plan = findPlan(org.subscriptionTier);
  const full = org.currentQrCodes >= org.maxQrCodes;
  const usage = Math.min(100, org.maxQrCodes > 0 ? (org.currentQrCodes / org.maxQrCodes) * 100 : 0);
  const status = corporateCopy.status[org.subscriptionStatus] ?? corporateCopy.status.inactive;
  // The server says what this reader may do (its own rule); nothing here decides by role.
  const may = d.permissions;
  const actions: [string, string][] = [
    [copy.newProject, paths.corporateNewProject],
    [copy.projectsList, paths.corporateProjects],
    [copy.qrCodes, paths.corporateQrCodes],
    [copy.manageTeam, `${paths.corporateTeam}/${org.id}`],
    [copy.formBuilder, paths.corporateFormBuilder],
    [copy.batchPrint, paths.labelBatchPrint],
    [copy.analytics, paths.corporateAnalytics],
    [copy.collectionLinks, `${paths.corporateCollectionLinks}/${org.id}`],
    [copy.apiKeys, `${paths.corporateApiKeys}/${org.id}`],
    // Single sign-on is the owner's to set up.
    ...(may.manageTeam
      ? ([[copy.singleSignOn, `${paths.corporateSso}/${org.id}`]] as [string, string][])
      : []),
    [copy.security, paths.accountSecurity],
    [copy.webhooks, `${paths.corporateWebhooks}/${org.id}`],
  ];

  return (
    <div className="section corporate-page">
      <div className="page-head page-head-row">
        <div>
          <h1>{org.name}</h1>
          {d.role && <p className="hint">{d.role}</p>}
        </div>
        {/* A real navigation: the server ends the session and goes home. */}
        <a
          className="button button-ghost"
          href="/api/logout"
          onClick={() => useCorporateMemberStore.getState().forget()}
        >
          {copy.signOut}
        </a>
      </div>
      <div className="cards-4 stats">
        <section className="card stat">
          <p className="stat-label">{copy.codes}</p>
          <p className={`stat-value ${full ? "stat-full" : ""}`}>{org.currentQrCodes}</p>
          <div
            className="usage-bar"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={org.maxQrCodes}
            aria-valuenow={org.currentQrCodes}
            aria-label={copy.codes}
          >
            <span style={{ width: `${usage}%` }} className={full ? "usage-full" : ""} />
          </div>
          <p className="hint">{copy.codesOf(org.currentQrCodes, org.maxQrCodes)}</p>
        </section>
        <section className="card stat">
          <p className="stat-label">{copy.projects}</p>
          <p className="stat-value">{d.projects}</p>
        </section>
        <section className="card stat">
          <p className="stat-label">{copy.team}</p>
          <p className="stat-value">{d.teamMembers}</p>
          <p className="hint">{copy.teamOf(d.teamMembers, d.maxMembers)}</p>
        </section>
        <section className="card stat">
          <p className="stat-label">{copy.plan}</p>
          <p className="stat-value stat-value-text">{plan?.name ?? org.subscriptionTier}</p>
          <p className="hint">
            <span
              className={`badge ${org.subscriptionStatus === "active" ? "badge-green" : "badge-yellow"}`}
            >
              {status}
            </span>
            {org.trialEndsAt && org.subscriptionStatus === "trial" && (
              <> {copy.trialEnds(dateFormat.format(Date.parse(org.trialEndsAt)))}</>
            )}
          </p>
          {plan && org.subscriptionStatus === "trial" && org.maxQrCodes < plan.maxQrCodes && (
            <p className="hint">
              {copy.trialAllowance(plan.name, org.maxQrCodes, plan.maxQrCodes)}
            </p>
          )}
        </section>
      </div>
      {org.paused !== "" && (
        // The server's reason, with its numbers and the way out; reading,
        // exporting and deleting still work (docs/security.md).
        <section className="card paused-card" role="alert" aria-labelledby="paused-title">
          <h2 id="paused-title">{copy.pausedTitle}</h2>
          <p>{org.paused}</p>
          <div className="pills">
            <Link className="button button-secondary" to={paths.corporateQrCodes}>
              {copy.openLibrary}
            </Link>
          </div>
        </section>
      )}
      <section className="card" aria-labelledby="actions-title">
        <h2 id="actions-title">{copy.quickActions}</h2>
        <div className="pills">
          {actions.map(([label, to]) => (
            <Link key={label} className="button button-secondary" to={to}>
              {label}
            </Link>
          ))}
          {may.manageBilling && org.hasBillingAccount && (
            <button
              type="button"
              className="button button-secondary"
              disabled={portal.isPending}
              onClick={() =>
                portal.mutate(undefined, {
                  onSuccess: (answer) => window.location.assign(answer.url),
                  onError: (error) =>
                    toast({
                      title: serverMessage(error) ?? copy.loadFailed,
                      variant: "destructive",
                    }),
                })
              }
            >
              {copy.billing}
            </button>
          )}
        </div>
      </section>
      {may.manageBilling && !["active", "past_due"].includes(org.subscriptionStatus) && (
        <ChoosePlan orgId={org.id} current={org.subscriptionTier} />
      )}
      <PaperSetting orgId={org.id} paper={org.paperSize} editable={may.edit} />
      <ReviewSetting
        orgId={org.id}
        months={org.reviewPeriodMonths}
        due={d.reviewDue}
        overdue={d.reviewOverdue}
        editable={may.edit}
      />
      <section className="card" aria-labelledby="activity-title">
        <h2 id="activity-title">{copy.recent}</h2>
        {d.recentActivity.length === 0 ? (
          <p className="hint">{copy.noActivity}</p>
        ) : (
          <ul className="activity-list">
            {d.recentActivity.map((a, i) => (
              <li key={i}>
                <span>{a.sentence}</span>
                <time className="hint" dateTime={a.createdAt}>
                  {dateFormat.format(Date.parse(a.createdAt))}
                </time>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** The organisation's review period, and how many codes are due and overdue under it. */
function ReviewSetting(props: {
  orgId: number;
  months: number;
  due: number;
  overdue: number;
  editable: boolean;
}) {
  const save = useSetReviewPeriod(props.orgId);
  const r = copy.review;
  const shown = save.isPending && save.variables ? save.variables : props.months;
  return (
    <section className="card form-body" aria-labelledby="review-title">
      <h2 id="review-title">{r.title}</h2>
      <p className="hint">{r.intro}</p>
      <p>
        <Link to={`${paths.corporateQrCodes}?review=due`}>{r.due(props.due)}</Link>
        {" · "}
        <Link to={`${paths.corporateQrCodes}?review=overdue`}>{r.overdue(props.overdue)}</Link>
        {" · "}
        <Link to={`${paths.corporateReviewRounds}/${props.orgId}`}>{r.rounds}</Link>
      </p>
      {props.editable ? (
        <SelectField
          label={r.period}
          options={r.periods}
          value={String(shown)}
          onChange={(value) =>
            save.mutate(Number(value), {
              onSuccess: (answer) => toast({ title: answer.message, variant: "success" }),
              onError: (error) =>
                toast({ title: serverMessage(error) ?? copy.loadFailed, variant: "destructive" }),
            })
          }
        />
      ) : (
        <p>
          {r.period}: <strong>{r.periods.find(([m]) => m === String(props.months))?.[1]}</strong>
        </p>
      )}
    </section>
  );
}

/** The organisation's paper: batch printing starts on a sheet of this size. */
function PaperSetting(props: { orgId: number; paper: PaperSize; editable: boolean }) {
  const save = useSetPaperSize(props.orgId);
  const options = (["a4", "letter"] as const).map((p) => [p, labelCopy.paper[p]] as const);
  return (
    <section className="card form-body" aria-labelledby="paper-title">
      <h2 id="paper-title">{copy.paper.title}</h2>
      <p className="hint">{copy.paper.intro}</p>
      {props.editable ? (
        <SelectField
          label={labelCopy.paperSize}
          options={options}
          value={save.isPending && save.variables ? save.variables : props.paper}
          onChange={(value) =>
            save.mutate(value as PaperSize, {
              onSuccess: (answer) => toast({ title: answer.message, variant: "success" }),
              onError: (error) =>
                toast({ title: serverMessage(error) ?? copy.loadFailed, variant: "destructive" }),
            })
          }
        />
      ) : (
        <p>
          {labelCopy.paperSize}: <strong>{labelCopy.paper[props.paper]}</strong>
        </p>
      )}
    </section>
  );
}

/** A trial's or an ended subscription's owner pays for a plan (the same checkout). */
function ChoosePlan(props: { orgId: number; current: string }) {
  const navigate = useNavigate();
  const [plan, setPlan] = useState(props.current);
  const subscribe = useSubscribe(props.orgId);
  return (
    <form
      className="card form-body"
      aria-labelledby="plan-title"
      onSubmit={(event) => {
        event.preventDefault();
        subscribe.mutate(plan, {
          onSuccess: (answer) => {
            if (answer.redirectUrl.startsWith("/")) navigate(answer.redirectUrl);
            else window.location.assign(answer.redirectUrl);
          },
          onError: (error) => toastFailure(error, corporateCopy.register.sessionFailed),
        });
      }}
    >
      <h2 id="plan-title">{copy.choosePlan}</h2>
      <p className="hint">{copy.choosePlanIntro}</p>
      <SelectField
        label={corporateCopy.register.fields.subscriptionPlan}
        options={plans.map((p) => [p.id, `${p.name} - ${planPrice(p)}/month`] as const)}
        value={plan}
        onChange={setPlan}
      />
      <BusyButton
        className="button button-primary"
        busy={subscribe.isPending}
        busyLabel={copy.subscribing}
      >
        {copy.subscribe}
      </BusyButton>
    </form>
  );
}
