// Strings of the form-template builder (docs/design/admin-corporate.md §2, §4, §5, §8).
// The validation messages shared with the server are in
// pkg/emergency/rules.json ("templates"), read through @/lib/emergency.
import type { FieldCategory, FieldType } from "@/lib/emergency/template";

export const templatesCopy = {
  title: "Form Templates",
  lead: "Choose what your people are asked for. Every code keeps the fields it was made with.",
  standardDescription:
    "The individual emergency record: name, date of birth, blood type, weight, two emergency contacts and medical information.",
  builtInBadge: "Built in",
  defaultBadge: "Default",
  fieldsCount: (n: number) => `${n} ${n === 1 ? "field" : "fields"}`,
  edit: "Edit",
  useTemplate: "Use Template",
  delete: "Delete",
  createCard: "Create Custom Template",
  createCardLead: "Build your own form, or start from the default fields with Load Default.",
  copySuffix: " (Copy)",
  confirmDelete: {
    title: "Delete this template?",
    description: (name: string) =>
      `"${name}" will be deleted. Codes already made with it keep their fields.`,
    confirm: "Delete",
    cancel: "Cancel",
  },
  deleted: "Template deleted",
  deleteFailed: "Failed to delete template",
  loadFailed: "Failed to load form templates",
  editor: {
    back: "Back to templates",
    newTitle: "New Template",
    editTitle: "Edit Template",
    name: "Template Name",
    namePlaceholder: "e.g. Site induction",
    description: "Description (optional)",
    setDefault: "Set as default template",
    fields: "Form Fields",
    addField: "Add Field",
    loadDefault: "Load Default",
    defaultLoaded: "Default Template Loaded",
    defaultLoadedDescription: "The default fields replace the fields you had.",
    save: "Save Template",
    update: "Update Template",
    saving: "Saving…",
    saveFailed: "Failed to save template",
    noFields: "No fields yet. Add a field or load the default set.",
    dragHandle: (label: string) => `Drag to reorder ${label}`,
    rowDuplicate: "Duplicate",
    rowEdit: "Edit",
    rowDelete: "Delete",
    duplicate: (label: string) => `Duplicate ${label}`,
    editField: (label: string) => `Edit ${label}`,
    deleteField: (label: string) => `Delete ${label}`,
    requiredBadge: "Required",
    standardBadge: "Standard",
    preview: "Live Preview",
    qrPreview: "QR text preview (sample values)",
    budget: (bytes: number, max: number) =>
      `Largest possible record: ${bytes} of ${max} bytes in one QR code`,
    batchBudget: (batch: number) =>
      `Batch labels hold records of up to about ${batch} bytes legibly: a record filled near this template's limits is refused when batch printing. Keep such records shorter, or print them one at a time.`,
  },
  dialog: {
    addTitle: "Add Field",
    editTitle: "Edit Field",
    type: "Field Type",
    label: "Field Label",
    placeholder: "Placeholder (optional)",
    required: "Required field",
    category: "Category",
    options: "Options (one per line)",
    standardNote: "This field fills a standard part of the emergency record, so its type is fixed.",
    add: "Add Field",
    update: "Update Field",
    cancel: "Cancel",
  },
  announcements: {
    start: (label: string) => `Picked up ${label}.`,
    over: (label: string, position: number, total: number) =>
      `${label} is at position ${position} of ${total}.`,
    end: (label: string, position: number, total: number) =>
      `${label} dropped at position ${position} of ${total}.`,
    cancel: (label: string) => `Moving ${label} was cancelled.`,
    instructions:
      "To pick up a field, press space or enter. Use the arrow keys to move it, space or enter to drop it, escape to cancel.",
  },
  types: {
    text: "Text",
    email: "Email",
    phone: "Phone",
    textarea: "Text Area",
    select: "Select",
    date: "Date",
    number: "Number",
    checkbox: "Checkbox",
  } satisfies Record<FieldType, string>,
  categories: {
    personal: "Personal Information",
    emergency: "Emergency Contacts",
    medical: "Medical Information",
    work: "Work Information",
    other: "Other",
  } satisfies Record<FieldCategory, string>,
  form: {
    choose: "Select…",
    yes: "Yes",
  },
};
