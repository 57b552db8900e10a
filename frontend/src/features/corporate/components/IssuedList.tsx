import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "@/app/paths";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { toast } from "@/components/ui/toast-store";
import { toastFailure } from "@/components/ui/toastFailure";

/** Something the organisation issues and may take back: an API key, a collection link. */
export interface Issued {
  id: number;
  status: string;
}

/** The words of one issued-things page. */
export interface IssuedListCopy {
  title: string;
  intro: string;
  create: string;
  back: string;
  none: string;
  revoke: string;
  revokeTitle: string;
  cancel: string;
  revoked: string;
  failed: string;
}

/**
 * The page that lists what an organisation has issued, creates more and
 * revokes one after asking: the API keys' and the collection links' pages.
 * Each names its columns (`head`, `row`), its create dialog and what the
 * revoke question says; `manage` is the server's word that this reader may
 * create and revoke; `blocked`, when set, says why nothing can be created
 * now (the Create button is then off and described by it).
 */
export function IssuedList<T extends Issued>(props: {
  className: string;
  copy: IssuedListCopy;
  orgId: number;
  items: T[];
  manage: boolean;
  blocked?: { id: string; notice: ReactNode };
  notices?: ReactNode;
  head: ReactNode;
  row: (item: T) => ReactNode;
  /** More actions on an active item, beside Revoke (for those who manage). */
  actions?: (item: T) => ReactNode;
  revokeLabel?: (item: T) => string;
  revokeDescription: (item: T) => string;
  revoke: (item: T, done: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  createDialog: (open: boolean, onClose: () => void) => ReactNode;
}) {
  const { copy } = props;
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<T | null>(null);
  return (
    <div className={`section corporate-page ${props.className}`}>
      <div className="page-head page-head-row">
        <h1>{copy.title}</h1>
        <div className="pills">
          {props.manage && (
            <button
              type="button"
              className="button button-primary"
              disabled={props.blocked !== undefined}
              aria-describedby={props.blocked?.id}
              onClick={() => setCreating(true)}
            >
              {copy.create}
            </button>
          )}
          <Link className="button button-ghost" to={`${paths.corporateDashboard}/${props.orgId}`}>
            {copy.back}
          </Link>
        </div>
      </div>
      <p className="hint">{copy.intro}</p>
      {props.notices}
      {props.blocked?.notice}
      <section className="card">
        {props.items.length === 0 ? (
          <p className="hint">{copy.none}</p>
        ) : (
          <div className="table-scroll">
            <table className="analytics-table stack-table">
              <thead>
                <tr>
                  {props.head}
                  {props.manage && (
                    <th scope="col">
                      <span className="visually-hidden">{copy.revoke}</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {props.items.map((item) => (
                  <tr key={item.id}>
                    {props.row(item)}
                    {props.manage && (
                      <td>
                        {item.status === "active" && props.actions?.(item)}
                        {item.status === "active" && (
                          <button
                            type="button"
                            className="button button-small button-danger-outline"
                            onClick={() => setRevoking(item)}
                            aria-label={props.revokeLabel?.(item)}
                          >
                            {copy.revoke}
                          </button>
                        )}
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {props.createDialog(creating, () => setCreating(false))}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={copy.revokeTitle}
        description={revoking ? props.revokeDescription(revoking) : ""}
        confirmLabel={copy.revoke}
        cancelLabel={copy.cancel}
        onConfirm={() =>
          revoking &&
          props.revoke(revoking, {
            onSuccess: () => toast({ title: copy.revoked, variant: "success" }),
            onError: (error) => toastFailure(error, copy.failed),
          })
        }
      />
    </div>
  );
}

/** What a create dialog shows once, after it made the thing: a secret or a link, and Done. */
export function ShownOnce(props: {
  title: ReactNode;
  description: ReactNode;
  done: string;
  onDone: () => void;
  children: ReactNode;
}) {
  return (
    <>
      {props.title}
      {props.description}
      {props.children}
      <div className="dialog-actions">
        <button type="button" className="button button-primary" onClick={props.onDone}>
          {props.done}
        </button>
      </div>
    </>
  );
}
