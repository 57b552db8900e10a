// The template editor (docs/design/admin-corporate.md §2, §4, §5): name, description, default switch,
// the field list (drag or keyboard to reorder, duplicate, edit, delete),
// the Add Field dialog, Load Default, Save/Update and a live preview.
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useId, useMemo, useState, type FormEvent } from "react";
import { useDiscardGuard } from "@/hooks/useDiscardGuard";
import { BusyButton } from "@/components/ui/BusyButton";
import { FormField } from "@/components/ui/FormField";
import { toast } from "@/components/ui/toast-store";
import {
  contactSlot,
  defaultFields,
  largestRecordBytes,
  normalizeFields,
  recordQrText,
  SLOT,
  templateRules,
  validateFields,
  type RecordValues,
  type TemplateField,
} from "@/lib/emergency/template";
import { useSaveTemplate, type TemplateInput } from "./api";
import { templatesCopy } from "./copy";
import { FieldDialog, newFieldId } from "./FieldDialog";
import { TemplateForm } from "./TemplateForm";
import { toastFailure } from "@/components/ui/toastFailure";

const copy = templatesCopy.editor;

/** What the editor starts from: a saved template (id) or a new one (null). */
export interface TemplateDraft {
  id: number | null;
  name: string;
  description: string;
  isDefault: boolean;
  fields: TemplateField[];
}

/** Numbers the fields 1..n in list order (docs/design/admin-corporate.md §4). */
function renumber(fields: TemplateField[]): TemplateField[] {
  return fields.map((field, i) => ({ ...field, order: i + 1 }));
}

export function TemplateEditor(props: {
  orgId: number;
  draft: TemplateDraft;
  onBack: () => void;
  onSaved: () => void;
}) {
  const { draft } = props;
  const [name, setName] = useState(draft.name);
  const [description, setDescription] = useState(draft.description);
  const [isDefault, setIsDefault] = useState(draft.isDefault);
  const [fields, setFields] = useState<TemplateField[]>(() =>
    renumber([...draft.fields].sort((a, b) => a.order - b.order)),
  );
  const [dialog, setDialog] = useState<{ open: boolean; field: TemplateField | null }>({
    open: false,
    field: null,
  });
  // Messages appear after the first Save and then follow every change.
  const [tried, setTried] = useState(false);
  const save = useSaveTemplate(props.orgId);
  const defaultSwitchId = useId();
  // Unsaved: anything differs from the draft it opened with.
  const [opened] = useState(() =>
    JSON.stringify([draft.name, draft.description, draft.isDefault, fields]),
  );
  const dirty =
    !save.isSuccess && JSON.stringify([name, description, isDefault, fields]) !== opened;
  // The field dialog asks on its own ways out; leaving the page while it
  // holds a typed field is asked here (one blocker per page).
  const [fieldDirty, setFieldDirty] = useState(false);
  const guard = useDiscardGuard(dirty || fieldDirty);

  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const labelOf = (id: string | number) => fields.find((f) => f.id === id)?.label ?? String(id);
  const positionOf = (id: string | number) => fields.findIndex((f) => f.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => templatesCopy.announcements.start(labelOf(active.id)),
    onDragOver: ({ active, over }) =>
      over
        ? templatesCopy.announcements.over(labelOf(active.id), positionOf(over.id), fields.length)
        : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? templatesCopy.announcements.end(labelOf(active.id), positionOf(over.id), fields.length)
        : undefined,
    onDragCancel: ({ active }) => templatesCopy.announcements.cancel(labelOf(active.id)),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    setFields((current) => {
      const from = current.findIndex((f) => f.id === active.id);
      const to = current.findIndex((f) => f.id === over.id);
      return renumber(arrayMove(current, from, to));
    });
  };

  const duplicate = (field: TemplateField) =>
    setFields((current) => {
      // The copy is an extra field: a standard slot is filled once.
      const { standard: _slot, ...rest } = field;
      void _slot;
      return renumber([
        ...current,
        { ...rest, id: newFieldId(), label: field.label + templatesCopy.copySuffix },
      ]);
    });
  const remove = (field: TemplateField) =>
    setFields((current) => renumber(current.filter((f) => f.id !== field.id)));
  const saveField = (field: TemplateField) =>
    setFields((current) =>
      current.some((f) => f.id === field.id)
        ? current.map((f) => (f.id === field.id ? field : f))
        : renumber([...current, field]),
    );
  const loadDefault = () => {
    setFields(defaultFields());
    toast({ title: copy.defaultLoaded, description: copy.defaultLoadedDescription });
  };

  const normal = useMemo(() => normalizeFields(fields), [fields]);
  const problems = useMemo(() => {
    const found: Record<string, string> = {};
    if (name.trim() === "") found.name = templateRules.messages.nameRequired;
    return Object.assign(found, validateFields(normal));
  }, [name, normal]);
  const errors: Record<string, string> = tried ? problems : {};

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const first = Object.values(problems)[0];
    if (first) {
      toast({ title: copy.saveFailed, description: first, variant: "destructive" });
      return;
    }
    const input: TemplateInput = {
      name: name.trim(),
      description: description.trim(),
      isDefault,
      fields: normal,
    };
    save.mutate(
      { id: draft.id, input },
      {
        onSuccess: (answer) => {
          toast({ title: answer.message, variant: "success" });
          props.onSaved();
        },
        onError: (error) => toastFailure(error, copy.saveFailed),
      },
    );
  };

  return (
    <div className="section corporate-page template-editor">
      {guard.dialog}
      <div className="page-head page-head-row template-head">
        <h1>{draft.id === null ? copy.newTitle : copy.editTitle}</h1>
        <button
          type="button"
          className="button button-ghost"
          onClick={() => guard.leave(props.onBack)}
        >
          {copy.back}
        </button>
      </div>
      <div className="template-editor-grid">
        <form
          className="card template-editor-form"
          noValidate
          onSubmit={onSubmit}
          aria-label={copy.editTitle}
        >
          <FormField label={copy.name} required error={errors.name}>
            {(control) => (
              <input
                dir="auto"
                {...control}
                value={name}
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
                rows={2}
                value={description}
                onChange={(e) => setDescription(e.target.value)}
              />
            )}
          </FormField>
          <div className="switch-row">
            <button
              id={defaultSwitchId}
              type="button"
              role="switch"
              aria-checked={isDefault}
              className="switch"
              onClick={() => setIsDefault(!isDefault)}
            >
              <span className="switch-thumb" />
            </button>
            <label htmlFor={defaultSwitchId}>{copy.setDefault}</label>
          </div>

          <div className="page-head-row template-head">
            <h2>{copy.fields}</h2>
            <div className="pills">
              <button
                type="button"
                className="button button-small button-secondary"
                onClick={loadDefault}
              >
                {copy.loadDefault}
              </button>
              <button
                type="button"
                className="button button-small"
                onClick={() => setDialog({ open: true, field: null })}
              >
                {copy.addField}
              </button>
            </div>
          </div>
          {errors.fields && (
            <p className="field-error" role="alert">
              {errors.fields}
            </p>
          )}
          {fields.length === 0 ? (
            <p className="hint">{copy.noFields}</p>
          ) : (
            <DndContext
              sensors={sensors}
              collisionDetection={closestCenter}
              onDragEnd={onDragEnd}
              accessibility={{
                announcements,
                screenReaderInstructions: { draggable: templatesCopy.announcements.instructions },
              }}
            >
              <SortableContext
                items={fields.map((f) => f.id)}
                strategy={verticalListSortingStrategy}
              >
                <ol className="template-field-list">
                  {fields.map((field) => (
                    <FieldRow
                      key={field.id}
                      field={field}
                      error={errors[field.id]}
                      onEdit={() => setDialog({ open: true, field })}
                      onDuplicate={() => duplicate(field)}
                      onDelete={() => remove(field)}
                    />
                  ))}
                </ol>
              </SortableContext>
            </DndContext>
          )}

          <BusyButton
            className="button button-primary"
            busy={save.isPending}
            busyLabel={copy.saving}
          >
            {draft.id === null ? copy.save : copy.update}
          </BusyButton>
        </form>
        <Preview fields={fields} />
      </div>
      <FieldDialog
        open={dialog.open}
        field={dialog.field}
        nextOrder={fields.length + 1}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        onSave={saveField}
        onDirtyChange={setFieldDirty}
      />
    </div>
  );
}

function FieldRow(props: {
  field: TemplateField;
  error?: string;
  onEdit: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
}) {
  const { field } = props;
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: field.id,
  });
  const style = { transform: CSS.Transform.toString(transform), transition };
  return (
    <li
      ref={setNodeRef}
      style={style}
      className={`template-field-row ${isDragging ? "dragging" : ""}`}
      data-testid="template-field"
    >
      <button
        type="button"
        className="drag-handle"
        aria-label={copy.dragHandle(field.label)}
        {...attributes}
        {...listeners}
      >
        ⠿
      </button>
      <div className="template-field-text">
        <strong>
          {field.order}. {field.label}
        </strong>
        <span className="hint">
          {templatesCopy.types[field.type]} · {templatesCopy.categories[field.category]}
          {field.required && <> · {copy.requiredBadge}</>}
          {field.standard && <> · {copy.standardBadge}</>}
        </span>
        {props.error && (
          <span className="field-error" role="alert">
            {props.error}
          </span>
        )}
      </div>
      <div className="pills">
        <button
          type="button"
          className="button button-small button-ghost"
          aria-label={copy.duplicate(field.label)}
          onClick={props.onDuplicate}
        >
          {copy.rowDuplicate}
        </button>
        <button
          type="button"
          className="button button-small button-ghost"
          aria-label={copy.editField(field.label)}
          onClick={props.onEdit}
        >
          {copy.rowEdit}
        </button>
        <button
          type="button"
          className="button button-small button-danger-outline"
          aria-label={copy.deleteField(field.label)}
          onClick={props.onDelete}
        >
          {copy.rowDelete}
        </button>
      </div>
    </li>
  );
}

/** Values that show what a code made from these fields reads like. */
function sampleValues(fields: TemplateField[]): RecordValues {
  const bySlot: Record<string, string> = {
    [SLOT.fullName]: "Jane Doe",
    [SLOT.dateOfBirth]: "1980-01-15",
    [SLOT.bloodType]: "O+",
    [SLOT.weight]: "70",
    [contactSlot(1, "name")]: "John Doe",
    [contactSlot(1, "relationship")]: "Partner",
    [contactSlot(1, "phone")]: "+44 7700 900123",
    [contactSlot(2, "name")]: "Mary Roe",
    [contactSlot(2, "phone")]: "01632 960001",
    [SLOT.allergies]: "Penicillin",
    [SLOT.medications]: "None",
    [SLOT.conditions]: "Asthma",
  };
  const byType: Record<TemplateField["type"], string> = {
    text: "Sample",
    email: "name@example.com",
    phone: "+44 7700 900000",
    textarea: "Sample text",
    select: "",
    date: "2025-03-05",
    number: "42",
    checkbox: "true",
  };
  const values: RecordValues = {};
  for (const field of fields) {
    const v = field.standard
      ? bySlot[field.standard]
      : field.type === "select"
        ? field.options?.[0]
        : byType[field.type];
    if (v) values[field.id] = v;
  }
  return values;
}

function Preview(props: { fields: TemplateField[] }) {
  const fields = useMemo(() => normalizeFields(props.fields), [props.fields]);
  const text = useMemo(
    () => recordQrText({ fields, values: sampleValues(fields) }, new Date(), "UTC"),
    [fields],
  );
  const bytes = useMemo(() => largestRecordBytes(fields), [fields]);
  const max = templateRules.qrCapacityBytes;
  return (
    <aside className="card template-preview" aria-label={copy.preview}>
      <h2>{copy.preview}</h2>
      {/* Remounted when the fields change, so the preview form matches them. */}
      <TemplateForm
        key={fields.map((f) => `${f.id}:${f.type}:${(f.options ?? []).join("|")}`).join(",")}
        fields={fields}
        submitLabel=""
        preview
        onSubmit={() => undefined}
      />
      <h3>{copy.qrPreview}</h3>
      <pre className="qr-text-preview">{text}</pre>
      <p className={`hint ${bytes > max ? "field-error" : ""}`} data-testid="byte-budget">
        {copy.budget(bytes, max)}
      </p>
      {/* Longer records fit one code, but not legibly on any batch label
         : said here, so the longest are not a surprise
          at Preview. */}
      {bytes <= max && bytes > templateRules.batchCapacityBytes && (
        <p className="hint hint-warn" data-testid="batch-budget">
          {copy.batchBudget(templateRules.batchCapacityBytes)}
        </p>
      )}
    </aside>
  );
}
