import { TextField } from "@/components/ui/TextField";
import { validAddress } from "@/lib/emergency/mailbox";
import type { ShippingAddress } from "@/stores/pending";
import { purchaseCopy } from "../copy";

const copy = purchaseCopy.shipping;

/** The address's text fields, in the order the form shows them. */
const textFields: {
  field: Exclude<keyof ShippingAddress, "country">;
  autoComplete: string;
  type?: "email";
  required: boolean;
}[] = [
  { field: "email", autoComplete: "email", type: "email", required: true },
  { field: "fullName", autoComplete: "name", required: true },
  { field: "addressLine1", autoComplete: "address-line1", required: true },
  { field: "addressLine2", autoComplete: "address-line2", required: false },
  { field: "city", autoComplete: "address-level2", required: true },
  { field: "county", autoComplete: "address-level1", required: true },
  { field: "postcode", autoComplete: "postal-code", required: true },
];

export type ShippingErrors = Partial<Record<keyof ShippingAddress, string>>;

/** docs/design/individual.md §5 shipping rules with their messages. */
export function validateShipping(a: ShippingAddress): ShippingErrors {
  const e: ShippingErrors = {};
  if (a.email.trim() === "") e.email = copy.errors.emailRequired;
  else if (!validAddress(a.email)) e.email = copy.errors.emailInvalid;
  if (a.fullName.trim() === "") e.fullName = copy.errors.fullName;
  if (a.addressLine1.trim() === "") e.addressLine1 = copy.errors.addressLine1;
  if (a.city.trim() === "") e.city = copy.errors.city;
  if (a.county.trim() === "") e.county = copy.errors.county;
  if (a.postcode.trim() === "") e.postcode = copy.errors.postcode;
  return e;
}

export function ShippingFields(props: {
  value: ShippingAddress;
  onChange: (value: ShippingAddress) => void;
  errors: ShippingErrors;
}) {
  const { value, onChange, errors } = props;
  const set = (field: keyof ShippingAddress) => (e: { target: { value: string } }) =>
    onChange({
      ...value,
      [field]: field === "postcode" ? e.target.value.toUpperCase() : e.target.value,
    });
  return (
    <fieldset className="shipping">
      <legend>{purchaseCopy.dialog.shipping}</legend>
      <div className="grid-2">
        {textFields.map(({ field, autoComplete, type, required }) => (
          <TextField
            key={field}
            label={copy[field]}
            type={type}
            autoComplete={autoComplete}
            required={required}
            value={value[field] ?? ""}
            onChange={set(field)}
            error={errors[field]}
          />
        ))}
        <div className="field">
          <label htmlFor="shipping-country">{copy.country}</label>
          <select
            id="shipping-country"
            value={value.country}
            onChange={set("country")}
            autoComplete="country-name"
          >
            {copy.countries.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="hint">{copy.delivery}</p>
    </fieldset>
  );
}
