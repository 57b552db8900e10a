import { lazy, Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { Link } from "react-router";
import { paths } from "@/app/paths";
import { BusyButton } from "@/components/ui/BusyButton";
import { virtualRowProps } from "@/components/ui/virtualRow";
import { toast } from "@/components/ui/toast-store";
import { serverMessage } from "@/lib/api";
import { platform, type BatchProgress } from "@/lib/platform";
import { printPdf } from "@/lib/print";
import { useOwnOrganization, type Organization } from "../api/organization";
import { corporateCopy } from "../copy";
import {
  defaultLayout,
  fetchBatchPdf,
  useBatchFit,
  useBatchLayouts,
  useCatalogueSearch,
  useSheetFit,
  type LabelLayout,
  type LibraryCode,
} from "./api";
import { useAfterFirstPaint } from "@/hooks/useAfterFirstPaint";
import { useDeleteCode, useLibrary } from "../library/api";
import { useProjects } from "../projects/api";
import { batchCopy as copy } from "./copy";
import { LayoutChooser } from "./LayoutChooser";
import { LookAlikeDialog, lookAlikePairs, type LookAlikePair } from "./LookAlikeDialog";

// The picker (its dialog and list) loads when first opened: the page's
// first paint does not wait for it.
const LibraryPicker = lazy(async () => ({
  default: (await import("./LibraryPicker")).LibraryPicker,
}));
import { overdueQueued, sheetsNeeded } from "./picker";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { useQueueStore, type QueueItem } from "./queueStore";

/** /label-batch-print (docs/design/admin-corporate.md §2): corporate members print many codes on one sheet. */
export function BatchPrintPage() {
  const own = useOwnOrganization(true);
  if (own.isPending) return <p className="loading">{corporateCopy.dashboard.loading}</p>;
  if (!own.data) return <CorporateOnly />;
  return <BatchPrint organization={own.data} />;
}

/** Visitors without a corporate session (docs/design/admin-corporate.md §2, §6: an upsell). */
function CorporateOnly() {
  return (
    <section className="not-found" aria-labelledby="batch-upsell-title">
      <h1 id="batch-upsell-title">{copy.upsell.title}</h1>
      <p>{copy.upsell.description}</p>
      <p className="hero-actions">
        <Link className="button button-primary" to={paths.corporateTrial}>
          {copy.upsell.register}
        </Link>
        <Link className="button button-secondary" to={paths.home}>
          {copy.upsell.home}
        </Link>
        <Link className="button button-ghost" to={paths.corporateLogin}>
          {copy.upsell.signIn}
        </Link>
      </p>
    </section>
  );
}

type Busy = "preview" | "print" | null;

function BatchPrint({ organization }: { organization: Organization }) {
  const orgId = organization.id;
  const queue = useQueueStore();
  const { add, duplicate, remove, clear, adopt } = queue;
  useEffect(() => adopt(orgId), [adopt, orgId]);
  // Until adopted, another organisation's queue is not shown.
  const items = useMemo(
    () => (queue.orgId === orgId ? queue.items : []),
    [queue.orgId, queue.items, orgId],
  );
  const projects = useProjects(orgId);
  const layouts = useBatchLayouts();
  const [pickerOpen, setPickerOpen] = useState(false);
  // Every code of the library (some 600 kB at 2,000 codes) is asked for once
  // the page has painted, or at once when the picker opens: the queue's
  // warnings fill in a moment after the page appears.
  const painted = useAfterFirstPaint();
  const library = useLibrary(orgId, { enabled: painted || pickerOpen });
  const [chosenLayout, setChosenLayout] = useState<LabelLayout | null>(null);
  const [start, setStart] = useState(1);
  const [busy, setBusy] = useState<Busy>(null);
  // A batch the station prints itself (platform().printBatch), while it prints.
  const [progress, setProgress] = useState<BatchProgress | null>(null);
  const cancelledRef = useRef(false);
  const queuedIds = useMemo(() => items.map((i) => i.codeId), [items]);
  const fit = useBatchFit(orgId, queuedIds);
  // Until chosen, the first layout on the organisation's paper that holds
  // every queued code.
  const layout = chosenLayout ?? defaultLayout(layouts.data, organization.paperSize, fit.data);
  // The catalogue's sheets are weighed as the named layouts are: those a
  // search found, and the one chosen from an earlier search.
  const [catalogueQuery, setCatalogueQuery] = useState("");
  const found = useCatalogueSearch(catalogueQuery);
  const sheets = useMemo(() => {
    const named = new Set((layouts.data ?? []).map((l) => l.id));
    const ids = (found.data ?? []).map((l) => l.id);
    if (layout && layouts.data && !named.has(layout.id)) ids.push(layout.id);
    return ids;
  }, [found.data, layouts.data, layout]);
  const sheetFit = useSheetFit(orgId, queuedIds, sheets);
  const fits = useMemo(
    () =>
      fit.data || sheetFit.data
        ? new Map([...(fit.data ?? []), ...(sheetFit.data ?? [])])
        : undefined,
    [fit.data, sheetFit.data],
  );
  const startAt = layout ? Math.min(start, layout.perSheet) : 1;
  const queuedNames = useMemo(() => new Set(items.map((i) => i.name)), [items]);
  // A code's name as first queued (a duplicate's adds " (Copy)").
  const nameOf = useMemo(() => {
    const names = new Map<number, string>();
    for (const i of items) if (!names.has(i.codeId)) names.set(i.codeId, i.name);
    return (codeId: number) => names.get(codeId) ?? String(codeId);
  }, [items]);
  const byId = useMemo(
    () => new Map((library.data?.qrCodes ?? []).map((c) => [c.id, c])),
    [library.data],
  );

  const onAdd = (codes: LibraryCode[]) => {
    add(codes);
    setPickerOpen(false);
    toast({
      title: copy.toasts.added,
      description: copy.toasts.addedDetail(codes.length),
      variant: "success",
    });
  };

  // Two queued codes that look like one worker are asked about before
  // printing: one worker, one label.
  const [asking, setAsking] = useState<LookAlikePair[] | null>(null);
  // Codes overdue for review are asked about first: their details may be old.
  const [overdue, setOverdue] = useState<{ id: number; name: string }[] | null>(null);
  const deleteCode = useDeleteCode(orgId);
  const libraryCodes = async () =>
    // The library's marks are read a moment after the page: a print
    // asked for before then waits for them.
    library.data?.qrCodes ?? (await library.refetch()).data?.qrCodes ?? [];
  const printChecked = async () => {
    const codes = await libraryCodes();
    const stale = overdueQueued(items, new Map(codes.map((c) => [c.id, c])));
    if (stale.length > 0) setOverdue(stale);
    else await printUnlessLookAlike();
  };
  const printUnlessLookAlike = async () => {
    const codes = await libraryCodes();
    const pairs = lookAlikePairs(items, new Map(codes.map((c) => [c.id, c])));
    if (pairs.length > 0) setAsking(pairs);
    else void make(false);
  };
  const printWithout = async (leftOut: { id: number; name: string }[], deleteThem: boolean) => {
    setAsking(null);
    const drop = new Set(leftOut.map((c) => c.id));
    for (const item of items) if (drop.has(item.codeId)) remove(item.id);
    if (deleteThem) {
      try {
        for (const c of leftOut) await deleteCode.mutateAsync(c.id);
        toast({ title: copy.lookAlike.deleted(leftOut.length), variant: "success" });
      } catch (error) {
        toast({
          title: copy.toasts.failed,
          description: serverMessage(error) ?? copy.toasts.failedDetail,
          variant: "destructive",
        });
        return;
      }
    }
    await make(false, drop);
  };

  const onClear = () => {
    clear();
    toast({ title: copy.toasts.cleared, description: copy.toasts.clearedDetail });
  };

  // Both buttons make the same PDF; only a print is recorded (preview: false).
  // drop: codes just taken out of the queue, which this render's items still hold.
  const make = async (preview: boolean, drop: ReadonlySet<number> = new Set()) => {
    const codeIds = items.map((i) => i.codeId).filter((id) => !drop.has(id));
    if (codeIds.length === 0) {
      toast({
        title: copy.toasts.empty,
        description: copy.toasts.emptyDetail,
        variant: "destructive",
      });
      return;
    }
    if (!layout || busy) return;
    // The window is opened inside the click, before the PDF is fetched:
    // pop-up blockers allow only windows opened by the click itself.
    const win = preview ? window.open("", "_blank") : null;
    setBusy(preview ? "preview" : "print");
    cancelledRef.current = false;
    // The station's own refusals (a paused organisation, from its cache) are
    // its Go errors' words, meant for the person, not a server answer.
    let stationMessage: string | null = null;
    try {
      const station = platform();
      if (!preview && station.printBatch) {
        setProgress({ done: 0, total: 0 });
        const job = { codeIds, layout: layout.id, start: startAt };
        const outcome = await station.printBatch(job, setProgress).catch((error: unknown) => {
          if (error instanceof Error) stationMessage = error.message;
          throw error;
        });
        if (outcome === "printer") {
          toast({
            title: copy.toasts.printed,
            description: copy.toasts.printedDetail(codeIds.length),
            variant: "success",
          });
          return;
        }
        setProgress(null);
      }
      const pdf = await fetchBatchPdf(orgId, {
        codeIds,
        layoutId: layout.id,
        startPosition: startAt,
        preview,
      });
      if (preview) {
        const url = URL.createObjectURL(pdf);
        if (win) win.location.href = url;
        else window.open(url, "_blank");
      } else {
        await printPdf(pdf);
      }
    } catch (error) {
      win?.close();
      toast(
        cancelledRef.current
          ? { title: copy.toasts.cancelled, description: copy.toasts.cancelledDetail }
          : {
              title: copy.toasts.failed,
              description: serverMessage(error) ?? stationMessage ?? copy.toasts.failedDetail,
              variant: "destructive",
            },
      );
    } finally {
      setBusy(null);
      setProgress(null);
    }
  };

  return (
    <div className="section corporate-page batch-print">
      <div className="page-head page-head-row">
        <div>
          <h1>{copy.title}</h1>
          <p className="hint">{copy.intro}</p>
        </div>
        <Link className="button button-ghost" to={`${paths.corporateDashboard}/${orgId}`}>
          {copy.back}
        </Link>
      </div>

      {organization.paused !== "" && (
        // The cloud's reason (the station's from its last sync): nothing
        // prints until it is lifted (docs/security.md).
        <section className="card paused-card" role="alert" aria-labelledby="batch-paused-title">
          <h2 id="batch-paused-title">{corporateCopy.dashboard.pausedTitle}</h2>
          <p>{organization.paused}</p>
        </section>
      )}

      <section className="card" aria-labelledby="batch-queue-title">
        <div className="page-head-row">
          <h2 id="batch-queue-title">{copy.queue.title}</h2>
          <div className="pills">
            <button
              type="button"
              className="button button-small button-primary"
              onClick={() => setPickerOpen(true)}
            >
              {copy.queue.addFromLibrary}
            </button>
            <button
              type="button"
              className="button button-small button-secondary"
              onClick={onClear}
              disabled={items.length === 0}
            >
              {copy.queue.clearAll}
            </button>
          </div>
        </div>
        <p className="hint" aria-live="polite">
          {items.length === 0 ? copy.queue.empty : copy.queue.count(items.length)}
        </p>
        {items.length > 0 && (
          <QueueList
            items={items}
            byId={byId}
            libraryLoaded={library.isSuccess}
            onDuplicate={duplicate}
            onRemove={remove}
          />
        )}
        <p className="hint">{copy.samplesNote}</p>
      </section>

      <LayoutChooser
        organizationPaper={organization.paperSize}
        layout={layout}
        onLayout={setChosenLayout}
        start={startAt}
        onStart={setStart}
        fit={fits}
        nameOf={nameOf}
        query={catalogueQuery}
        onQuery={setCatalogueQuery}
      />

      <section className="card print-actions" aria-label={copy.print}>
        {layout && (
          <p className="batch-sheets">
            {copy.layout.sheets(sheetsNeeded(items.length, startAt, layout.perSheet))}
          </p>
        )}
        <BusyButton
          type="button"
          className="button button-secondary"
          busy={busy === "preview"}
          busyLabel={copy.previewing}
          onClick={() => void make(true)}
        >
          {copy.preview}
        </BusyButton>
        <BusyButton
          type="button"
          className="button button-primary"
          busy={busy === "print"}
          busyLabel={copy.printing}
          onClick={() => void printChecked()}
        >
          {copy.print}
        </BusyButton>
        {progress && (
          <>
            <p className="hint" role="status">
              {copy.progress(progress.done, progress.total)}
            </p>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                cancelledRef.current = true;
                void platform().cancelBatch?.();
              }}
            >
              {copy.cancel}
            </button>
          </>
        )}
      </section>

      <Suspense fallback={null}>
        {pickerOpen && (
          <LibraryPicker
            open
            onOpenChange={setPickerOpen}
            codes={library.data?.qrCodes}
            projects={projects.data ?? []}
            loadFailed={library.isError}
            queuedNames={queuedNames}
            onAdd={onAdd}
          />
        )}
      </Suspense>
      <ConfirmDialog
        open={overdue !== null}
        onOpenChange={(open) => !open && setOverdue(null)}
        title={copy.overdue.title(overdue?.length ?? 0)}
        description={copy.overdue.description((overdue ?? []).map((c) => c.name).join(", "))}
        confirmLabel={copy.overdue.print}
        cancelLabel={copy.overdue.cancel}
        onConfirm={() => {
          setOverdue(null);
          void printUnlessLookAlike();
        }}
      />
      {asking && (
        <LookAlikeDialog
          pairs={asking}
          onCancel={() => setAsking(null)}
          onPrint={(leftOut, deleteThem) => void printWithout(leftOut, deleteThem)}
        />
      )}
    </div>
  );
}

/** Rows drawn beyond the visible ones, above and below, so Tab and scrolling find them ready. */
const QUEUE_OVERSCAN = 10;

/**
 * The queue, in the page's own scroll: only the rows near the screen are
 * drawn (a queue of 2,000 would otherwise be some 10,000 elements drawn at
 * once), each measured as drawn, since warnings make some taller.
 */
function QueueList(props: {
  items: QueueItem[];
  byId: ReadonlyMap<number, LibraryCode>;
  libraryLoaded: boolean;
  onDuplicate: (id: string) => void;
  onRemove: (id: string) => void;
}) {
  const listRef = useRef<HTMLOListElement>(null);
  // Where the list starts in the page; the rows above it do not move it.
  const [listTop, setListTop] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      const list = listRef.current;
      if (list) setListTop(list.getBoundingClientRect().top + window.scrollY);
    };
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, []);
  const rows = useWindowVirtualizer({
    count: props.items.length,
    estimateSize: () => 72,
    overscan: QUEUE_OVERSCAN,
    scrollMargin: listTop,
    getItemKey: (index) => props.items[index]!.id,
  });
  return (
    <ol ref={listRef} className="batch-queue" style={{ height: rows.getTotalSize() }}>
      {rows.getVirtualItems().map((row) => {
        const item = props.items[row.index]!;
        return (
          <li
            key={row.key}
            ref={rows.measureElement}
            {...virtualRowProps(row, props.items.length, listTop)}
          >
            <QueueRow
              item={item}
              code={props.byId.get(item.codeId)}
              libraryLoaded={props.libraryLoaded}
              onDuplicate={() => props.onDuplicate(item.id)}
              onRemove={() => props.onRemove(item.id)}
            />
          </li>
        );
      })}
    </ol>
  );
}

/** One queued code: what it is, its warnings, and its buttons (QueueList draws its row). */
function QueueRow(props: {
  item: QueueItem;
  code: LibraryCode | undefined;
  libraryLoaded: boolean;
  onDuplicate: () => void;
  onRemove: () => void;
}) {
  const { item, code } = props;
  const warnings: string[] = [];
  if (props.libraryLoaded && !code) warnings.push(copy.queue.gone);
  if (code && !code.isActive) warnings.push(copy.queue.inactive);
  if (code && code.missingFields > 0) warnings.push(copy.queue.missing(code.missingFields));
  return (
    <>
      <div>
        <strong>{item.name}</strong>
        <p className="hint">
          {item.projectName || copy.queue.noProject} · {item.labelType}
        </p>
        {warnings.map((w) => (
          <p key={w} className="hint hint-warn">
            {w}
          </p>
        ))}
      </div>
      <div className="pills">
        <button
          type="button"
          className="button button-small button-secondary"
          onClick={props.onDuplicate}
          aria-label={`${copy.queue.duplicate} ${item.name}`}
        >
          {copy.queue.duplicate}
        </button>
        <button
          type="button"
          className="button button-small button-danger-outline"
          onClick={props.onRemove}
          aria-label={`${copy.queue.remove} ${item.name}`}
        >
          {copy.queue.remove}
        </button>
      </div>
    </>
  );
}
