// /corporate/form-builder (docs/design/admin-corporate.md §2): the organisation's form templates, the
// built-in Standard Emergency Form first, and the editor.
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { paths } from "@/app/paths";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { toast } from "@/components/ui/toast-store";
import { AccessDenied } from "../components/AccessDenied";
import { corporateCopy } from "../copy";
import { useOrganizationId } from "../hooks";
import { useDeleteTemplate, useTemplates, type FormTemplate } from "./api";
import { templatesCopy as copy } from "./copy";
import { TemplateEditor, type TemplateDraft } from "./TemplateEditor";
import { toastFailure } from "@/components/ui/toastFailure";

/** Where 'Use Template' goes: code creation with that template. */
export function templateUsePath(templateId: number): string {
  return `${paths.corporateQrCodes}?new=1&template=${templateId}`;
}

export function FormBuilderPage() {
  const orgId = useOrganizationId();
  const templates = useTemplates(orgId ?? null);
  const [draft, setDraft] = useState<TemplateDraft | null>(null);
  if (orgId === undefined || (orgId !== null && templates.isPending)) {
    return <p className="loading">{corporateCopy.dashboard.loading}</p>;
  }
  if (orgId === null) return <AccessDenied />;
  if (!templates.data) {
    return (
      <div className="section corporate-page">
        <p className="field-error" role="alert">
          {copy.loadFailed}
        </p>
      </div>
    );
  }
  if (draft) {
    return (
      <TemplateEditor
        // A new draft starts a new editor.
        key={`${draft.id}:${draft.name}`}
        orgId={orgId}
        draft={draft}
        onBack={() => setDraft(null)}
        onSaved={() => setDraft(null)}
      />
    );
  }
  return <TemplateList orgId={orgId} templates={templates.data} onEdit={setDraft} />;
}

function TemplateList(props: {
  orgId: number;
  templates: FormTemplate[];
  onEdit: (draft: TemplateDraft) => void;
}) {
  const navigate = useNavigate();
  const remove = useDeleteTemplate(props.orgId);
  const [doomed, setDoomed] = useState<FormTemplate | null>(null);

  const edit = (t: FormTemplate) =>
    props.onEdit(
      t.builtIn
        ? // The built-in form cannot change: Edit starts a copy of it.
          {
            id: null,
            name: t.name + copy.copySuffix,
            description: t.description,
            isDefault: false,
            fields: t.fields,
          }
        : {
            id: t.id,
            name: t.name,
            description: t.description,
            isDefault: t.isDefault,
            fields: t.fields,
          },
    );

  return (
    <div className="section corporate-page">
      <div className="page-head page-head-row template-head">
        <h1>{copy.title}</h1>
        <Link className="button button-ghost" to={`${paths.corporateDashboard}/${props.orgId}`}>
          {corporateCopy.team.back}
        </Link>
      </div>
      <p className="hint">{copy.lead}</p>
      <ul className="template-cards">
        {props.templates.map((t) => (
          <li key={t.id} className="card template-card">
            <h2>
              {t.name} {t.builtIn && <span className="badge">{copy.builtInBadge}</span>}
              {t.isDefault && <span className="badge badge-green">{copy.defaultBadge}</span>}
            </h2>
            <p className="hint">{t.builtIn ? copy.standardDescription : t.description}</p>
            <p className="hint">{copy.fieldsCount(t.fields.length)}</p>
            <div className="pills">
              <button
                type="button"
                className="button button-small button-secondary"
                aria-label={`${copy.edit} ${t.name}`}
                onClick={() => edit(t)}
              >
                {copy.edit}
              </button>
              <button
                type="button"
                className="button button-small"
                aria-label={`${copy.useTemplate} ${t.name}`}
                onClick={() => void navigate(templateUsePath(t.id))}
              >
                {copy.useTemplate}
              </button>
              {!t.builtIn && (
                <button
                  type="button"
                  className="button button-small button-danger-outline"
                  aria-label={`${copy.delete} ${t.name}`}
                  onClick={() => setDoomed(t)}
                >
                  {copy.delete}
                </button>
              )}
            </div>
          </li>
        ))}
        <li className="card template-card template-card-new">
          <h2>{copy.createCard}</h2>
          <p className="hint">{copy.createCardLead}</p>
          <button
            type="button"
            className="button button-primary"
            onClick={() =>
              props.onEdit({ id: null, name: "", description: "", isDefault: false, fields: [] })
            }
          >
            {copy.createCard}
          </button>
        </li>
      </ul>
      <ConfirmDialog
        open={doomed !== null}
        onOpenChange={(open) => !open && setDoomed(null)}
        title={copy.confirmDelete.title}
        description={copy.confirmDelete.description(doomed?.name ?? "")}
        confirmLabel={copy.confirmDelete.confirm}
        cancelLabel={copy.confirmDelete.cancel}
        onConfirm={() => {
          if (!doomed) return;
          remove.mutate(doomed.id, {
            onSuccess: () => toast({ title: copy.deleted, variant: "success" }),
            onError: (error) => toastFailure(error, copy.deleteFailed),
          });
        }}
      />
    </div>
  );
}
