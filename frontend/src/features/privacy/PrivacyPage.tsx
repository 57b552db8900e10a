import { Link, useNavigate } from "react-router";
import { paths } from "@/app/paths";
import { BusyButton } from "@/components/ui/BusyButton";
import { EmailField } from "@/components/ui/TextField";
import { toast } from "@/components/ui/toast-store";
import { fileDate, saveFile } from "@/lib/saveFile";
import { useEmergencyStore } from "@/stores/emergency";
import { useUserStore } from "@/stores/session";
import { deleteAccount } from "./api/delete-account";
import { deleteData } from "./api/delete-data";
import { useExportData } from "./api/export-data";
import { DeletionPanel } from "./components/DeletionPanel";
import { privacyCopy as copy } from "./copy";
import { toastFailure } from "@/components/ui/toastFailure";
import { toasts } from "@/lib/copy";

export function PrivacyPage() {
  const user = useUserStore((s) => s.user);
  return (
    <div className="privacy-page">
      <div className="page-head">
        <h1>{copy.title}</h1>
        <p className="lead">{copy.intro}</p>
      </div>
      {user ? (
        <AccountRights email={user.email} />
      ) : (
        <section className="card" aria-labelledby="signed-out-title">
          <h2 id="signed-out-title">{copy.signedOut.title}</h2>
          <p>{copy.signedOut.body}</p>
          <p>
            <Link className="button button-primary" to={`${paths.login}?return=${paths.privacy}`}>
              {copy.signedOut.signIn}
            </Link>
          </p>
        </section>
      )}
      <article className="card policy" aria-labelledby="policy-title">
        <h2 id="policy-title">{copy.policy.title}</h2>
        <p className="hint">{copy.policy.updated}</p>
        {copy.policy.sections.map((s) => (
          <section key={s.heading}>
            <h3>{s.heading}</h3>
            <p>{s.body}</p>
          </section>
        ))}
      </article>
    </div>
  );
}

/** A signed-in owner's rights over their data: a copy, and the two deletions. */
function AccountRights(props: { email: string }) {
  const navigate = useNavigate();
  const { email } = props;
  const exporter = useExportData();

  const onExport = () =>
    exporter.mutate(
      { email },
      {
        onSuccess: (blob) => saveFile(blob, copy.export.fileName(fileDate())),
        onError: (error) =>
          toastFailure(
            error,
            copy.export.failed.title,
            undefined,
            toasts.connectionError.description,
          ),
      },
    );

  return (
    <>
      <section className="card" aria-labelledby="export-title">
        <h2 id="export-title">{copy.export.title}</h2>
        <p>{copy.export.body}</p>
        <EmailField label={copy.email} value={email} onValueChange={() => {}} readOnly />
        <BusyButton
          type="button"
          className="button button-primary"
          onClick={onExport}
          busy={exporter.isPending}
          busyLabel={copy.export.busy}
        >
          {copy.export.button}
        </BusyButton>
      </section>
      <DeletionPanel
        {...copy.deleteData}
        openLabel={copy.deleteData.open}
        confirmLabel={copy.deleteData.confirm}
        email={email}
        run={deleteData}
        onDone={(message) => {
          useEmergencyStore.getState().clear();
          toast({ title: message ?? copy.deleteData.title, variant: "success" });
        }}
      />
      <DeletionPanel
        {...copy.deleteAccount}
        openLabel={copy.deleteAccount.open}
        confirmLabel={copy.deleteAccount.confirm}
        email={email}
        run={deleteAccount}
        onDone={(message) => {
          useUserStore.getState().signOut();
          useEmergencyStore.getState().clear();
          toast({ title: message ?? copy.deleteAccount.title, variant: "success" });
          navigate(paths.home);
        }}
      />
    </>
  );
}
