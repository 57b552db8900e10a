import * as Dialog from "@radix-ui/react-dialog";
import { DialogContent } from "@/components/ui/DialogContent";
import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { paths } from "@/app/paths";
import { BusyButton } from "@/components/ui/BusyButton";
import { FormField } from "@/components/ui/FormField";
import { useDiscardGuard } from "@/hooks/useDiscardGuard";
import { toast } from "@/components/ui/toast-store";
import { serverMessage } from "@/lib/api";
import { AccessDenied } from "../components/AccessDenied";
import { corporateCopy } from "../copy";
import { useOrganizationId } from "../hooks";
import { useDeleteProject, useProjects, useUpdateProject, type Project } from "./api";
import { projectsCopy as copy } from "./copy";
import { toastFailure } from "@/components/ui/toastFailure";

/** /corporate/projects: every project, renamed and set to a status in place. */
export function ProjectsPage() {
  const orgId = useOrganizationId();
  const projects = useProjects(orgId ?? null);
  if (orgId === undefined || (orgId !== null && projects.isPending)) {
    return <p className="loading">{corporateCopy.dashboard.loading}</p>;
  }
  if (orgId === null) return <AccessDenied />;
  return (
    <div className="section corporate-page">
      <div className="page-head page-head-row">
        <h1>{copy.listTitle}</h1>
        <div className="pills">
          <Link className="button button-primary" to={paths.corporateNewProject}>
            {copy.newProject}
          </Link>
          <Link className="button button-ghost" to={`${paths.corporateDashboard}/${orgId}`}>
            {copy.back}
          </Link>
        </div>
      </div>
      {projects.isError ? (
        <p className="error" role="alert">
          {serverMessage(projects.error) ?? copy.loadFailed}
        </p>
      ) : projects.data!.length === 0 ? (
        <p className="card hint">{copy.none}</p>
      ) : (
        <ul className="project-list">
          {projects.data!.map((p) => (
            <ProjectRow key={p.id} orgId={orgId} project={p} />
          ))}
        </ul>
      )}
    </div>
  );
}

function ProjectRow({ orgId, project }: { orgId: number; project: Project }) {
  const update = useUpdateProject(orgId);
  const remove = useDeleteProject(orgId);
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const failed = (error: unknown) => toastFailure(error, copy.failed);
  return (
    <li className="card project-row">
      <div>
        <h2>{project.name}</h2>
        {project.description && <p className="hint">{project.description}</p>}
        {(project.startDate || project.endDate) && (
          <p className="hint">{copy.dates(project.startDate, project.endDate)}</p>
        )}
        <Link to={`${paths.corporateQrCodes}?project=${project.id}`}>
          {copy.codes(project.codeCount)} · {copy.viewCodes}
        </Link>
      </div>
      <div className="pills">
        <label className="inline-select">
          <span>{copy.status}</span>
          <select
            value={project.status}
            aria-label={`${copy.status}: ${project.name}`}
            disabled={update.isPending}
            onChange={(e) =>
              update.mutate(
                { id: project.id, status: e.target.value },
                {
                  onSuccess: () => toast({ title: copy.saved, variant: "success" }),
                  onError: failed,
                },
              )
            }
          >
            {Object.entries(copy.statuses).map(([status, name]) => (
              <option key={status} value={status}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="button button-small button-secondary"
          aria-label={`${copy.rename}: ${project.name}`}
          onClick={() => setRenaming(true)}
        >
          {copy.rename}
        </button>
        {project.codeCount === 0 ? (
          <button
            type="button"
            className="button button-small button-ghost"
            aria-label={`${copy.delete}: ${project.name}`}
            onClick={() => setDeleting(true)}
          >
            {copy.delete}
          </button>
        ) : (
          project.status !== "archived" && <p className="hint">{copy.archiveHint}</p>
        )}
      </div>
      {deleting && (
        <Dialog.Root open onOpenChange={(open) => !open && setDeleting(false)}>
          <Dialog.Portal>
            <Dialog.Overlay className="dialog-overlay" />
            <Dialog.Content className="dialog dialog-small">
              <Dialog.Title>{copy.deleteTitle}</Dialog.Title>
              <Dialog.Description>{copy.deleteBody(project.name)}</Dialog.Description>
              <div className="dialog-actions">
                <Dialog.Close className="button button-secondary">{copy.cancel}</Dialog.Close>
                <BusyButton
                  type="button"
                  className="button button-danger"
                  busy={remove.isPending}
                  busyLabel={copy.deleting}
                  onClick={() =>
                    remove.mutate(project.id, {
                      onSuccess: () => {
                        toast({
                          title: copy.deleted,
                          description: project.name,
                          variant: "success",
                        });
                        setDeleting(false);
                      },
                      onError: failed,
                    })
                  }
                >
                  {copy.delete}
                </BusyButton>
              </div>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      )}
      {renaming && (
        <RenameDialog
          project={project}
          busy={update.isPending}
          onClose={() => setRenaming(false)}
          onSave={(name) =>
            update.mutate(
              { id: project.id, name },
              {
                onSuccess: () => {
                  toast({ title: copy.saved, variant: "success" });
                  setRenaming(false);
                },
                onError: failed,
              },
            )
          }
        />
      )}
    </li>
  );
}

function RenameDialog(props: {
  project: Project;
  busy: boolean;
  onClose: () => void;
  onSave: (name: string) => void;
}) {
  const [name, setName] = useState(props.project.name);
  const [tried, setTried] = useState(false);
  const blank = name.trim() === "";
  // A typed new name is asked for before Escape, Cancel or leaving the page.
  const guard = useDiscardGuard(name !== props.project.name);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!blank) props.onSave(name);
  };
  return (
    <Dialog.Root open onOpenChange={(open) => !open && guard.leave(props.onClose)}>
      {guard.dialog}
      <DialogContent className="dialog dialog-small">
        <Dialog.Title>{copy.renameTitle}</Dialog.Title>
        <Dialog.Description className="hint">{props.project.name}</Dialog.Description>
        <form className="form-body" onSubmit={onSubmit} noValidate>
          <FormField
            label={copy.name}
            required
            error={tried && blank ? copy.nameRequired : undefined}
          >
            {(control) => (
              <input
                dir="auto"
                {...control}
                value={name}
                maxLength={100}
                onChange={(e) => setName(e.target.value)}
              />
            )}
          </FormField>
          <div className="dialog-actions">
            <Dialog.Close className="button button-secondary">{copy.cancel}</Dialog.Close>
            <BusyButton className="button button-primary" busy={props.busy} busyLabel={copy.saving}>
              {copy.save}
            </BusyButton>
          </div>
        </form>
      </DialogContent>
    </Dialog.Root>
  );
}
