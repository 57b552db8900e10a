import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { paths } from "@/app/paths";
import { BusyButton } from "@/components/ui/BusyButton";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { EmailField } from "@/components/ui/TextField";
import { toast } from "@/components/ui/toast-store";
import { useDiscardGuard } from "@/hooks/useDiscardGuard";
import { useInvite, useRemove, useResend, useTeam, type Member } from "./api/team";
import { AccessDenied } from "./components/AccessDenied";
import { corporateCopy } from "./copy";
import { useOrganizationId } from "./hooks";
import { validEmail } from "./validation";
import { toastFailure } from "@/components/ui/toastFailure";
import { SecondFactorRule } from "./SecondFactorRule";

const copy = corporateCopy.team;

/** /corporate/team(/{orgId}): the owner invites up to 2 admins (docs/design/admin-corporate.md §2, §9). */
export function TeamPage() {
  const orgId = useOrganizationId();
  const team = useTeam(orgId ?? null);
  if (orgId === undefined || (orgId !== null && team.isPending)) {
    return <p className="loading">{corporateCopy.dashboard.loading}</p>;
  }
  if (orgId === null || !team.data)
    return <AccessDenied error={team.error} onRetry={() => void team.refetch()} />;
  return (
    <TeamView
      orgId={orgId}
      members={team.data.members}
      max={team.data.maxMembers}
      manage={team.data.permissions.manageTeam}
    />
  );
}

/** manage: the server's word that this reader may invite and remove (never a role check here). */
function TeamView(props: { orgId: number; members: Member[]; max: number; manage: boolean }) {
  const [email, setEmail] = useState("");
  const [tried, setTried] = useState(false);
  // The member whose removal is being asked about, if any.
  const [removing, setRemoving] = useState<Member | null>(null);
  const invite = useInvite(props.orgId);
  const resend = useResend(props.orgId);
  const remove = useRemove(props.orgId);
  const left = props.max - props.members.length;
  // A typed address not yet invited is asked for before a link, Back or closing the tab.
  const guard = useDiscardGuard(email.trim() !== "");
  const failed = (error: unknown) => toastFailure(error, copy.failed);

  const onInvite = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!validEmail(email)) return;
    invite.mutate(email.trim(), {
      onSuccess: () => {
        toast({ title: copy.invited, description: email.trim(), variant: "success" });
        setEmail("");
        setTried(false);
      },
      onError: failed,
    });
  };

  return (
    <div className="section corporate-page">
      {guard.dialog}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={
          removing?.passwordSet
            ? copy.removeTitle(removing.email)
            : copy.withdrawTitle(removing?.email ?? "")
        }
        description={removing?.passwordSet ? copy.removeEffect : copy.withdrawEffect}
        confirmLabel={copy.remove}
        cancelLabel={copy.cancel}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => toast({ title: copy.removed, variant: "success" }),
            onError: failed,
          })
        }
      />
      <div className="page-head page-head-row">
        <h1>{copy.title}</h1>
        <Link className="button button-ghost" to={`${paths.corporateDashboard}/${props.orgId}`}>
          {copy.back}
        </Link>
      </div>
      <p className="hint">{copy.intro(props.max)}</p>
      {props.manage && <SecondFactorRule orgId={props.orgId} />}
      <section className="card">
        <ul className="team-list">
          {props.members.map((m) => (
            <li key={m.id}>
              <div>
                <strong>{m.email}</strong>
                <p className="hint">
                  {m.role}
                  {!m.passwordSet && <> · {copy.pending}</>}
                </p>
              </div>
              {(m.canResend || m.canRemove) && (
                <div className="pills">
                  {m.canResend && (
                    <button
                      type="button"
                      className="button button-small button-secondary"
                      onClick={() =>
                        resend.mutate(m.id, {
                          onSuccess: () => toast({ title: copy.invited, variant: "success" }),
                          onError: failed,
                        })
                      }
                    >
                      {copy.resend}
                    </button>
                  )}
                  {m.canRemove && (
                    <button
                      type="button"
                      className="button button-small button-danger-outline"
                      onClick={() => setRemoving(m)}
                    >
                      {copy.remove}
                    </button>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
        <p className="hint">{left > 0 ? copy.slots(left) : copy.full(props.max)}</p>
        {!props.manage && <p className="hint">{copy.readOnly}</p>}
      </section>
      {props.manage && (
        <form className="card form-body" onSubmit={onInvite} noValidate aria-label={copy.invite}>
          <EmailField
            label={copy.email}
            value={email}
            onValueChange={setEmail}
            error={tried && !validEmail(email) ? corporateCopy.login.emailInvalid : undefined}
          />
          <BusyButton
            className="button button-primary"
            busy={invite.isPending}
            busyLabel={copy.inviting}
          >
            {copy.invite}
          </BusyButton>
        </form>
      )}
    </div>
  );
}
