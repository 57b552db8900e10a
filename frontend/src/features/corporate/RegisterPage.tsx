import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { BusyButton } from "@/components/ui/BusyButton";
import { FormField } from "@/components/ui/FormField";
import { TextField } from "@/components/ui/TextField";
import { useDiscardGuard } from "@/hooks/useDiscardGuard";
import { useCreateRegistrationCheckout } from "./api/registration";
import { SelectField } from "./components/SelectField";
import { corporateCopy } from "./copy";
import { plans, planPrice } from "./plans";
import {
  emptyRegistration,
  validateRegistration,
  type Registration,
  type RegistrationErrors,
  type RegistrationField,
} from "./validation";
import { toastFailure } from "@/components/ui/toastFailure";

const copy = corporateCopy.register;

/**
 * /corporate-register: the full form (docs/design/admin-corporate.md §2, §5). A valid form makes a
 * pending registration and a payment session; the browser goes to the
 * provider's checkout (or, without Stripe keys, the local test checkout).
 */
export function RegisterPage() {
  const navigate = useNavigate();
  const [form, setForm] = useState<Registration>(emptyRegistration);
  const [errors, setErrors] = useState<RegistrationErrors>({});
  const checkout = useCreateRegistrationCheckout();
  // A half-typed registration is asked for before a link, Back or closing the tab.
  const guard = useDiscardGuard(JSON.stringify(form) !== JSON.stringify(emptyRegistration));

  const set = (field: RegistrationField) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const text = (field: RegistrationField, type = "text", autoComplete?: string) => (
    <TextField
      label={copy.fields[field]}
      type={type}
      autoComplete={autoComplete}
      required
      value={form[field]}
      onChange={(e) => set(field)(e.target.value)}
      error={errors[field]}
    />
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateRegistration(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    checkout.mutate(form, {
      onSuccess: (answer) => {
        guard.release(); // sent: going to the checkout loses nothing
        // Stripe's hosted Checkout is another site; the test checkout is ours.
        if (answer.redirectUrl.startsWith("/")) navigate(answer.redirectUrl);
        else window.location.assign(answer.redirectUrl);
      },
      onError: (error) => toastFailure(error, copy.failed.title, copy.failed.description),
    });
  };

  return (
    <div className="section corporate-page">
      {guard.dialog}
      <form className="card form-body" onSubmit={onSubmit} noValidate aria-labelledby="reg-title">
        <h1 id="reg-title">{copy.title}</h1>
        <p className="hint">{copy.intro}</p>
        {text("organizationName", "text", "organization")}
        <div className="grid-2">
          {text("contactFirstName", "text", "given-name")}
          {text("contactLastName", "text", "family-name")}
        </div>
        <div className="grid-2">
          {text("contactEmail", "email", "email")}
          {text("phone", "tel", "tel")}
        </div>
        <div className="grid-2">
          <SelectField
            label={copy.fields.organizationType}
            required
            placeholder={copy.choose}
            options={corporateCopy.organizationTypes}
            value={form.organizationType}
            onChange={set("organizationType")}
            error={errors.organizationType}
          />
          <SelectField
            label={copy.fields.employeeCount}
            required
            placeholder={copy.choose}
            options={corporateCopy.employeeCounts.map((c) => [c, c] as const)}
            value={form.employeeCount}
            onChange={set("employeeCount")}
            error={errors.employeeCount}
          />
        </div>
        <SelectField
          label={copy.fields.subscriptionPlan}
          required
          placeholder={copy.choose}
          options={plans.map(
            (p) =>
              [p.id, `${p.name} - ${planPrice(p)}/month, up to ${p.maxQrCodes} QR codes`] as const,
          )}
          value={form.subscriptionPlan}
          onChange={set("subscriptionPlan")}
          error={errors.subscriptionPlan}
        />
        {text("address", "text", "street-address")}
        <div className="grid-2">
          {text("city", "text", "address-level2")}
          {text("country", "text", "country-name")}
        </div>
        <FormField label={copy.fields.requirements}>
          {(control) => (
            <textarea
              dir="auto"
              {...control}
              rows={3}
              value={form.requirements}
              onChange={(e) => set("requirements")(e.target.value)}
            />
          )}
        </FormField>
        <BusyButton
          className="button button-primary button-block"
          busy={checkout.isPending}
          busyLabel={copy.submitting}
        >
          {copy.submit}
        </BusyButton>
      </form>
    </div>
  );
}
