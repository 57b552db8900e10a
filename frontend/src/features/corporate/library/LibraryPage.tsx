import { lazy, Suspense, useCallback, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { paths } from "@/app/paths";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { Pager } from "@/components/ui/Pager";
import { SearchBox } from "@/components/ui/SearchBox";
import { toast } from "@/components/ui/toast-store";
import { useProjects } from "../projects/api";
import { AccessDenied } from "../components/AccessDenied";
import { corporateCopy } from "../copy";
import { useOrganizationId } from "../hooks";
import {
  downloadLabel,
  LIBRARY_PAGE_SIZE,
  useDeleteCode,
  useDuplicateCode,
  useLibraryPage,
  useUpdateCode,
  type LibraryCode,
  type ProjectFilter,
  type ReviewFilter,
  type StatusFilter,
} from "./api";
import type { CodeDialogMode } from "./CodeDialog";
import { libraryCopy as copy } from "./copy";
import { parseProjectFilter, parseReviewFilter, quotaUsage, reviewAge } from "./filter";
import { SendUpdateLinkButton } from "../collect/SendUpdateLinkButton";
import { toastFailure } from "@/components/ui/toastFailure";
import { siteLocale } from "@/lib/copy";

// The dialogs (the form renderer, the CSV import) load when first opened:
// the list's first paint does not wait for them.
const CodeDialog = lazy(async () => ({ default: (await import("./CodeDialog")).CodeDialog }));
const ImportDialog = lazy(async () => ({ default: (await import("./ImportDialog")).ImportDialog }));
const AttachExternalIdsDialog = lazy(async () => ({
  default: (await import("./AttachExternalIdsDialog")).AttachExternalIdsDialog,
}));

const dateFormat = new Intl.DateTimeFormat(siteLocale, { dateStyle: "medium" });

/**
 * /corporate/qr-codes (docs/design/admin-corporate.md §2, built for real): the organisation's codes,
 * searched, filtered and paged by the server (a page at a time, however
 * large the library), with the quota, and every change a library needs.
 * ?project= filters by project; ?new=1&template= opens Create QR Code with
 * that template (the form builder's Use Template).
 */
export function LibraryPage() {
  const orgId = useOrganizationId();
  if (orgId === undefined) return <p className="loading">{corporateCopy.dashboard.loading}</p>;
  if (orgId === null) return <AccessDenied />;
  return <LibraryView orgId={orgId} />;
}

function LibraryView({ orgId }: { orgId: number }) {
  const [params, setParams] = useSearchParams();
  const projects = useProjects(orgId);
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<StatusFilter>("all");
  const [review, setReview] = useState<ReviewFilter>(() => parseReviewFilter(params.get("review")));
  const [page, setPage] = useState(1);
  const project = parseProjectFilter(params.get("project"));
  const library = useLibraryPage(orgId, { search, project, status, review, page });
  const templateParam = params.get("template");
  const [dialog, setDialog] = useState<CodeDialogMode | null>(() =>
    params.get("new") === "1"
      ? {
          kind: "create",
          templateId: templateParam && /^\d+$/.test(templateParam) ? Number(templateParam) : null,
        }
      : null,
  );
  const [importing, setImporting] = useState(false);
  const [attaching, setAttaching] = useState(false);

  // The server is asked once typing pauses; a new search starts on page 1.
  const onSearch = useCallback((text: string) => {
    setSearch(text);
    setPage(1);
  }, []);
  // A page past the end (the last code of the last page deleted): the last
  // page, set while rendering (React renders again before painting).
  const data = library.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / LIBRARY_PAGE_SIZE)) : 1;
  if (data && !library.isPlaceholderData && page > pages) setPage(pages);

  const setProject = (value: ProjectFilter) => {
    setPage(1);
    setParams(
      (p) => {
        if (value === "all") p.delete("project");
        else p.set("project", String(value));
        return p;
      },
      { replace: true },
    );
  };
  const closeDialog = () => {
    setDialog(null);
    // Use Template's request is answered once; a reload does not reopen it.
    if (params.has("new")) {
      setParams(
        (p) => {
          p.delete("new");
          p.delete("template");
          return p;
        },
        { replace: true },
      );
    }
  };

  // The page's frame is drawn at once; the list and quota as they arrive.
  const failed = library.isError && !data;
  const usage = data ? quotaUsage(data.quota.used, data.quota.max) : null;
  const shown = data?.qrCodes ?? [];

  return (
    <div className="section corporate-page">
      <div className="page-head page-head-row">
        <div>
          <h1>{copy.title}</h1>
          <p className="hint">{copy.intro}</p>
        </div>
        <div className="pills">
          <button
            type="button"
            className="button button-primary"
            onClick={() => setDialog({ kind: "create", templateId: null })}
          >
            {copy.create}
          </button>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setImporting(true)}
          >
            {copy.import}
          </button>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setAttaching(true)}
          >
            {copy.attachButton}
          </button>
          <Link className="button button-ghost" to={`${paths.corporateDashboard}/${orgId}`}>
            {copy.back}
          </Link>
        </div>
      </div>

      {/* Drawn at once, filled when the quota arrives, so nothing below moves. */}
      <section className="card" aria-busy={!usage}>
        <p className={usage?.full ? "stat-full" : undefined}>
          {data ? copy.quota(data.quota.used, data.quota.max) : copy.quotaLoading}
        </p>
        {data && usage ? (
          <div
            className="usage-bar"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={data.quota.max}
            aria-valuenow={data.quota.used}
            aria-label={copy.quota(data.quota.used, data.quota.max)}
          >
            <span
              style={{ width: `${usage.percent}%` }}
              className={usage.full ? "usage-full" : ""}
            />
          </div>
        ) : (
          <div className="usage-bar" aria-hidden="true" />
        )}
      </section>

      <section className="card library-filters" aria-label={copy.filters}>
        <SearchBox label={copy.search} showLabel onSearch={onSearch} />
        <label>
          <span>{copy.projectFilter}</span>
          <select
            value={String(project)}
            onChange={(e) => setProject(parseProjectFilter(e.target.value))}
          >
            <option value="all">{copy.allProjects}</option>
            <option value="organization">{copy.organization}</option>
            {(projects.data ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{copy.statusFilter}</span>
          <select
            value={status}
            onChange={(e) => {
              setPage(1);
              setStatus(e.target.value as StatusFilter);
            }}
          >
            <option value="all">{copy.allStatuses}</option>
            <option value="active">{copy.active}</option>
            <option value="inactive">{copy.inactive}</option>
          </select>
        </label>
        <label>
          <span>{copy.reviewFilter}</span>
          <select
            value={review}
            onChange={(e) => {
              setPage(1);
              setReview(parseReviewFilter(e.target.value));
            }}
          >
            <option value="all">{copy.allReviews}</option>
            <option value="due">{copy.reviewDue}</option>
            <option value="overdue">{copy.reviewOverdue}</option>
          </select>
        </label>
      </section>

      <p className="hint" role="status">
        {data && data.quota.used > 0 ? copy.matching(data.total) : ""}
      </p>
      {failed ? (
        <p className="error" role="alert">
          {copy.loadFailed}
        </p>
      ) : !data ? (
        <p className="loading">{corporateCopy.dashboard.loading}</p>
      ) : data.quota.used === 0 ? (
        <p className="card hint">{copy.none}</p>
      ) : shown.length === 0 ? (
        <p className="card hint">{copy.noMatch}</p>
      ) : (
        <div className="table-scroll card" aria-busy={library.isPlaceholderData}>
          <table className="library-table stack-table">
            <thead>
              <tr>
                <th scope="col">{copy.columns.name}</th>
                <th scope="col">{copy.columns.project}</th>
                <th scope="col">{copy.columns.template}</th>
                <th scope="col">{copy.columns.label}</th>
                <th scope="col">{copy.columns.status}</th>
                <th scope="col">{copy.columns.created}</th>
                <th scope="col">{copy.columns.actions}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((code) => (
                <CodeRow
                  key={code.id}
                  orgId={orgId}
                  code={code}
                  onEdit={() => setDialog({ kind: "edit", id: code.id })}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager
        label={copy.pages}
        total={data?.total ?? 0}
        page={page}
        pageSize={LIBRARY_PAGE_SIZE}
        onPage={setPage}
      />
      <Suspense fallback={null}>
        {dialog && (
          <CodeDialog
            orgId={orgId}
            mode={dialog}
            onClose={closeDialog}
            codeId={(id, name) => <CodeId id={id} name={name} />}
          />
        )}
        {importing && <ImportDialog orgId={orgId} onClose={() => setImporting(false)} />}
        {attaching && <AttachExternalIdsDialog orgId={orgId} onClose={() => setAttaching(false)} />}
      </Suspense>
    </div>
  );
}

function CodeRow(props: { orgId: number; code: LibraryCode; onEdit: () => void }) {
  const { code } = props;
  const duplicate = useDuplicateCode(props.orgId);
  const update = useUpdateCode(props.orgId);
  const remove = useDeleteCode(props.orgId);
  const [confirming, setConfirming] = useState(false);
  const failed = (title: string) => (error: unknown) => toastFailure(error, title);
  const busy = duplicate.isPending || update.isPending || remove.isPending;
  const named = (label: string) => `${label}: ${code.name}`;
  const source = copy.sources[code.source];

  return (
    <tr className={code.isActive ? undefined : "library-row-inactive"}>
      <td>
        <strong>{code.name}</strong>
        {code.externalId && <span className="hint"> · {code.externalId}</span>}
        {source && <span className="hint"> · {source}</span>}
        {code.possibleDuplicateOf != null && (
          <span
            className="badge badge-yellow library-duplicate"
            title={copy.possibleDuplicateHint(code.possibleDuplicateOf)}
          >
            {copy.possibleDuplicate}
          </span>
        )}
        {code.missingFields > 0 && (
          <p className="hint library-missing">{copy.missing(code.missingFields)}</p>
        )}
        <p className="hint library-reviewed">
          {copy.reviewed(reviewAge(code.reviewedAt, new Date()))}
          {code.review === "due" && <span className="badge badge-yellow">{copy.reviewDue}</span>}
          {code.review === "overdue" && (
            <span className="badge badge-red">{copy.reviewOverdue}</span>
          )}
        </p>
        <p className="hint library-code-id">
          <CodeId id={code.id} name={code.name} />
        </p>
      </td>
      <td data-label={copy.columns.project}>{code.projectName || copy.organization}</td>
      <td data-label={copy.columns.template}>{code.templateName}</td>
      <td data-label={copy.columns.label}>{copy.labelTypes[code.labelType] ?? code.labelType}</td>
      <td data-label={copy.columns.status}>
        <span className={`badge ${code.isActive ? "badge-green" : "badge-yellow"}`}>
          {code.isActive ? copy.active : copy.inactive}
        </span>
      </td>
      <td data-label={copy.columns.created}>{dateFormat.format(Date.parse(code.createdAt))}</td>
      <td>
        <div className="pills">
          <button
            type="button"
            className="button button-small button-secondary"
            aria-label={named(copy.edit)}
            onClick={props.onEdit}
          >
            {copy.edit}
          </button>
          <button
            type="button"
            className="button button-small button-secondary"
            aria-label={named(copy.duplicate)}
            disabled={busy}
            onClick={() =>
              duplicate.mutate(code.id, {
                onSuccess: (a) =>
                  toast({ title: copy.duplicated, description: a.qrCode.name, variant: "success" }),
                onError: failed(copy.failed),
              })
            }
          >
            {copy.duplicate}
          </button>
          <button
            type="button"
            className="button button-small button-secondary"
            aria-label={named(code.isActive ? copy.deactivate : copy.activate)}
            disabled={busy}
            onClick={() =>
              update.mutate(
                { id: code.id, change: { isActive: !code.isActive } },
                {
                  onSuccess: () =>
                    toast({
                      title: code.isActive ? copy.deactivated : copy.activated,
                      variant: "success",
                    }),
                  onError: failed(copy.failed),
                },
              )
            }
          >
            {code.isActive ? copy.deactivate : copy.activate}
          </button>
          <SendUpdateLinkButton orgId={props.orgId} codeId={code.id} codeName={code.name} />
          {(["pdf", "png"] as const).map((format) => (
            <button
              key={format}
              type="button"
              className="button button-small button-secondary"
              aria-label={named(copy[format])}
              onClick={() =>
                downloadLabel(props.orgId, code, format).catch(failed(copy.downloadFailed))
              }
            >
              {copy[format]}
            </button>
          ))}
          <button
            type="button"
            className="button button-small button-danger-outline"
            aria-label={named(copy.delete)}
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            {copy.delete}
          </button>
        </div>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={copy.deleteTitle}
          description={copy.deleteConfirm(code.name)}
          confirmLabel={copy.delete}
          cancelLabel={copy.cancel}
          onConfirm={() =>
            remove.mutate(code.id, {
              onSuccess: () =>
                toast({ title: copy.deleted, description: code.name, variant: "success" }),
              onError: failed(copy.failed),
            })
          }
        />
      </td>
    </tr>
  );
}

/**
 * A code's id as the library shows it, with a button that copies it: the
 * id names the code where names repeat (the numbers file's QR code ID
 * column, a message to support), so an officer must be able to read and
 * copy it without opening anything.
 */
function CodeId(props: { id: number; name: string }) {
  const [copied, setCopied] = useState<"no" | "yes" | "failed">("no");
  return (
    <span className="code-id">
      <span>{copy.codeId.label(props.id)}</span>{" "}
      <button
        type="button"
        className="button button-small button-ghost"
        aria-label={copy.codeId.copyFor(props.id, props.name)}
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(String(props.id));
            setCopied("yes");
          } catch (error) {
            console.error("Copy failed", error);
            setCopied("failed");
          }
        }}
      >
        {copied === "yes" ? copy.codeId.copied : copy.codeId.copy}
      </button>
      {copied === "failed" && (
        <span role="alert" className="hint">
          {" "}
          {copy.codeId.failed}
        </span>
      )}
    </span>
  );
}
