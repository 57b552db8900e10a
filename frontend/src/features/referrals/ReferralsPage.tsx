import { useEffect } from "react";
import { useNavigate } from "react-router";
import { paths } from "@/app/paths";
import { CopyField } from "@/components/ui/CopyField";
import { toast } from "@/components/ui/toast-store";
import { prices, toasts, siteLocale } from "@/lib/copy";
import { useUserStore } from "@/stores/session";
import { useGenerateReferral } from "./api/generate-referral";
import { useReferrals } from "./api/get-referrals";
import { referralsCopy as copy } from "./copy";

const money = new Intl.NumberFormat(siteLocale, { style: "currency", currency: "GBP" });

/** Rewards earned: total referrals times £0.20 (docs/design/individual.md §2). */
export function rewardsEarned(totalReferrals: number): string {
  return money.format(totalReferrals * prices.referralReward);
}

export function ReferralsPage() {
  const navigate = useNavigate();
  const user = useUserStore((s) => s.user);
  const email = user?.email ?? null;
  const referrals = useReferrals(email);
  const generate = useGenerateReferral(email);

  useEffect(() => {
    if (user) return;
    toast({ ...toasts.authRequired, variant: "destructive" });
    navigate(`${paths.login}?return=${paths.referrals}`, { replace: true });
  }, [user, navigate]);

  useEffect(() => {
    if (referrals.isError) toast({ ...copy.fetchFailed, variant: "destructive" });
  }, [referrals.isError]);

  if (!user) return null;
  const dashboard = referrals.data ?? null;
  const total = dashboard?.totalReferrals ?? 0;
  const link = dashboard
    ? `${window.location.origin}/?ref=${encodeURIComponent(dashboard.referralCode)}`
    : "";

  return (
    <div className="referrals-page">
      <div className="page-head">
        <h1>{copy.title}</h1>
        <p className="lead">{copy.intro}</p>
      </div>
      {referrals.isLoading ? (
        <p role="status">{copy.loading}</p>
      ) : !dashboard ? (
        <section className="card">
          <p>{copy.noCode}</p>
          <button
            type="button"
            className="button button-primary"
            disabled={generate.isPending}
            onClick={() => {
              if (!email) return toast({ ...toasts.emailRequired, variant: "destructive" });
              generate.mutate(
                { email },
                {
                  onSuccess: (r) => r?.message && toast({ title: r.message, variant: "success" }),
                  onError: () => toast({ ...copy.generateFailed, variant: "destructive" }),
                },
              );
            }}
          >
            {generate.isPending ? copy.generating : copy.generate}
          </button>
        </section>
      ) : (
        <>
          <section className="card referral-code-card">
            <h2>{copy.yourCode}</h2>
            <p className="referral-code">{dashboard.referralCode}</p>
            <label htmlFor="share-link">{copy.shareLink}</label>
            <CopyField id="share-link" value={link} copy={copy} />
          </section>
          <div className="stats">
            <div className="card stat">
              <span className="stat-label">{copy.status}</span>
              <span className={`badge ${total > 0 ? "badge-green" : "badge-blue"}`}>
                {total > 0 ? copy.active : copy.ready}
              </span>
            </div>
            <div className="card stat">
              <span className="stat-label">{copy.total}</span>
              <span className="stat-value">{total}</span>
            </div>
            <div className="card stat">
              <span className="stat-label">{copy.rewards}</span>
              <span className="stat-value">{rewardsEarned(total)}</span>
            </div>
          </div>
          <section className="card">
            <h2>{copy.listTitle}</h2>
            {dashboard.referrals.length === 0 ? (
              <p className="hint">{copy.none}</p>
            ) : (
              <ul className="referral-list">
                {dashboard.referrals.map((r, i) => (
                  <li key={`${r.referredEmail}-${i}`}>
                    <span>{r.referredEmail}</span>
                    {r.createdAt && (
                      <span className="hint">
                        {new Date(r.createdAt).toLocaleDateString(siteLocale)}
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}
