import { useId } from "react";
import { signInStepCopy } from "./copy";

const copy = signInStepCopy.recoveryCodes;

/** Ten single-use recovery codes, shown once, with the step that leaves them. */
export function RecoveryCodes(props: { codes: readonly string[]; onDone: () => void }) {
  const titleId = useId();
  return (
    <section className="recovery-codes" aria-labelledby={titleId}>
      <h2 id={titleId}>{copy.title}</h2>
      <p className="hint">{copy.intro}</p>
      <ul aria-label={copy.listLabel} className="recovery-code-list">
        {props.codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <button type="button" className="button button-primary button-block" onClick={props.onDone}>
        {copy.done}
      </button>
    </section>
  );
}
