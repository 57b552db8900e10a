import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { BusyButton } from "@/components/ui/BusyButton";
import { EmailField, TextField } from "@/components/ui/TextField";
import { useRegisterTrial } from "./api/register-trial";
import { checkEmailPath, type CheckEmailState } from "./CheckEmailPage";
import { SelectField } from "./components/SelectField";
import { corporateCopy } from "./copy";
import { defaultPlan, findPlan, plans, planPrice, trialDays, trialMaxQrCodes } from "./plans";
import { toastFailure } from "@/components/ui/toastFailure";

const copy = corporateCopy.simple;

/** The country select's value for "Another country", typed in below it. */
const otherCountry = "other";

/** /corporate/register: a 14-day trial of the chosen plan (docs/design/admin-corporate.md §2, docs/design/decisions.md §9). */
export function SimpleRegisterPage() {
  const navigate = useNavigate();
  const [name, setName] = useState("");
  const [industry, setIndustry] = useState("");
  const [email, setEmail] = useState("");
  const [phone, setPhone] = useState("");
  const [plan, setPlan] = useState(defaultPlan);
  // Lifetag is a UK service: most trials are from the UK.
  const [countryChoice, setCountryChoice] = useState<string>(copy.countries[0]);
  const [otherName, setOtherName] = useState("");
  const [tried, setTried] = useState(false);
  const register = useRegisterTrial();
  const chosen = findPlan(plan) ?? plans[0]!;
  const country = countryChoice === otherCountry ? otherName.trim() : countryChoice;
  // The server's rule for a country (the paid form's): at least 2 characters.
  const countryError = [...country].length < 2 ? copy.countryRequired : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (name.trim() === "" || email.trim() === "" || countryError !== undefined) return;
    register.mutate(
      { name, industry, contactEmail: email, contactPhone: phone, subscriptionTier: plan, country },
      {
        // Nothing exists until the mailed link is opened: say so.
        onSuccess: (answer) =>
          navigate(checkEmailPath("trial", answer.registrationId), {
            state: { email: answer.contactEmail } satisfies CheckEmailState,
          }),
        onError: (error) => toastFailure(error, copy.failed.title, copy.failed.description),
      },
    );
  };

  return (
    <div className="section corporate-page">
      <div className="cards-2">
        <form
          className="card form-body"
          onSubmit={onSubmit}
          noValidate
          aria-labelledby="trial-title"
        >
          <h1 id="trial-title">{copy.title}</h1>
          <p className="hint">{copy.intro}</p>
          <TextField
            label={copy.name}
            required
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={tried && name.trim() === "" ? copy.nameRequired : undefined}
          />
          <SelectField
            label={copy.industry}
            placeholder={corporateCopy.register.choose}
            options={corporateCopy.industries}
            value={industry}
            onChange={setIndustry}
          />
          <EmailField
            label={copy.email}
            value={email}
            onValueChange={setEmail}
            error={tried && email.trim() === "" ? copy.emailRequired : undefined}
          />
          <TextField
            label={copy.phone}
            type="tel"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
          />
          <SelectField
            label={copy.country}
            options={[
              ...copy.countries.map((c) => [c, c] as const),
              [otherCountry, copy.otherCountry] as const,
            ]}
            value={countryChoice}
            onChange={setCountryChoice}
          />
          {countryChoice === otherCountry && (
            <TextField
              label={copy.otherCountryName}
              required
              autoComplete="country-name"
              value={otherName}
              onChange={(e) => setOtherName(e.target.value)}
              error={tried ? countryError : undefined}
            />
          )}
          <SelectField
            label={copy.plan}
            options={plans.map((p) => [p.id, `${p.name} - ${planPrice(p)}/month`] as const)}
            value={plan}
            onChange={setPlan}
            hint={
              chosen.maxQrCodes > trialMaxQrCodes
                ? copy.trialAllowance(trialMaxQrCodes, chosen.maxQrCodes)
                : undefined
            }
          />
          <BusyButton
            className="button button-primary button-block"
            busy={register.isPending}
            busyLabel={copy.submitting}
          >
            {copy.submit}
          </BusyButton>
        </form>
        <aside className="card" aria-labelledby="chosen-plan">
          <h2 id="chosen-plan">{chosen.name}</h2>
          <p className="price">
            {planPrice(chosen)} <span className="hint">{copy.perMonth}</span>
          </p>
          <p className="hint">{corporateCopy.dashboard.trialEnds(`in ${trialDays} days`)}</p>
          <ul className="checklist">
            {chosen.features.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </aside>
      </div>
    </div>
  );
}
