import * as Dialog from "@radix-ui/react-dialog";
import { DialogContent } from "@/components/ui/DialogContent";
import { type ReactNode, useCallback, useLayoutEffect, useRef, useState } from "react";
import { FormField } from "@/components/ui/FormField";
import { useDiscardGuard } from "@/hooks/useDiscardGuard";
import { toast } from "@/components/ui/toast-store";
import { ApiError, serverMessage } from "@/lib/api";
import type { RecordValues, TemplateErrors, TemplateField } from "@/lib/emergency/template";
import { useProjects } from "../projects/api";
import { TemplateForm } from "../templates/TemplateForm";
import { defaultTemplateId, useTemplates } from "../templates/api";
import { useCode, useCreateCode, useUpdateCode } from "./api";
import { libraryCopy } from "./copy";
import { toastFailure } from "@/components/ui/toastFailure";

const copy = libraryCopy.dialog;

/** The server's field messages of a refused record ({errors:[{field,message}]}), by field id. */
export function fieldErrors(error: unknown): TemplateErrors {
  const out: TemplateErrors = {};
  if (!(error instanceof ApiError)) return out;
  try {
    const body = JSON.parse(error.body) as { errors?: { field: string; message: string }[] };
    for (const e of body.errors ?? []) out[e.field] ??= e.message;
  } catch {
    // Not JSON: the toast shows what there is.
  }
  return out;
}

/** What the dialog edits: a new code (from a template) or an existing one. */
/** A create's templateId null starts on the organisation's default template. */
export type CodeDialogMode =
  { kind: "create"; templateId: number | null } | { kind: "edit"; id: number };

export function CodeDialog(props: {
  orgId: number;
  mode: CodeDialogMode;
  onClose: () => void;
  /**
   * The code's id as the library shows it, copyable (the page's CodeId):
   * passed in, so that this lazily loaded dialog does not import the page.
   */
  codeId?: (id: number, name: string) => ReactNode;
}) {
  const title = props.mode.kind === "create" ? copy.createTitle : copy.editTitle;
  // Escape, a click outside, Cancel and a route change ask first when
  // something was typed; a save closes it straight away.
  const check = useRef<() => boolean>(() => false);
  const guard = useDiscardGuard(useCallback(() => check.current(), []));
  const register = useCallback((c: () => boolean) => {
    check.current = c;
  }, []);
  const done = () => {
    guard.release(); // closing may change the address (?new=1)
    props.onClose();
  };
  return (
    <Dialog.Root open onOpenChange={(open) => !open && guard.leave(props.onClose)}>
      {guard.dialog}
      <DialogContent className="dialog code-dialog" aria-describedby={undefined}>
        <Dialog.Title>{title}</Dialog.Title>
        {props.mode.kind === "create" ? (
          <CreateCode
            orgId={props.orgId}
            templateId={props.mode.templateId}
            onDone={done}
            registerDirtyCheck={register}
          />
        ) : (
          <EditCode
            orgId={props.orgId}
            id={props.mode.id}
            codeId={props.codeId}
            onDone={done}
            registerDirtyCheck={register}
          />
        )}
        <Dialog.Close className="button button-ghost dialog-close">
          {libraryCopy.cancel}
        </Dialog.Close>
      </DialogContent>
    </Dialog.Root>
  );
}

function CreateCode(props: {
  orgId: number;
  templateId: number | null;
  onDone: () => void;
  registerDirtyCheck: (check: () => boolean) => void;
}) {
  const templates = useTemplates(props.orgId);
  const create = useCreateCode(props.orgId);
  const [chosenTemplate, setTemplateId] = useState(props.templateId);
  const templateId = chosenTemplate ?? defaultTemplateId(templates.data);
  const [details, setDetails] = useState(newDetails);
  const [serverErrors, setServerErrors] = useState<TemplateErrors>({});
  const formDirty = useRef<() => boolean>(() => false);
  useDirtyCheck(props.registerDirtyCheck, details, newDetails, formDirty);
  if (templates.isPending) return <p className="loading">{copy.loading}</p>;
  if (templates.isError) {
    return <p role="alert">{serverMessage(templates.error) ?? libraryCopy.loadFailed}</p>;
  }
  const template = templates.data.find((t) => t.id === templateId);
  return (
    <>
      <FormField label={copy.template}>
        {(control) => (
          <select
            {...control}
            value={templateId}
            onChange={(e) => {
              setTemplateId(Number(e.target.value));
              setServerErrors({});
            }}
          >
            {/* The list starts with the built-in Standard Emergency Form. */}
            {templates.data.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <CodeDetails orgId={props.orgId} value={details} onChange={setDetails} />
      {template ? (
        <TemplateForm
          key={template.id}
          fields={template.fields}
          registerDirtyCheck={(c) => {
            formDirty.current = c;
          }}
          submitLabel={copy.save}
          busy={create.isPending}
          busyLabel={copy.saving}
          serverErrors={serverErrors}
          onSubmit={(values) =>
            create.mutate(
              { ...details, templateId: template.id, values },
              {
                onSuccess: (answer) => {
                  toast({
                    title: copy.created,
                    description: answer.qrCode.name,
                    variant: "success",
                  });
                  props.onDone();
                },
                onError: (error) => {
                  setServerErrors(fieldErrors(error));
                  toastFailure(error, libraryCopy.failed);
                },
              },
            )
          }
        />
      ) : (
        <p role="alert">{copy.templateMissing}</p>
      )}
    </>
  );
}

function EditCode(props: {
  orgId: number;
  id: number;
  codeId?: (id: number, name: string) => ReactNode;
  onDone: () => void;
  registerDirtyCheck: (check: () => boolean) => void;
}) {
  const code = useCode(props.orgId, props.id);
  if (code.isPending) return <p className="loading">{copy.loading}</p>;
  if (code.isError)
    return <p role="alert">{serverMessage(code.error) ?? libraryCopy.loadFailed}</p>;
  const record = code.data.record ?? { fields: [], values: {} };
  return (
    <>
      {props.codeId && <p className="hint">{props.codeId(code.data.id, code.data.name)}</p>}
      <EditForm
        orgId={props.orgId}
        id={props.id}
        initial={{
          name: code.data.name,
          projectId: code.data.projectId ?? 0,
          labelType: code.data.labelType,
          externalId: code.data.externalId ?? "",
        }}
        fields={record.fields}
        values={record.values}
        onDone={props.onDone}
        registerDirtyCheck={props.registerDirtyCheck}
      />
    </>
  );
}

function EditForm(props: {
  orgId: number;
  id: number;
  initial: Details;
  fields: TemplateField[];
  values: RecordValues;
  onDone: () => void;
  registerDirtyCheck: (check: () => boolean) => void;
}) {
  const update = useUpdateCode(props.orgId);
  const [details, setDetails] = useState(props.initial);
  const [serverErrors, setServerErrors] = useState<TemplateErrors>({});
  const formDirty = useRef<() => boolean>(() => false);
  useDirtyCheck(props.registerDirtyCheck, details, props.initial, formDirty);
  return (
    <>
      <CodeDetails orgId={props.orgId} value={details} onChange={setDetails} />
      <TemplateForm
        fields={props.fields}
        initialValues={props.values}
        registerDirtyCheck={(c) => {
          formDirty.current = c;
        }}
        submitLabel={copy.save}
        busy={update.isPending}
        busyLabel={copy.saving}
        serverErrors={serverErrors}
        onSubmit={(values) =>
          update.mutate(
            { id: props.id, change: { ...details, values } },
            {
              onSuccess: () => {
                toast({ title: copy.saved, description: details.name, variant: "success" });
                props.onDone();
              },
              onError: (error) => {
                setServerErrors(fieldErrors(error));
                toastFailure(error, libraryCopy.failed);
              },
            },
          )
        }
      />
    </>
  );
}

/**
 * Tells the dialog how to know, when asked, whether the code's details or
 * its record differ from what the dialog opened with.
 */
function useDirtyCheck(
  register: (check: () => boolean) => void,
  details: Details,
  initial: Details,
  formDirty: { current: () => boolean },
) {
  const detailsDirty = JSON.stringify(details) !== JSON.stringify(initial);
  useLayoutEffect(
    () => register(() => detailsDirty || formDirty.current()),
    [register, detailsDirty, formDirty],
  );
}

/** A new code's details before anything is typed. */
const newDetails: Details = { name: "", projectId: 0, labelType: "helmet", externalId: "" };

interface Details {
  name: string;
  projectId: number;
  labelType: string;
  /** The organisation's own id for the worker; "" for none. */
  externalId: string;
}

/** The code's own details beside its record: name, project and label type. */
function CodeDetails(props: { orgId: number; value: Details; onChange: (d: Details) => void }) {
  const projects = useProjects(props.orgId);
  const set = (change: Partial<Details>) => props.onChange({ ...props.value, ...change });
  return (
    <div className="code-details">
      <FormField label={copy.name} hint={copy.nameHint}>
        {(control) => (
          <input
            dir="auto"
            {...control}
            value={props.value.name}
            maxLength={100}
            onChange={(e) => set({ name: e.target.value })}
          />
        )}
      </FormField>
      <FormField label={copy.externalId} hint={copy.externalIdHint}>
        {(control) => (
          <input
            dir="auto"
            {...control}
            value={props.value.externalId}
            maxLength={100}
            autoComplete="off"
            onChange={(e) => set({ externalId: e.target.value })}
          />
        )}
      </FormField>
      <FormField label={copy.project}>
        {(control) => (
          <select
            {...control}
            value={props.value.projectId}
            onChange={(e) => set({ projectId: Number(e.target.value) })}
          >
            <option value={0}>{copy.noProject}</option>
            {(projects.data ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label={copy.labelType}>
        {(control) => (
          <select
            {...control}
            value={props.value.labelType}
            onChange={(e) => set({ labelType: e.target.value })}
          >
            {Object.entries(libraryCopy.labelTypes).map(([type, name]) => (
              <option key={type} value={type}>
                {name}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </div>
  );
}
