import { useEffect } from "react";
import { Link, Navigate, useNavigate } from "react-router";
import { toast } from "@/components/ui/toast-store";
import { toasts, siteLocale } from "@/lib/copy";
import { paths } from "@/app/paths";
import { ReviewCard } from "@/components/review/ReviewCard";
import { logout } from "@/lib/auth";
import { useEmergencyStore } from "@/stores/emergency";
import { useCanUseRealData, useUserStore } from "@/stores/session";
import { useOrders } from "./api/get-orders";
import { StatusBadge } from "./components/StatusBadge";
import { dashboardCopy as copy } from "./copy";

const dateFormat = new Intl.DateTimeFormat(siteLocale, {
  day: "numeric",
  month: "short",
  year: "numeric",
});

function formatDate(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? iso : dateFormat.format(t);
}

export function DashboardPage() {
  const navigate = useNavigate();
  const user = useUserStore((s) => s.user);
  const data = useEmergencyStore((s) => s.data);
  const paid = useCanUseRealData();
  const orders = useOrders(user?.email ?? null);

  useEffect(() => {
    if (orders.isError) toast({ ...toasts.loadFailed, variant: "destructive" });
  }, [orders.isError]);

  if (!user) return <Navigate to={paths.login} replace />;

  const list = orders.data ?? [];
  const contacts =
    data?.emergencyContacts.filter((c) => c.name.trim() || c.phone.trim()).length ?? 0;
  return (
    <div className="dashboard">
      <div className="page-head page-head-row">
        <h1>{copy.title}</h1>
        <button
          type="button"
          className="button button-ghost"
          onClick={async () => {
            await logout();
            navigate(paths.home);
          }}
        >
          {copy.logout}
        </button>
      </div>
      <div className="cards-2">
        <section className="card" aria-labelledby="account-title">
          <h2 id="account-title">{copy.account}</h2>
          <dl className="summary-list">
            <div>
              <dt>{copy.email}</dt>
              <dd>{user.email}</dd>
            </div>
            <div>
              <dt>{copy.printAccess}</dt>
              <dd>{paid ? copy.unlocked : copy.locked}</dd>
            </div>
            <div>
              <dt>{copy.signedInSince}</dt>
              <dd>{formatDate(user.loginTime)}</dd>
            </div>
          </dl>
        </section>
        <section className="card" aria-labelledby="qr-title">
          <h2 id="qr-title">{copy.qrTitle}</h2>
          {data?.personalInfo.fullName ? (
            <>
              <dl className="summary-list">
                <div>
                  <dt>{copy.name}</dt>
                  <dd>{data.personalInfo.fullName}</dd>
                </div>
                {data.personalInfo.bloodType && (
                  <div>
                    <dt>{copy.bloodType}</dt>
                    <dd>{data.personalInfo.bloodType}</dd>
                  </div>
                )}
                <div>
                  <dt>{copy.contacts}</dt>
                  <dd>{contacts}</dd>
                </div>
              </dl>
              <div className="form-actions">
                <Link to={paths.qrGenerated} className="button button-primary">
                  {copy.viewQr}
                </Link>
                <Link to={paths.printPreview} className="button button-secondary">
                  {copy.print}
                </Link>
              </div>
            </>
          ) : (
            <p>
              {copy.qrNone} <Link to={paths.home}>{copy.fillForm}</Link>
            </p>
          )}
        </section>
      </div>
      <ReviewCard email={user.email} withSetting />
      <section className="card" aria-labelledby="orders-title">
        <h2 id="orders-title">
          {copy.ordersTitle} <span className="count">{copy.orderCount(list.length)}</span>
        </h2>
        {orders.isLoading ? (
          <p role="status">{copy.loadingOrders}</p>
        ) : list.length === 0 ? (
          <p className="hint">{copy.noOrders}</p>
        ) : (
          <div className="table-scroll">
            <table className="orders stack-table">
              <thead>
                <tr>
                  <th scope="col">{copy.order}</th>
                  <th scope="col">{copy.labelType}</th>
                  <th scope="col">{copy.quantity}</th>
                  <th scope="col">{copy.date}</th>
                  <th scope="col">{copy.status}</th>
                  <th scope="col">{copy.tracking}</th>
                </tr>
              </thead>
              <tbody>
                {list.map((o) => (
                  <tr key={o.id}>
                    <td data-label={copy.order}>{o.orderId}</td>
                    <td data-label={copy.labelType}>{o.labelType}</td>
                    <td data-label={copy.quantity}>{o.quantity}</td>
                    <td data-label={copy.date}>{formatDate(o.createdAt)}</td>
                    <td data-label={copy.status}>
                      <StatusBadge status={o.status} />
                    </td>
                    <td data-label={copy.tracking}>{o.trackingNumber ?? "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
