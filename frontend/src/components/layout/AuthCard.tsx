import { useId, type FormEvent, type ReactNode } from "react";

/** The centred card form of sign-in, password and account-setup pages. */
export function AuthCard(props: {
  title: string;
  intro?: ReactNode;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <div className="auth-page">
      {/* noValidate: our messages (docs/design/individual.md §5), not the browser's. */}
      <form
        className="card auth-card"
        onSubmit={props.onSubmit}
        noValidate
        aria-labelledby={titleId}
      >
        <h1 id={titleId}>{props.title}</h1>
        {props.intro && <p className="hint">{props.intro}</p>}
        {props.children}
      </form>
    </div>
  );
}
