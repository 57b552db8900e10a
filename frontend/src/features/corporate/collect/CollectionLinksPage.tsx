import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import * as Dialog from "@radix-ui/react-dialog";
import { DialogContent } from "@/components/ui/DialogContent";
import { paths } from "@/app/paths";
import { BusyButton } from "@/components/ui/BusyButton";
import { AccessDenied } from "../components/AccessDenied";
import { IssuedList, ShownOnce } from "../components/IssuedList";
import { SelectField } from "../components/SelectField";
import { STANDARD_FORM_NAME } from "@/lib/emergency/template";
import { corporateCopy } from "../copy";
import { useDashboard, type Organization } from "../api/organization";
import { defaultTemplateId, STANDARD_TEMPLATE_ID, useTemplates } from "../templates/api";
import { useOrganizationId } from "../hooks";
import {
  useCollectionLinks,
  useCreateLink,
  useProjectChoices,
  useRevokeLink,
  type CollectionLink,
} from "./api";
import { collectCopy } from "./copy";
import { LinkShare } from "./LinkShare";
import { toast } from "@/components/ui/toast-store";
import { toastFailure } from "@/components/ui/toastFailure";
import { siteLocale } from "@/lib/copy";

const copy = collectCopy.links;

const dateFormat = new Intl.DateTimeFormat(siteLocale, { dateStyle: "medium" });
const date = (iso: string | null) => (iso ? dateFormat.format(Date.parse(iso)) : "");

/** /corporate/collection-links(/{orgId}): the officer shares, lists and revokes links. */
export function CollectionLinksPage() {
  const orgId = useOrganizationId();
  const links = useCollectionLinks(orgId ?? null);
  // Asked for alongside the links, and waited for, so that a plan with no
  // code left is said above the list at once rather than pushing it down.
  const dashboard = useDashboard(orgId ?? null);
  if (orgId === undefined || (orgId !== null && (links.isPending || dashboard.isPending))) {
    return <p className="loading">{corporateCopy.dashboard.loading}</p>;
  }
  if (orgId === null || !links.data)
    return <AccessDenied error={links.error} onRetry={() => void links.refetch()} />;
  return (
    <LinksView
      orgId={orgId}
      links={links.data.links}
      closed={linksClosed(dashboard.data?.organization)}
    />
  );
}

/**
 * Why links take nothing now, as the server refuses them: the organisation's
 * pause (the server's words), or a plan with no QR code left (a new link is
 * refused with 409, and a worker opening an existing one is told the plan is
 * full). `blocked` is said before the officer opens the dialog, `status` in
 * an unexpired link's row instead of Active; null when links work.
 */
export function linksClosed(
  org: Organization | undefined,
): { blocked: string; status: string } | null {
  if (!org) return null;
  if (org.paused !== "") return { blocked: org.paused, status: copy.pausedStatus };
  if (org.currentQrCodes >= org.maxQrCodes)
    return {
      blocked: copy.planFull(org.currentQrCodes, org.maxQrCodes),
      status: copy.planFullStatus,
    };
  return null;
}

function LinksView(props: {
  orgId: number;
  links: CollectionLink[];
  closed: ReturnType<typeof linksClosed>;
}) {
  const revoke = useRevokeLink(props.orgId);
  const [replacing, setReplacing] = useState<CollectionLink | null>(null);
  const blocked = props.closed?.blocked ?? "";
  const statusOf = (l: CollectionLink) =>
    l.status === "active" && props.closed
      ? props.closed.status
      : (copy.status[l.status] ?? l.status);
  return (
    <IssuedList
      className="collection-links-page"
      copy={copy}
      orgId={props.orgId}
      items={props.links}
      manage
      blocked={
        blocked === ""
          ? undefined
          : { id: "links-blocked", notice: <LinksBlocked orgId={props.orgId} why={blocked} /> }
      }
      head={Object.values(copy.columns).map((c) => (
        <th key={c} scope="col">
          {c}
        </th>
      ))}
      row={(l) => (
        <>
          <th scope="row">{l.templateName}</th>
          <td data-label={copy.columns.project}>{l.projectName || copy.noProject}</td>
          <td data-label={copy.columns.created}>{date(l.createdAt)}</td>
          <td data-label={copy.columns.expires}>{l.expiresAt ? date(l.expiresAt) : copy.never}</td>
          <td data-label={copy.columns.submissions}>{l.submissions}</td>
          <td data-label={copy.columns.last}>{date(l.lastSubmissionAt)}</td>
          <td data-label={copy.columns.status}>{statusOf(l)}</td>
        </>
      )}
      actions={(l) => (
        <button
          type="button"
          className="button button-small button-secondary"
          disabled={blocked !== ""}
          aria-label={copy.replaceLabel(l.templateName, l.projectName || copy.noProject)}
          onClick={() => setReplacing(l)}
        >
          {copy.replace}
        </button>
      )}
      notices={
        <CreateLinkDialog
          orgId={props.orgId}
          open={replacing !== null}
          replaces={replacing ?? undefined}
          onClose={() => setReplacing(null)}
        />
      }
      revokeDescription={() => copy.revokeDescription}
      revoke={(l, done) => revoke.mutate(l.id, done)}
      createDialog={(open, onClose) => (
        <CreateLinkDialog orgId={props.orgId} open={open} onClose={onClose} />
      )}
    />
  );
}

/** Why no link can be made now, with the ways out. */
function LinksBlocked(props: { orgId: number; why: string }) {
  return (
    <section className="card paused-card" role="status" aria-labelledby="links-blocked-title">
      <h2 id="links-blocked-title">{copy.cannotCreateTitle}</h2>
      <p id="links-blocked">{props.why}</p>
      <div className="pills">
        <Link className="button button-secondary" to={paths.corporateQrCodes}>
          {copy.openLibrary}
        </Link>
        <Link className="button button-secondary" to={`${paths.corporateDashboard}/${props.orgId}`}>
          {copy.upgrade}
        </Link>
      </div>
    </section>
  );
}

function CreateLinkDialog(props: {
  orgId: number;
  open: boolean;
  onClose: () => void;
  /** The link this one replaces: its choices to begin with; revoked once this is made. */
  replaces?: CollectionLink;
}) {
  return (
    <Dialog.Root open={props.open} onOpenChange={(open) => !open && props.onClose()}>
      <DialogContent className="dialog dialog-small">
        {props.open && (
          <CreateLinkForm orgId={props.orgId} onClose={props.onClose} replaces={props.replaces} />
        )}
      </DialogContent>
    </Dialog.Root>
  );
}

function CreateLinkForm(props: { orgId: number; onClose: () => void; replaces?: CollectionLink }) {
  const old = props.replaces;
  const templates = useTemplates(props.orgId);
  const projects = useProjectChoices(props.orgId);
  const create = useCreateLink(props.orgId);
  const revoke = useRevokeLink(props.orgId);
  // Until the officer chooses, the replaced link's template, or the
  // organisation's default one.
  const [chosenTemplate, setTemplateId] = useState<string | null>(
    old ? String(old.templateId) : null,
  );
  const templateId = chosenTemplate ?? String(defaultTemplateId(templates.data));
  const [projectId, setProjectId] = useState(old?.projectId ? String(old.projectId) : "");
  const [numberField, setNumberField] = useState(old?.externalIdField ?? "");
  const [days, setDays] = useState("30");
  const [created, setCreated] = useState<CollectionLink | null>(null);

  if (created?.url) {
    return (
      <ShownOnce
        title={<Dialog.Title>{copy.created}</Dialog.Title>}
        description={
          <Dialog.Description className="visually-hidden">{copy.createdOnce}</Dialog.Description>
        }
        done={copy.done}
        onDone={props.onClose}
      >
        <LinkShare url={created.url} />
      </ShownOnce>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      {
        templateId: Number(templateId),
        projectId: projectId === "" ? 0 : Number(projectId),
        expiresInDays: Number(days),
        externalIdField: numberField,
      },
      {
        onSuccess: (answer) => {
          setCreated(answer.link);
          if (old)
            revoke.mutate(old.id, {
              onSuccess: () => toast({ title: copy.revoked, description: copy.replaced }),
              onError: (error) => toastFailure(error, copy.replaceRevokeFailed),
            });
        },
        onError: (error) => toastFailure(error, copy.failed),
      },
    );
  };
  // Without the lists the officer can still make a link for the standard
  // form and no project; the failure is said, not hidden.
  const templateOptions: [string, string][] = (
    templates.data ?? [{ id: STANDARD_TEMPLATE_ID, name: STANDARD_FORM_NAME }]
  ).map((t) => [String(t.id), t.name]);
  const projectOptions: [string, string][] = (projects.data ?? []).map((p) => [
    String(p.id),
    p.name,
  ]);
  const numberFieldOptions: [string, string][] = (
    templates.data?.find((t) => String(t.id) === templateId)?.fields ?? []
  )
    // A standard slot (a name, a contact's phone) holds something else.
    .filter((f) => (f.type === "text" || f.type === "number") && !f.standard)
    .map((f) => [f.id, f.label]);
  return (
    <form onSubmit={submit} noValidate>
      <Dialog.Title>{old ? copy.replaceTitle : copy.create}</Dialog.Title>
      {old ? (
        <Dialog.Description className="hint">{copy.replaceIntro}</Dialog.Description>
      ) : (
        <Dialog.Description className="visually-hidden">{copy.intro}</Dialog.Description>
      )}
      {(templates.isError || projects.isError) && <p role="alert">{copy.loadChoicesFailed}</p>}
      <SelectField
        label={copy.template}
        value={templateId}
        options={templateOptions}
        onChange={(id) => {
          setTemplateId(id);
          setNumberField("");
        }}
      />
      <SelectField
        label={copy.project}
        value={projectId}
        placeholder={copy.noProject}
        options={projectOptions}
        onChange={setProjectId}
      />
      <SelectField
        label={copy.numberField}
        value={numberField}
        placeholder={copy.numberFieldNone}
        hint={numberField === "" ? copy.numberFieldHint : copy.numberFieldHintChosen}
        options={numberFieldOptions}
        onChange={setNumberField}
      />
      <SelectField
        label={copy.expiry}
        value={days}
        options={copy.expiryChoices.map(([n, label]) => [String(n), label])}
        onChange={setDays}
      />
      <div className="dialog-actions">
        <Dialog.Close className="button button-secondary" type="button">
          {copy.cancel}
        </Dialog.Close>
        <BusyButton
          className="button button-primary"
          busy={create.isPending}
          busyLabel={copy.creating}
        >
          {old ? copy.replaceTitle : copy.create}
        </BusyButton>
      </div>
    </form>
  );
}
