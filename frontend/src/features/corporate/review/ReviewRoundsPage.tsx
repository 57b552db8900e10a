import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { paths } from "@/app/paths";
import { BusyButton } from "@/components/ui/BusyButton";
import { toast } from "@/components/ui/toast-store";
import { toastFailure } from "@/components/ui/toastFailure";
import { siteLocale } from "@/lib/copy";
import { AccessDenied } from "../components/AccessDenied";
import { corporateCopy } from "../copy";
import { useOrganizationId } from "../hooks";
import {
  REMINDER_CHOICES,
  reminderDays,
  useHandOutLinks,
  useReviewRound,
  useReviewRounds,
  useStartReviewRound,
  type HandOutLink,
  type ReviewRound,
} from "./api";
import { reviewCopy as copy } from "./copy";

const dateFormat = new Intl.DateTimeFormat(siteLocale, { dateStyle: "medium", timeStyle: "short" });

/** /corporate/review-rounds(/{orgId}): the officer starts rounds and follows them. */
export function ReviewRoundsPage() {
  const orgId = useOrganizationId();
  const rounds = useReviewRounds(orgId ?? null);
  if (orgId === undefined || (orgId !== null && rounds.isPending)) {
    return <p className="loading">{corporateCopy.dashboard.loading}</p>;
  }
  if (orgId === null || !rounds.data)
    return <AccessDenied error={rounds.error} onRetry={() => void rounds.refetch()} />;
  return <RoundsView orgId={orgId} rounds={rounds.data.rounds} />;
}

function RoundsView({ orgId, rounds }: { orgId: number; rounds: ReviewRound[] }) {
  const start = useStartReviewRound(orgId);
  const [chosen, setChosen] = useState<Set<number>>(() => new Set([3, 7]));
  const [open, setOpen] = useState<number | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    start.mutate(reminderDays(chosen), {
      onSuccess: (round) => {
        toast({ title: copy.started(round.workers), variant: "success" });
        setOpen(round.id);
      },
      onError: (error) => toastFailure(error, copy.failed),
    });
  };
  return (
    <div className="page">
      <p>
        <Link to={`${paths.corporateDashboard}/${orgId}`}>{copy.back}</Link>
      </p>
      <h1>{copy.title}</h1>
      <p className="hint">{copy.intro}</p>
      <form className="card form-body" onSubmit={submit}>
        <fieldset>
          <legend>{copy.reminders}</legend>
          {REMINDER_CHOICES.map((d) => (
            <label key={d}>
              <input
                type="checkbox"
                checked={chosen.has(d)}
                onChange={(e) => {
                  const next = new Set(chosen);
                  if (e.target.checked) next.add(d);
                  else next.delete(d);
                  setChosen(next);
                }}
              />{" "}
              {copy.reminderDay(d)}
            </label>
          ))}
        </fieldset>
        <BusyButton
          className="button button-primary"
          busy={start.isPending}
          busyLabel={copy.starting}
        >
          {copy.start}
        </BusyButton>
      </form>
      {rounds.length === 0 ? (
        <p className="card hint">{copy.none}</p>
      ) : (
        <div className="table-scroll card">
          <table className="stack-table">
            <thead>
              <tr>
                {Object.values(copy.columns).map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
                <th scope="col" />
              </tr>
            </thead>
            <tbody>
              {rounds.map((r) => (
                <tr key={r.id}>
                  <td>{dateFormat.format(Date.parse(r.createdAt))}</td>
                  <td data-label={copy.columns.workers}>{r.workers}</td>
                  <td data-label={copy.columns.mailed}>{r.mailed}</td>
                  <td data-label={copy.columns.noEmail}>{r.noEmail}</td>
                  <td data-label={copy.columns.confirmed}>{r.confirmed}</td>
                  <td data-label={copy.columns.changed}>{r.changed}</td>
                  <td data-label={copy.columns.noAnswer}>{r.noAnswer}</td>
                  <td>
                    <button
                      type="button"
                      className="button button-small button-secondary"
                      onClick={() => setOpen(open === r.id ? null : r.id)}
                    >
                      {open === r.id ? copy.hide : copy.details}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {open !== null && <RoundDetail orgId={orgId} roundId={open} />}
    </div>
  );
}

function RoundDetail({ orgId, roundId }: { orgId: number; roundId: number }) {
  const detail = useReviewRound(orgId, roundId);
  const handOut = useHandOutLinks(orgId, roundId);
  const [links, setLinks] = useState<HandOutLink[] | null>(null);
  if (!detail.data) return <p className="loading">{corporateCopy.dashboard.loading}</p>;
  const waiting = detail.data.workers.filter((w) => w.answer === "");
  return (
    <section className="card" aria-labelledby="round-workers">
      <h2 id="round-workers">{copy.waiting}</h2>
      <ul>
        {waiting.map((w) => (
          <li key={w.codeId}>
            {w.name}
            {w.noEmail && <span className="hint"> · {copy.noEmailWorker}</span>}
            {!w.isActive && <span className="hint"> · {copy.inactive}</span>}
          </li>
        ))}
      </ul>
      {detail.data.round.noEmail > 0 && (
        <button
          type="button"
          className="button button-secondary"
          disabled={handOut.isPending}
          onClick={() =>
            handOut.mutate(undefined, {
              onSuccess: (answer) => setLinks(answer.links),
              onError: (error) => toastFailure(error, copy.failed),
            })
          }
        >
          {copy.handOut}
        </button>
      )}
      {links !== null &&
        (links.length === 0 ? (
          <p className="hint">{copy.noHandOut}</p>
        ) : (
          <>
            <p className="hint">{copy.handOutOnce}</p>
            <ul className="review-hand-out">
              {links.map((l) => (
                <li key={l.codeId}>
                  <strong>{l.name}</strong> <code>{l.url}</code>{" "}
                  <button
                    type="button"
                    className="button button-small button-secondary"
                    onClick={() =>
                      void navigator.clipboard
                        .writeText(l.url)
                        .then(() => toast({ title: copy.copied, variant: "success" }))
                    }
                  >
                    {copy.copy}
                  </button>
                </li>
              ))}
            </ul>
          </>
        ))}
    </section>
  );
}
