import { TextField } from "@/components/ui/TextField";
import type { ShippingAddress } from "@/stores/pending";
import { purchaseCopy } from "../copy";

const copy = purchaseCopy.shipping;

export type ShippingErrors = Partial<Record<keyof ShippingAddress, string>>;

/** Spec §5 shipping rules with their messages. */
export function validateShipping(a: ShippingAddress): ShippingErrors {
  const e: ShippingErrors = {};
  if (a.email.trim() === "") e.email = copy.errors.emailRequired;
  else if (!a.email.includes("@")) e.email = copy.errors.emailInvalid;
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
        <TextField
          label={copy.email}
          type="email"
          autoComplete="email"
          required
          value={value.email}
          onChange={set("email")}
          error={errors.email}
        />
        <TextField
          label={copy.fullName}
          autoComplete="name"
          required
          value={value.fullName}
          onChange={set("fullName")}
          error={errors.fullName}
        />
        <TextField
          label={copy.addressLine1}
          autoComplete="address-line1"
          required
          value={value.addressLine1}
          onChange={set("addressLine1")}
          error={errors.addressLine1}
        />
        <TextField
          label={copy.addressLine2}
          autoComplete="address-line2"
          value={value.addressLine2 ?? ""}
          onChange={set("addressLine2")}
        />
        <TextField
          label={copy.city}
          autoComplete="address-level2"
          required
          value={value.city}
          onChange={set("city")}
          error={errors.city}
        />
        <TextField
          label={copy.county}
          autoComplete="address-level1"
          required
          value={value.county}
          onChange={set("county")}
          error={errors.county}
        />
        <TextField
          label={copy.postcode}
          autoComplete="postal-code"
          required
          value={value.postcode}
          onChange={set("postcode")}
          error={errors.postcode}
        />
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
