import { useCallback, useEffect, useRef, useState } from "react";
import { useParams } from "react-router";
import { useDocumentTitle } from "@/app/useDocumentTitle";
import { LazyToaster } from "@/components/ui/LazyToaster";
import { useDiscardGuard } from "@/hooks/useDiscardGuard";
import { ApiError, serverMessage } from "@/lib/api";
import type { TemplateErrors } from "@/lib/emergency/template";
import { TemplateForm } from "../templates/TemplateForm";
import { useCollectForm, useConfirmCollect, useSubmitCollect, type CollectForm } from "./api";
import { collectCopy } from "./copy";

const copy = collectCopy.worker;

/** A link that can no longer be used (revoked, expired, used) or never was. */
const isGone = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 410);

/** A form closed for now (the organisation paused, or its plan full); the server says why. */
const isClosed = (error: unknown) => error instanceof ApiError && error.status === 403;
/** A worker who already has a code: none was made, and the server says what happens instead. */
const isReturning = (error: unknown) => error instanceof ApiError && error.status === 409;

/** The heading over a form that could not be opened: nothing was typed yet. */
function openFailedTitle(error: unknown) {
  if (isGone(error)) return copy.goneTitle;
  if (isClosed(error)) return copy.closedTitle;
  return copy.loadFailed;
}

/**
 * /collect/{token}: a worker fills in their own details on their phone,
 * without an account. Everything they need is on this one page: who asks,
 * who will see the details, the form, and what happened.
 */
export function CollectPage() {
  useDocumentTitle();
  const { token = "" } = useParams();
  const form = useCollectForm(token);
  let body;
  if (form.isPending) body = <p className="loading">{copy.loading}</p>;
  else if (form.isError)
    body = (
      <Notice title={openFailedTitle(form.error)}>
        {serverMessage(form.error) ?? copy.unavailable}
      </Notice>
    );
  else body = <CollectView token={token} form={form.data} />;
  return (
    <main id="main" className="collect-page">
      {body}
      <LazyToaster />
    </main>
  );
}

function Notice(props: { title: string; children: string }) {
  return (
    <section className="card collect-notice" role="alert">
      <h1>{props.title}</h1>
      <p>{props.children}</p>
    </section>
  );
}

function CollectView({ token, form }: { token: string; form: CollectForm }) {
  const submit = useSubmitCollect(token);
  const confirm = useConfirmCollect(token);
  const [consent, setConsent] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<TemplateErrors>({});
  const [thanks, setThanks] = useState<string | null>(null);
  const [gone, setGone] = useState<string | null>(null);
  const [returning, setReturning] = useState<string | null>(null);
  // The send button is at the foot of a long form: a refusal is shown at
  // the top, beside the consent line, and brought into view.
  const problemRef = useRef<HTMLParagraphElement>(null);
  const [refusals, setRefusals] = useState(0); // the same message again is brought into view again
  useEffect(() => {
    if (refusals > 0) problemRef.current?.focus();
  }, [refusals]);
  // A worker who typed their medical details and then follows a link, goes
  // back or closes the tab is asked first; once sent there is nothing to lose.
  const formDirty = useRef<() => boolean>(() => false);
  const registerDirtyCheck = useCallback((check: () => boolean) => {
    formDirty.current = check;
  }, []);
  // A refusal of the form or of the confirmation: a closed link or a
  // returning worker ends the page; anything else is shown at the top.
  const refused = (error: Error) => {
    const message = serverMessage(error) ?? copy.unavailable;
    if (isGone(error)) setGone(message);
    else if (isReturning(error)) setReturning(message);
    else {
      setProblem(message);
      setRefusals((n) => n + 1);
      setFieldErrors(fieldErrorsOf(error));
    }
  };
  const sent = thanks !== null || gone !== null || returning !== null;
  const guard = useDiscardGuard(useCallback(() => !sent && formDirty.current(), [sent]));

  if (thanks !== null) {
    return (
      <section className="card collect-notice" role="status">
        <h1>{copy.thanksTitle}</h1>
        <p>{thanks}</p>
        <p className="hint">{copy.thanksHint}</p>
      </section>
    );
  }
  if (gone !== null) return <Notice title={copy.goneTitle}>{gone}</Notice>;
  if (returning !== null) return <Notice title={copy.returningTitle}>{returning}</Notice>;

  return (
    <section className="card">
      {guard.dialog}
      <h1>{form.organizationName}</h1>
      <p>{copy.intro(form.organizationName)}</p>
      {form.projectName && <p className="hint">{form.projectName}</p>}
      <p className="collect-consent" id="collect-consent">
        {form.consent}
      </p>
      <label className="collect-consent-check">
        <input
          type="checkbox"
          checked={consent}
          aria-describedby="collect-consent"
          onChange={(e) => setConsent(e.target.checked)}
        />
        {copy.consentLabel}
      </label>
      {form.update && (
        <div className="collect-still-right">
          <p>{copy.stillRightIntro}</p>
          <button
            type="button"
            className="button button-secondary"
            disabled={confirm.isPending || submit.isPending}
            onClick={() =>
              confirm.mutate(undefined, {
                onSuccess: (answer) => setThanks(answer.message),
                onError: refused,
              })
            }
          >
            {confirm.isPending ? copy.confirming : copy.stillRight}
          </button>
        </div>
      )}
      {problem && (
        <p role="alert" className="field-error" ref={problemRef} tabIndex={-1}>
          {problem}
        </p>
      )}
      <TemplateForm
        fields={form.fields}
        initialValues={form.values}
        submitLabel={copy.send}
        busy={submit.isPending}
        busyLabel={copy.sending}
        serverErrors={fieldErrors}
        registerDirtyCheck={registerDirtyCheck}
        onSubmit={(values) =>
          submit.mutate(
            { values, consent },
            {
              onSuccess: (answer) => setThanks(answer.message),
              onError: refused,
            },
          )
        }
      />
    </section>
  );
}

/** The server's per-field messages ({errors: [{field, message}]}), by field id. */
function fieldErrorsOf(error: unknown): TemplateErrors {
  if (!(error instanceof ApiError)) return {};
  try {
    const parsed = JSON.parse(error.body) as { errors?: { field: string; message: string }[] };
    return Object.fromEntries((parsed.errors ?? []).map((e) => [e.field, e.message]));
  } catch {
    return {};
  }
}
