import { useState, type FormEvent } from "react";
import { useDiscardGuard } from "@/hooks/useDiscardGuard";
import { Link, useNavigate } from "react-router";
import { paths } from "@/app/paths";
import { BusyButton } from "@/components/ui/BusyButton";
import { FormField } from "@/components/ui/FormField";
import { toast } from "@/components/ui/toast-store";
import { AccessDenied } from "../components/AccessDenied";
import { corporateCopy } from "../copy";
import { useOrganizationId } from "../hooks";
import { useCreateProject } from "./api";
import { projectsCopy as copy } from "./copy";
import { toastFailure } from "@/components/ui/toastFailure";

/** /corporate/projects/new (docs/design/admin-corporate.md §2): name, description, an info panel. */
export function NewProjectPage() {
  const orgId = useOrganizationId();
  if (orgId === undefined) return <p className="loading">{corporateCopy.dashboard.loading}</p>;
  if (orgId === null) return <AccessDenied />;
  return <NewProjectForm orgId={orgId} />;
}

function NewProjectForm({ orgId }: { orgId: number }) {
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [startDate, setStartDate] = useState("");
  const [endDate, setEndDate] = useState("");
  const create = useCreateProject(orgId);
  const navigate = useNavigate();
  const blank = name.trim() === "";
  const guard = useDiscardGuard(name !== "" || description !== "");

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (blank) return;
    create.mutate(
      { name, description, startDate, endDate },
      {
        onSuccess: (answer) => {
          toast({ title: copy.created, description: answer.project.name, variant: "success" });
          guard.release();
          void navigate(paths.corporateProjects);
        },
        onError: (error) => toastFailure(error, copy.failed),
      },
    );
  };

  return (
    <div className="section corporate-page">
      {guard.dialog}
      <div className="page-head">
        <h1>{copy.newTitle}</h1>
        <p className="hint">{copy.newIntro}</p>
      </div>
      <div className="project-new">
        <form className="card form-body" onSubmit={onSubmit} noValidate aria-label={copy.newTitle}>
          <FormField label={copy.name} required>
            {(control) => (
              <input
                dir="auto"
                {...control}
                value={name}
                maxLength={100}
                placeholder={copy.namePlaceholder}
                onChange={(e) => setName(e.target.value)}
              />
            )}
          </FormField>
          <FormField label={copy.description}>
            {(control) => (
              <textarea
                dir="auto"
                {...control}
                rows={4}
                value={description}
                maxLength={1000}
                placeholder={copy.descriptionPlaceholder}
                onChange={(e) => setDescription(e.target.value)}
              />
            )}
          </FormField>
          <div className="grid-2">
            <FormField label={copy.startDate}>
              {(control) => (
                <input
                  dir="auto"
                  {...control}
                  type="date"
                  value={startDate}
                  onChange={(e) => setStartDate(e.target.value)}
                />
              )}
            </FormField>
            <FormField label={copy.endDate}>
              {(control) => (
                <input
                  dir="auto"
                  {...control}
                  type="date"
                  value={endDate}
                  min={startDate || undefined}
                  onChange={(e) => setEndDate(e.target.value)}
                />
              )}
            </FormField>
          </div>
          <div className="pills">
            <BusyButton
              className="button button-primary"
              busy={create.isPending}
              busyLabel={copy.creating}
              disabled={blank}
            >
              {copy.create}
            </BusyButton>
            <Link className="button button-ghost" to={paths.corporateDashboard}>
              {copy.cancel}
            </Link>
          </div>
        </form>
        <aside className="card project-info" aria-labelledby="project-info-title">
          <h2 id="project-info-title">{copy.infoTitle}</h2>
          <ul>
            {copy.info.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </aside>
      </div>
    </div>
  );
}
