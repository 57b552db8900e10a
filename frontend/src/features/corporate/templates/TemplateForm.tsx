// A form made from a template's fields: the code editor, the collection page
// a worker fills in on their phone, and the builder's live preview all use
// it. Fields are grouped by category in the preview's order and checked by
// the rules the server applies (validateRecord, shared with Go).
import { useEffect, useMemo } from "react";
import { useForm, type FieldErrors as FormErrors, type Resolver } from "react-hook-form";
import { BusyButton } from "@/components/ui/BusyButton";
import { FormField } from "@/components/ui/FormField";
import {
  CHECKED,
  FIELD_CATEGORIES,
  normalizeValues,
  sortedFields,
  validateRecord,
  type RecordValues,
  type TemplateErrors,
  type TemplateField,
} from "@/lib/emergency/template";
import { templatesCopy } from "./copy";

type FormValues = Record<string, string | boolean>;

// Form names carry a prefix: react-hook-form reads a purely numeric name as
// an array index, and field ids may be digits.
const nameOf = (id: string) => `f_${id}`;

function toRecordValues(fields: TemplateField[], form: FormValues): RecordValues {
  const out: RecordValues = {};
  for (const field of fields) {
    const v = form[nameOf(field.id)];
    if (field.type === "checkbox") out[field.id] = v === true ? CHECKED : "";
    else out[field.id] = typeof v === "string" ? v : "";
  }
  return out;
}

function toFormValues(fields: TemplateField[], values: RecordValues | undefined): FormValues {
  const out: FormValues = {};
  for (const field of fields) {
    const v = values?.[field.id] ?? "";
    out[nameOf(field.id)] = field.type === "checkbox" ? v === CHECKED : v;
  }
  return out;
}

export interface TemplateFormProps {
  fields: TemplateField[];
  initialValues?: RecordValues;
  submitLabel: string;
  busy?: boolean;
  busyLabel?: string;
  /** Called with the normalised values (blanks left out) of a valid form. */
  onSubmit: (values: RecordValues) => void;
  /** Messages by field id from the server, shown beside the fields. */
  serverErrors?: TemplateErrors;
  /** Renders the fields without a submit button (the builder's preview). */
  preview?: boolean;
  /**
   * Given a function that says, when asked, whether anything differs from
   * the initial values (useDiscardGuard asks at the moment of leaving).
   */
  registerDirtyCheck?: (check: () => boolean) => void;
}

export function TemplateForm(props: TemplateFormProps) {
  const { fields } = props;
  const resolver = useMemo<Resolver<FormValues>>(
    () => async (form) => {
      const errors = validateRecord(fields, toRecordValues(fields, form));
      const entries = Object.entries(errors).filter(([id]) => fields.some((f) => f.id === id));
      if (entries.length === 0) return { values: form, errors: {} };
      const formErrors: FormErrors<FormValues> = {};
      for (const [id, message] of entries) formErrors[nameOf(id)] = { type: "validate", message };
      return { values: {}, errors: formErrors };
    },
    [fields],
  );
  const form = useForm<FormValues>({
    defaultValues: toFormValues(fields, props.initialValues),
    resolver,
  });
  const { registerDirtyCheck } = props;
  useEffect(() => {
    const initial = JSON.stringify(form.formState.defaultValues);
    registerDirtyCheck?.(() => JSON.stringify(form.getValues()) !== initial);
  }, [form, registerDirtyCheck]);
  const errorOf = (id: string): string | undefined => {
    const own = form.formState.errors[nameOf(id)]?.message;
    return typeof own === "string" ? own : props.serverErrors?.[id];
  };

  const groups = FIELD_CATEGORIES.map((category) => ({
    category,
    fields: sortedFields(fields).filter((f) => f.category === category),
  })).filter((group) => group.fields.length > 0);

  return (
    <form
      className="template-form"
      noValidate
      onSubmit={form.handleSubmit((values) =>
        props.onSubmit(normalizeValues(fields, toRecordValues(fields, values))),
      )}
    >
      {groups.map((group) => (
        <fieldset key={group.category} className="template-form-group">
          <legend>{templatesCopy.categories[group.category]}</legend>
          {group.fields.map((field) => (
            <FormField
              key={field.id}
              label={field.label}
              required={field.required}
              error={errorOf(field.id)}
            >
              {(control) => <FieldControl field={field} control={control} form={form} />}
            </FormField>
          ))}
        </fieldset>
      ))}
      {!props.preview && (
        <BusyButton
          className="button"
          busy={props.busy ?? false}
          busyLabel={props.busyLabel ?? props.submitLabel}
        >
          {props.submitLabel}
        </BusyButton>
      )}
    </form>
  );
}

function FieldControl(props: {
  field: TemplateField;
  control: Parameters<Parameters<typeof FormField>[0]["children"]>[0];
  form: ReturnType<typeof useForm<FormValues>>;
}) {
  const { field, control, form } = props;
  const registered = form.register(nameOf(field.id));
  const placeholder = field.placeholder || undefined;
  switch (field.type) {
    case "textarea":
      return (
        <textarea dir="auto" {...control} {...registered} rows={3} placeholder={placeholder} />
      );
    case "select":
      return (
        <select {...control} {...registered}>
          <option value="">{placeholder ?? templatesCopy.form.choose}</option>
          {(field.options ?? []).map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      );
    case "checkbox":
      return <input {...control} {...registered} type="checkbox" className="template-checkbox" />;
    case "number":
      // Text with a decimal keyboard: the value is kept exactly as typed.
      return (
        <input
          dir="auto"
          {...control}
          {...registered}
          inputMode="decimal"
          placeholder={placeholder}
        />
      );
    case "phone":
      return (
        <input
          dir="auto"
          {...control}
          {...registered}
          type="tel"
          autoComplete="off"
          placeholder={placeholder}
        />
      );
    case "email":
      return (
        <input dir="auto" {...control} {...registered} type="email" placeholder={placeholder} />
      );
    case "date":
      return (
        <input dir="auto" {...control} {...registered} type="date" placeholder={placeholder} />
      );
    default:
      return (
        <input dir="auto" {...control} {...registered} type="text" placeholder={placeholder} />
      );
  }
}
