import { lazy, Suspense, useEffect, useState } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { paths } from "@/app/paths";
import { usePrerendering } from "@/app/prerendering";
import { FormField } from "@/components/ui/FormField";
import { syncEmergencyData } from "@/lib/auth";
import { rules } from "@/lib/emergency/rules";
import type { EmergencyData } from "@/lib/emergency/types";
import { useEmergencyStore } from "@/stores/emergency";
import { useHasPaid, useUserStore } from "@/stores/session";
import { formCopy as copy } from "../copy";
import { emergencyResolver } from "./emergencyResolver";
import { LimitCounter } from "./LimitCounter";

// Radix Dialog loads only when someone asks to clear the form.
const ConfirmDialog = lazy(async () => ({
  default: (await import("@/components/ui/ConfirmDialog")).ConfirmDialog,
}));

function newContactId(): string {
  return (
    globalThis.crypto?.randomUUID?.() ??
    `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`
  );
}

function blankContact() {
  return { id: newContactId(), name: "", relationship: "", phone: "" };
}

/** Every field present, so inputs stay controlled and partial records load cleanly. */
export function formDefaults(data: EmergencyData | null): EmergencyData {
  const p = data?.personalInfo;
  const m = data?.medicalInfo;
  const contacts = data?.emergencyContacts?.length ? data.emergencyContacts : [blankContact()];
  return {
    personalInfo: {
      fullName: p?.fullName ?? "",
      email: p?.email ?? "",
      dateOfBirth: p?.dateOfBirth ?? "",
      bloodType: p?.bloodType ?? "",
      weight: typeof p?.weight === "number" ? p.weight : null,
    },
    emergencyContacts: contacts.map((c) => ({
      id: c.id || newContactId(),
      name: c.name ?? "",
      relationship: c.relationship ?? "",
      phone: c.phone ?? "",
    })),
    medicalInfo: {
      allergies: m?.allergies ?? "",
      medications: m?.medications ?? "",
      conditions: m?.conditions ?? "",
      notes: m?.notes ?? "",
    },
  };
}

/**
 * The emergency form (docs/design/individual.md §2, §3, §5). Every change, partial or not, is
 * saved on the device; submitting validates with the shared rules and goes
 * on to the QR page.
 */
export function EmergencyForm() {
  const navigate = useNavigate();
  const saved = useEmergencyStore((s) => s.data);
  const save = useEmergencyStore((s) => s.save);
  const clear = useEmergencyStore((s) => s.clear);
  const replace = useEmergencyStore((s) => s.replace);
  const user = useUserStore((s) => s.user);
  const locked = useHasPaid();

  const {
    register,
    control,
    handleSubmit,
    subscribe,
    formState: { errors },
  } = useForm<EmergencyData>({
    // The saved record is read once: the form is remounted when the record
    // is replaced from outside (see the store's revision).
    defaultValues: formDefaults(saved),
    resolver: emergencyResolver,
  });
  const { fields, append, remove } = useFieldArray({
    control,
    name: "emergencyContacts",
    keyName: "key",
  });

  useEffect(() => {
    // Every change, partial or invalid, is kept on the device (docs/design/individual.md §2).
    return subscribe({
      formState: { values: true },
      callback: ({ values }) => save(values as EmergencyData),
    });
  }, [subscribe, save]);

  const [confirmClear, setConfirmClear] = useState(false);
  const clearForm = () => {
    // After payment the identity stays: clearing must not unlock it.
    if (locked && saved) {
      const { fullName, email, dateOfBirth } = saved.personalInfo;
      replace(
        formDefaults({
          ...formDefaults(null),
          personalInfo: { fullName, email, dateOfBirth, bloodType: "" },
        }),
      );
    } else {
      clear();
    }
  };

  const onSubmit = handleSubmit((data) => {
    save(data);
    const email = user?.email;
    if (email) void syncEmergencyData(email, { ...data, lastModified: new Date().toISOString() });
    navigate(paths.qrGenerated);
  });

  const prerendering = usePrerendering();
  const lockedNote = (name: string) => (locked ? `${name} ${copy.lockedSuffix}` : undefined);
  const contactErrors = errors.emergencyContacts;
  const contactsMessage = contactErrors?.message ?? contactErrors?.root?.message;

  return (
    <form className="emergency-form" onSubmit={onSubmit} noValidate aria-labelledby="form-title">
      <div className="form-head">
        <h2 id="form-title">{copy.title}</h2>
        <p className="hint">{copy.intro}</p>
      </div>
      {/* Disabled in the build-time HTML until the app takes over (see prerendering.ts). */}
      <fieldset className="form-body" disabled={prerendering}>
        <fieldset className="card">
          <legend>{copy.personal}</legend>
          <div className="grid-2">
            <FormField
              label={copy.fullName}
              counter={
                <LimitCounter control={control} name="personalInfo.fullName" limit="fullName" />
              }
              required
              error={errors.personalInfo?.fullName?.message}
              hint={lockedNote(copy.fullName)}
            >
              {(control) => (
                <input
                  dir="auto"
                  {...control}
                  autoComplete="name"
                  readOnly={locked}
                  {...register("personalInfo.fullName")}
                />
              )}
            </FormField>
            <FormField
              label={copy.email}
              counter={<LimitCounter control={control} name="personalInfo.email" limit="email" />}
              required
              error={errors.personalInfo?.email?.message}
              hint={lockedNote(copy.email) ?? copy.emailHint}
            >
              {(control) => (
                <input
                  dir="auto"
                  {...control}
                  type="email"
                  autoComplete="email"
                  readOnly={locked}
                  {...register("personalInfo.email")}
                />
              )}
            </FormField>
            <FormField
              label={copy.dateOfBirth}
              error={errors.personalInfo?.dateOfBirth?.message}
              hint={lockedNote(copy.dateOfBirth)}
            >
              {(control) => (
                <input
                  dir="auto"
                  {...control}
                  type="date"
                  autoComplete="bday"
                  readOnly={locked}
                  {...register("personalInfo.dateOfBirth")}
                />
              )}
            </FormField>
            <FormField
              label={copy.bloodType}
              required
              error={errors.personalInfo?.bloodType?.message}
            >
              {(control) => (
                <select {...control} {...register("personalInfo.bloodType")}>
                  <option value="">{copy.bloodTypePlaceholder}</option>
                  {rules.bloodTypes.map((t) => (
                    <option key={t} value={t}>
                      {t}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField label={copy.weight} error={errors.personalInfo?.weight?.message}>
              {(control) => (
                <input
                  dir="auto"
                  {...control}
                  type="number"
                  inputMode="decimal"
                  min={rules.weightKg.min}
                  max={rules.weightKg.max}
                  step="0.1"
                  {...register("personalInfo.weight", {
                    setValueAs: (v: unknown) =>
                      v === "" || v === null || v === undefined ? null : Number(v),
                  })}
                />
              )}
            </FormField>
          </div>
        </fieldset>

        <fieldset className="card">
          <legend>{copy.contacts}</legend>
          {contactsMessage && (
            <p className="field-error" role="alert">
              {contactsMessage}
            </p>
          )}
          <ol className="contacts">
            {fields.map((field, index) => (
              <li key={field.key} className="contact">
                <div className="contact-head">
                  <h3>{copy.contact(index + 1)}</h3>
                  {fields.length > 1 && (
                    <button
                      type="button"
                      className="button button-ghost button-small"
                      aria-label={copy.removeContact(index + 1)}
                      onClick={() => remove(index)}
                    >
                      {copy.remove}
                    </button>
                  )}
                </div>
                <div className="grid-3">
                  <FormField
                    label={copy.contactName}
                    counter={
                      <LimitCounter
                        control={control}
                        name={`emergencyContacts.${index}.name`}
                        limit="contactName"
                      />
                    }
                    required
                    error={errors.emergencyContacts?.[index]?.name?.message}
                  >
                    {(control) => (
                      <input
                        dir="auto"
                        {...control}
                        autoComplete="off"
                        {...register(`emergencyContacts.${index}.name`)}
                      />
                    )}
                  </FormField>
                  <FormField
                    label={copy.relationship}
                    counter={
                      <LimitCounter
                        control={control}
                        name={`emergencyContacts.${index}.relationship`}
                        limit="relationship"
                      />
                    }
                    error={errors.emergencyContacts?.[index]?.relationship?.message}
                  >
                    {(control) => (
                      <input
                        dir="auto"
                        {...control}
                        autoComplete="off"
                        {...register(`emergencyContacts.${index}.relationship`)}
                      />
                    )}
                  </FormField>
                  <FormField
                    label={copy.phone}
                    hint={copy.phoneHint}
                    counter={
                      <LimitCounter
                        control={control}
                        name={`emergencyContacts.${index}.phone`}
                        limit="phone"
                      />
                    }
                    required
                    error={errors.emergencyContacts?.[index]?.phone?.message}
                  >
                    {(control) => (
                      <input
                        dir="auto"
                        {...control}
                        type="tel"
                        autoComplete="off"
                        placeholder={copy.phonePlaceholder}
                        {...register(`emergencyContacts.${index}.phone`)}
                      />
                    )}
                  </FormField>
                </div>
              </li>
            ))}
          </ol>
          {fields.length < rules.maxContacts && (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => append(blankContact())}
            >
              + {copy.addContact}
            </button>
          )}
        </fieldset>

        <fieldset className="card">
          <legend>{copy.medical}</legend>
          <p className="hint">{copy.medicalIntro}</p>
          <div className="grid-2">
            {(["allergies", "medications", "conditions", "notes"] as const).map((name) => (
              <FormField
                key={name}
                label={copy[name]}
                counter={
                  <LimitCounter control={control} name={`medicalInfo.${name}`} limit={name} />
                }
                error={errors.medicalInfo?.[name]?.message}
              >
                {(control) => (
                  <textarea dir="auto" {...control} rows={3} {...register(`medicalInfo.${name}`)} />
                )}
              </FormField>
            ))}
          </div>
        </fieldset>

        <div className="form-actions">
          <button type="submit" className="button button-primary button-large">
            {copy.submit}
          </button>
          <button
            type="button"
            className="button button-ghost"
            onClick={() => setConfirmClear(true)}
          >
            {copy.clear}
          </button>
          <span className="saved-note" aria-live="polite">
            {saved ? copy.saved : ""}
          </span>
        </div>
        {confirmClear && (
          <Suspense fallback={null}>
            <ConfirmDialog
              open={confirmClear}
              onOpenChange={setConfirmClear}
              title={copy.clearTitle}
              description={locked && saved ? copy.clearConfirmLocked : copy.clearConfirm}
              confirmLabel={copy.clearYes}
              cancelLabel={copy.clearNo}
              onConfirm={clearForm}
            />
          </Suspense>
        )}
      </fieldset>
    </form>
  );
}
