// /admin (docs/design/admin-corporate.md §2 "Admin dashboard"). Who may see it is
// the server's decision: the first call (the cards) answers 401 for a
// visitor ('Admin Access Required') and 403 for anyone but an admin
// ('Access Denied', then the person's own dashboard: a corporate member's
// is the corporate one, since /dashboard would ask them to sign in again).
import { useCallback, useEffect, useState } from "react";
import "./admin.css";
import { Navigate } from "react-router";
import { paths } from "@/app/paths";
import { toast } from "@/components/ui/toast-store";
import { ApiError } from "@/lib/api";
import { useCorporateMemberStore } from "@/stores/corporate";
import { fileDate, saveFile } from "@/lib/saveFile";
import {
  adminPageSize,
  exportUsers,
  useAdminOrders,
  useAdminStats,
  useAdminUsers,
  useAuditLog,
  useJobs,
  useOrganizations,
} from "./api/admin";
import type { AdminUser } from "./api/types";
import { ActivityTable } from "./components/ActivityTab";
import { JobsTable } from "./components/JobsTab";
import { CorporateTable, filterOrganizations } from "./components/CorporateTab";
import { CreateUserDialog } from "./components/CreateUserDialog";
import { CustomerDataDialog } from "./components/CustomerDataDialog";
import { toastFailure } from "@/components/ui/toastFailure";
import { OrdersPanel } from "./components/OrdersPanel";
import { SSODomains } from "./components/SSODomains";
import { SearchBox } from "@/components/ui/SearchBox";
import { UsersTable } from "./components/UsersTab";
import { adminCopy as copy } from "./copy";

type Tab = "users" | "orders" | "corporate" | "activity" | "jobs";

/** The CSV's download name (docs/design/admin-corporate.md §7: {product}-users-{date}.csv). */
export function exportFileName(now = new Date()): string {
  return `lifetag-users-${fileDate(now)}.csv`;
}

export function AdminPage() {
  const stats = useAdminStats();
  const status = stats.error instanceof ApiError ? stats.error.status : null;
  const corporateMember = useCorporateMemberStore((state) => state.member);

  useEffect(() => {
    if (status === 403) {
      toast({
        title: copy.accessDenied,
        description: copy.accessDeniedBody,
        variant: "destructive",
      });
    } else if (stats.isError && status !== 401) {
      toastFailure(stats.error, copy.toasts.loadFailed, copy.toasts.usersFallback);
    }
  }, [status, stats.isError, stats.error]);

  if (stats.isLoading) {
    return (
      <div className="admin-loading">
        <div className="spinner" role="status" aria-label={copy.loading} />
      </div>
    );
  }
  if (status === 401) {
    return (
      <div className="auth-page">
        <div className="card empty-state">
          <h1>{copy.accessRequired}</h1>
          <p>{copy.accessRequiredBody}</p>
          <a className="button button-primary" href="/api/login">
            {copy.logIn}
          </a>
        </div>
      </div>
    );
  }
  if (status === 403) {
    const ownDashboard = corporateMember
      ? corporateMember.organizationId !== null
        ? `${paths.corporateDashboard}/${corporateMember.organizationId}`
        : paths.corporateDashboard
      : paths.dashboard;
    return <Navigate to={ownDashboard} replace />;
  }
  if (!stats.data) return null;
  return <Dashboard stats={stats.data} />;
}

function Dashboard(props: { stats: NonNullable<ReturnType<typeof useAdminStats>["data"]> }) {
  const [tab, setTab] = useState<Tab>("users");
  const [userSearch, setUserSearch] = useState("");
  const [userPage, setUserPage] = useState(1);
  const [orderSearch, setOrderSearch] = useState("");
  const [orderPage, setOrderPage] = useState(1);
  const [orgSearch, setOrgSearch] = useState("");
  const [auditPage, setAuditPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);

  const users = useAdminUsers({ search: userSearch, page: userPage }, true);
  const orders = useAdminOrders({ search: orderSearch, page: orderPage }, true);
  const organizations = useOrganizations(true);
  const audit = useAuditLog(auditPage, true);
  const jobs = useJobs(true);

  useLoadFailure(users.isError, users.error, copy.toasts.usersFallback);
  useLoadFailure(orders.isError, orders.error, copy.toasts.ordersFallback);
  useLoadFailure(jobs.isError, jobs.error, copy.jobs.loadFallback);
  useLoadFailure(
    organizations.isError,
    organizations.error,
    copy.toasts.corporateFallback,
    copy.toasts.corporateConnection,
  );

  const searchUsers = useCallback((s: string) => {
    setUserSearch(s);
    setUserPage(1);
  }, []);
  const searchOrders = useCallback((s: string) => {
    setOrderSearch(s);
    setOrderPage(1);
  }, []);
  const viewUser = useCallback((u: AdminUser) => setViewing(u.id), []);
  const closeViewing = useCallback(() => setViewing(null), []);

  const orgs = filterOrganizations(organizations.data ?? [], orgSearch);
  const tabs: { id: Tab; label: string; count: string | number | undefined }[] = [
    {
      id: "users",
      label: copy.tabs.users,
      count: users.data && `${users.data.total}${users.data.totalAtLeast ? "+" : ""}`,
    },
    { id: "orders", label: copy.tabs.orders, count: orders.data?.total },
    {
      id: "corporate",
      label: copy.tabs.corporate,
      count: organizations.data ? orgs.length : undefined,
    },
    { id: "activity", label: copy.tabs.activity, count: audit.data?.total },
    { id: "jobs", label: copy.tabs.jobs, count: jobs.data?.jobs.length },
  ];
  const cards = [
    { label: copy.cards.totalUsers, value: props.stats.totalUsers },
    { label: copy.cards.paidUsers, value: props.stats.paidUsers },
    { label: copy.cards.activeReferrers, value: props.stats.activeReferrers },
    { label: copy.cards.totalReferrals, value: props.stats.totalReferrals },
  ];

  return (
    <div className="admin">
      <div className="page-head page-head-row">
        <h1>{copy.title}</h1>
        <button
          type="button"
          className="button button-secondary"
          onClick={async () => {
            try {
              saveFile(await exportUsers(), exportFileName());
            } catch (error) {
              toastFailure(
                error,
                copy.toasts.exportFailed,
                copy.toasts.exportFallback,
                copy.toasts.exportConnection,
              );
            }
          }}
        >
          {copy.users.export}
        </button>
      </div>
      <ul className="cards-4 admin-cards">
        {cards.map((c) => (
          <li key={c.label} className="card stat">
            <span className="stat-label">{c.label}</span>
            <span className="stat-value">{c.value}</span>
          </li>
        ))}
      </ul>
      <div className="admin-tabs" role="tablist" aria-label={copy.title}>
        {tabs.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`admin-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`admin-panel-${t.id}`}
            className={tab === t.id ? "admin-tab admin-tab-active" : "admin-tab"}
            onClick={() => setTab(t.id)}
          >
            {t.label} <span className="count">({t.count ?? "…"})</span>
          </button>
        ))}
      </div>
      <section
        className="card admin-panel"
        role="tabpanel"
        id={`admin-panel-${tab}`}
        aria-labelledby={`admin-tab-${tab}`}
      >
        {tab === "users" && (
          <>
            <div className="admin-toolbar">
              <SearchBox
                className="admin-search"
                label={copy.search.users}
                onSearch={searchUsers}
              />
              <button
                type="button"
                className="button button-primary"
                onClick={() => setCreating(true)}
              >
                {copy.users.addUser}
              </button>
            </div>
            <UsersTable
              users={users.data?.users ?? []}
              total={users.data?.total ?? 0}
              page={userPage}
              pageSize={adminPageSize}
              onPage={setUserPage}
              onView={viewUser}
            />
          </>
        )}
        {tab === "orders" && (
          <OrdersPanel
            orders={orders.data}
            page={orderPage}
            pageSize={adminPageSize}
            onPage={setOrderPage}
            onSearch={searchOrders}
          />
        )}
        {tab === "corporate" && (
          <>
            <div className="admin-toolbar">
              <SearchBox
                className="admin-search"
                label={copy.search.corporate}
                onSearch={setOrgSearch}
              />
            </div>
            <CorporateTable organizations={orgs} />
            <SSODomains />
          </>
        )}
        {tab === "activity" && (
          <ActivityTable
            entries={audit.data?.entries ?? []}
            total={audit.data?.total ?? 0}
            page={auditPage}
            pageSize={adminPageSize}
            onPage={setAuditPage}
          />
        )}
        {tab === "jobs" && <JobsTable jobs={jobs.data?.jobs ?? []} />}
      </section>
      <CreateUserDialog open={creating} onOpenChange={setCreating} />
      <CustomerDataDialog userId={viewing} orderId={null} onClose={closeViewing} />
    </div>
  );
}

function useLoadFailure(isError: boolean, error: unknown, fallback: string, connection?: string) {
  useEffect(() => {
    if (isError) toastFailure(error, copy.toasts.loadFailed, fallback, connection);
  }, [isError, error, fallback, connection]);
}
