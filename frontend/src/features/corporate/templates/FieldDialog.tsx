// The Add Field dialog (docs/design/admin-corporate.md §2, §4, §5): add or edit one field. Options are
// typed one per line, for select fields only; blank lines are dropped.
import * as Dialog from "@radix-ui/react-dialog";
import { DialogContent } from "@/components/ui/DialogContent";
import { useEffect, useState, type FormEvent } from "react";
import { FormField } from "@/components/ui/FormField";
import { useDiscardQuestion } from "@/hooks/useDiscardGuard";
import {
  FIELD_CATEGORIES,
  FIELD_TYPES,
  splitOptions,
  templateRules,
  type FieldCategory,
  type FieldType,
  type TemplateField,
} from "@/lib/emergency/template";
import { fillMessage } from "@/lib/emergency/rules";
import { templatesCopy } from "./copy";

const copy = templatesCopy.dialog;

/** A new field's id: field_ plus a timestamp and random text (docs/design/admin-corporate.md §4). */
export function newFieldId(): string {
  return `field_${Date.now()}_${Math.random().toString(36).slice(2, 10)}`;
}

export interface FieldDialogProps {
  open: boolean;
  /** The field to edit; null to add one. */
  field: TemplateField | null;
  /** Where a new field goes (1-based). */
  nextOrder: number;
  onOpenChange: (open: boolean) => void;
  onSave: (field: TemplateField) => void;
  /**
   * Told whether the open dialog holds typed work (false once it closes):
   * the editor's guard asks for it on a route change or closing the tab.
   */
  onDirtyChange: (dirty: boolean) => void;
}

export function FieldDialog(props: FieldDialogProps) {
  // Mounted afresh each time it opens, so it starts from the field.
  return props.open ? <OpenFieldDialog {...props} /> : null;
}

function OpenFieldDialog(props: FieldDialogProps) {
  const start = props.field;
  const [type, setType] = useState<FieldType>(start?.type ?? "text");
  const [label, setLabel] = useState(start?.label ?? "");
  const [placeholder, setPlaceholder] = useState(start?.placeholder ?? "");
  const [required, setRequired] = useState(start?.required ?? false);
  const [category, setCategory] = useState<FieldCategory>(start?.category ?? "personal");
  const [options, setOptions] = useState((start?.options ?? []).join("\n"));
  const [errors, setErrors] = useState<{ label?: string; options?: string }>({});
  // A field in a standard slot keeps the type the slot takes.
  const standard = !!start?.standard;
  // Escape, a click outside and Cancel ask first when something was typed.
  const [opened] = useState(() =>
    JSON.stringify([type, label, placeholder, required, category, options]),
  );
  const dirty = JSON.stringify([type, label, placeholder, required, category, options]) !== opened;
  const question = useDiscardQuestion(dirty);
  const { onDirtyChange } = props;
  useEffect(() => onDirtyChange(dirty), [onDirtyChange, dirty]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation(); // the dialog sits inside the editor's form in the DOM tree
    const optionList = type === "select" ? splitOptions(options) : [];
    const next: typeof errors = {};
    if (label.trim() === "") next.label = templateRules.messages.labelRequired;
    if (type === "select" && optionList.length === 0) {
      next.options = fillMessage(templateRules.messages.optionsRequired, {
        field: label.trim() || copy.label,
      });
    }
    setErrors(next);
    if (next.label || next.options) return;
    const field: TemplateField = {
      id: start?.id ?? newFieldId(),
      type,
      label: label.trim(),
      required,
      category,
      order: start?.order ?? props.nextOrder,
    };
    if (placeholder.trim() !== "") field.placeholder = placeholder.trim();
    if (optionList.length > 0) field.options = optionList;
    if (start?.standard) field.standard = start.standard;
    props.onSave(field);
    props.onOpenChange(false);
  };

  return (
    <Dialog.Root
      open
      onOpenChange={(open) => !open && question.leave(() => props.onOpenChange(false))}
    >
      {question.dialog}
      <DialogContent className="dialog" aria-describedby={undefined}>
        <Dialog.Title>{props.field ? copy.editTitle : copy.addTitle}</Dialog.Title>
        <form className="form-body" noValidate onSubmit={onSubmit}>
          <FormField label={copy.type} hint={standard ? copy.standardNote : undefined}>
            {(control) => (
              <select
                {...control}
                value={type}
                disabled={standard}
                onChange={(e) => setType(e.target.value as FieldType)}
              >
                {FIELD_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {templatesCopy.types[t]}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label={copy.label} required error={errors.label}>
            {(control) => (
              <input
                dir="auto"
                {...control}
                value={label}
                onChange={(e) => setLabel(e.target.value)}
              />
            )}
          </FormField>
          <FormField label={copy.placeholder}>
            {(control) => (
              <input
                dir="auto"
                {...control}
                value={placeholder}
                onChange={(e) => setPlaceholder(e.target.value)}
              />
            )}
          </FormField>
          <label className="checkbox-row">
            <input
              type="checkbox"
              checked={required}
              onChange={(e) => setRequired(e.target.checked)}
            />
            {copy.required}
          </label>
          <FormField label={copy.category}>
            {(control) => (
              <select
                {...control}
                value={category}
                onChange={(e) => setCategory(e.target.value as FieldCategory)}
              >
                {FIELD_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {templatesCopy.categories[c]}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          {type === "select" && (
            <FormField label={copy.options} error={errors.options}>
              {(control) => (
                <textarea
                  dir="auto"
                  {...control}
                  rows={5}
                  value={options}
                  onChange={(e) => setOptions(e.target.value)}
                />
              )}
            </FormField>
          )}
          <div className="dialog-actions">
            <Dialog.Close className="button button-secondary" type="button">
              {copy.cancel}
            </Dialog.Close>
            <button type="submit" className="button button-primary">
              {props.field ? copy.update : copy.add}
            </button>
          </div>
        </form>
      </DialogContent>
    </Dialog.Root>
  );
}
