import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/toast-store";
import { toastFailure } from "@/components/ui/toastFailure";
import { apiJson, type Wire } from "@/lib/api";
import { adminCopy } from "../copy";

const copy = adminCopy.ssoDomains;
const key = ["admin", "sso-domains"] as const;

/**
 * The e-mail domains organisations' single sign-on asks to vouch for. An
 * admin approves one after checking the organisation owns it (its
 * website, its contact's address): approved, its addresses sign in to
 * that organisation. Each approval is in the audit log.
 */
export function SSODomains() {
  const client = useQueryClient();
  const domains = useQuery({
    queryKey: key,
    queryFn: () => apiJson<Wire<"AdminSSODomains">>("GET", "/api/admin/sso-domains"),
  });
  const approve = useMutation({
    mutationFn: (d: { organizationId: number; domain: string }) =>
      apiJson<Wire<"Message">>("POST", "/api/admin/sso-domains/approve", d),
    onSuccess: (answer) => {
      toast({ title: answer.message, variant: "success" });
      void client.invalidateQueries({ queryKey: key });
    },
    onError: (error) => toastFailure(error, copy.failed),
  });
  const list = domains.data?.domains ?? [];
  return (
    <section className="card" aria-labelledby="sso-domains-title">
      <h2 id="sso-domains-title">{copy.title}</h2>
      <p className="hint">{copy.intro}</p>
      {list.length === 0 ? (
        <p>{copy.none}</p>
      ) : (
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{copy.domain}</th>
              <th scope="col">{copy.organization}</th>
              <th scope="col">{copy.status}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((d) => (
              <tr key={`${d.organizationId} ${d.domain}`}>
                <th scope="row">{d.domain}</th>
                <td>
                  {d.organizationName} (#{d.organizationId})
                </td>
                <td>
                  {d.approved ? (
                    copy.approved
                  ) : (
                    <button
                      type="button"
                      className="button button-secondary"
                      disabled={approve.isPending}
                      onClick={() =>
                        approve.mutate({ organizationId: d.organizationId, domain: d.domain })
                      }
                      aria-label={copy.approveLabel(d.domain, d.organizationName)}
                    >
                      {copy.approve}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
