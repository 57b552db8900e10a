import * as Dialog from "@radix-ui/react-dialog";
import { DialogContent } from "@/components/ui/DialogContent";
import { useRef, useState, type RefObject } from "react";
import { useDiscardQuestion } from "@/hooks/useDiscardGuard";
import { toast } from "@/components/ui/toast-store";
import { useBatchLayouts } from "@/features/corporate/batch-print/api";
import {
  useCalibrationSheet,
  useCopySupportLog,
  usePrinterSettings,
  useSetCalibration,
  useSetCopies,
  useSetDialog,
  useSetPaper,
  useSetPrinter,
  useStationInfo,
  type PrinterSettings,
} from "./api";
import { stationCopy } from "./copy";

const copy = stationCopy.settings;

const failed = (error: Error) =>
  toast({ title: stationCopy.failed, description: error.message, variant: "destructive" });

/** The toasts every settings change shows. */
const saved = (title: string) => ({
  onSuccess: () => toast({ title, variant: "success" as const }),
  onError: failed,
});

/**
 * Whether the dialog holds a typed value not yet kept: the copies (kept when
 * the field is left, which closing the dialog does not do) or the printer's
 * offset (kept by Save offset). Read from the fields at the moment of leaving.
 */
function typedNotSaved(
  settings: PrinterSettings | undefined,
  copies: HTMLInputElement | null,
  calibration: HTMLFormElement | null,
): boolean {
  if (!settings) return false;
  if (copies && Number(copies.value) !== settings.copies) return true;
  // A locked offset's fields are disabled: nothing can be typed there.
  if (!calibration || settings.calibrationLocked) return false;
  const form = new FormData(calibration);
  return (
    Number(form.get("offsetX")) !== settings.calibration.offsetX ||
    Number(form.get("offsetY")) !== settings.calibration.offsetY
  );
}

/**
 * Why IT's policy disables a control (the station's own words for a locked
 * setting), tied to it by aria-describedby; nothing when it is not locked.
 */
function LockNote(props: { id: string; why?: string }) {
  return props.why ? (
    <p className="hint" id={props.id}>
      {props.why}
    </p>
  ) : null;
}

/** The ids of a control's lock note, for aria-describedby. */
const noteFor = (id: string, why?: string) => (why ? id : undefined);

/** Where labels go (a printer at 100 %, the OS dialog, or Save PDF), the paper, copies, calibration, the cloud and the version. */
export function SettingsDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  cloudUrl: string;
}) {
  // Mounted afresh each time it opens, so it starts from the kept settings.
  return props.open ? (
    <OpenSettings onClose={() => props.onOpenChange(false)} cloudUrl={props.cloudUrl} />
  ) : null;
}

function OpenSettings(props: { onClose: () => void; cloudUrl: string }) {
  const printers = usePrinterSettings(true);
  const setPrinter = useSetPrinter();
  const setPaper = useSetPaper();
  const setCopies = useSetCopies();
  const setDialog = useSetDialog();
  const info = useStationInfo();
  const settings = printers.data;
  const names = settings?.printers ?? [];
  // The settings IT's policy locks, each with why its control is disabled.
  const why = settings?.lockedWhy ?? {};
  // Escape, a click outside and Close ask before a typed value is dropped
  // (the station window has no routes: the question alone, no blocker).
  const copiesRef = useRef<HTMLInputElement>(null);
  const calibrationRef = useRef<HTMLFormElement>(null);
  const question = useDiscardQuestion(() =>
    typedNotSaved(settings, copiesRef.current, calibrationRef.current),
  );
  return (
    <Dialog.Root open onOpenChange={(open) => !open && question.leave(props.onClose)}>
      {question.dialog}
      <DialogContent className="dialog dialog-small">
        <Dialog.Title>{copy.title}</Dialog.Title>
        <Dialog.Description className="hint">
          {info.data ? copy.version(info.data.version, info.data.os) : ""}
        </Dialog.Description>
        <div className="field">
          <label htmlFor="station-printer">{copy.printer}</label>
          <select
            id="station-printer"
            value={settings?.printer ?? ""}
            disabled={!settings || setPrinter.isPending || !!why.printer}
            aria-describedby={noteFor("station-printer-lock", why.printer)}
            onChange={(e) => setPrinter.mutate(e.target.value, saved(copy.saved))}
          >
            <option value="">{copy.savePdf}</option>
            {names.map((p) => (
              <option key={p.name} value={p.name}>
                {p.name}
              </option>
            ))}
          </select>
          {settings && names.length === 0 && <p className="hint">{copy.noPrinters}</p>}
          <LockNote id="station-printer-lock" why={why.printer} />
        </div>
        {settings && (
          <>
            <div className="field">
              <label htmlFor="station-paper">{copy.paper}</label>
              <select
                id="station-paper"
                value={settings.paper}
                disabled={setPaper.isPending || !!why.paper}
                aria-describedby={noteFor("station-paper-lock", why.paper)}
                onChange={(e) => setPaper.mutate(e.target.value, saved(copy.saved))}
              >
                {settings.papers.map((p) => (
                  <option key={p} value={p}>
                    {p}
                  </option>
                ))}
              </select>
              <LockNote id="station-paper-lock" why={why.paper} />
            </div>
            <div className="field">
              <label htmlFor="station-copies">{copy.copies}</label>
              <input
                dir="auto"
                ref={copiesRef}
                id="station-copies"
                type="number"
                min={1}
                defaultValue={settings.copies}
                key={settings.copies}
                disabled={!!why.copies}
                aria-describedby={noteFor("station-copies-lock", why.copies)}
                onBlur={(e) => {
                  const n = Number(e.target.value);
                  if (n !== settings.copies) setCopies.mutate(n, saved(copy.saved));
                }}
              />
              <LockNote id="station-copies-lock" why={why.copies} />
            </div>
            {settings.canDialog && (
              <>
                <label className="checkbox">
                  <input
                    type="checkbox"
                    checked={settings.dialog}
                    disabled={setDialog.isPending || !!why.dialog}
                    aria-describedby={noteFor("station-dialog-lock", why.dialog)}
                    onChange={(e) => setDialog.mutate(e.target.checked, saved(copy.saved))}
                  />{" "}
                  {copy.dialog}
                </label>
                <LockNote id="station-dialog-lock" why={why.dialog} />
              </>
            )}
            <Calibration
              settings={settings}
              formRef={calibrationRef}
              lockedWhy={why.calibrations}
            />
          </>
        )}
        <p>
          {copy.cloud}: <code>{props.cloudUrl}</code>
        </p>
        <SupportLog path={info.data?.logPath} />
        <div className="form-actions">
          <Dialog.Close className="button button-secondary">{copy.close}</Dialog.Close>
        </div>
      </DialogContent>
    </Dialog.Root>
  );
}

/** The station's log, copied for support, and where it is kept. */
function SupportLog(props: { path?: string }) {
  const copyLog = useCopySupportLog();
  return (
    <section aria-labelledby="station-support">
      <h3 id="station-support">{copy.supportTitle}</h3>
      {props.path && <p className="hint">{copy.supportHint(props.path)}</p>}
      <button
        type="button"
        className="button button-secondary"
        disabled={copyLog.isPending}
        onClick={() =>
          copyLog.mutate(undefined, {
            onSuccess: () => toast({ title: copy.logCopied, variant: "success" }),
            onError: failed,
          })
        }
      >
        {copy.copyLog}
      </button>
    </section>
  );
}

/**
 * The chosen printer's offset, set from a printed calibration sheet; read
 * only when IT's policy locks it (lockedWhy), though the sheet still prints
 * to check the printer against it.
 */
function Calibration({
  settings,
  formRef,
  lockedWhy,
}: {
  settings: PrinterSettings;
  formRef: RefObject<HTMLFormElement | null>;
  lockedWhy?: string;
}) {
  const layouts = useBatchLayouts();
  const setCalibration = useSetCalibration();
  const sheet = useCalibrationSheet();
  const [layout, setLayout] = useState("");
  const chosen = layout || layouts.data?.[0]?.id || "";
  if (!settings.printer) {
    return <p className="hint">{copy.calibrateNeedsPrinter}</p>;
  }
  return (
    <form
      ref={formRef}
      key={settings.printer}
      aria-label={copy.calibrationTitle}
      onSubmit={(e) => {
        e.preventDefault();
        const form = new FormData(e.currentTarget);
        setCalibration.mutate(
          { offsetX: Number(form.get("offsetX")), offsetY: Number(form.get("offsetY")) },
          saved(copy.offsetSaved),
        );
      }}
    >
      <h3>{copy.calibrationTitle}</h3>
      <p className="hint">{copy.calibrationHint}</p>
      <div className="field">
        <label htmlFor="station-calibration-layout">{copy.layout}</label>
        <select
          id="station-calibration-layout"
          value={chosen}
          onChange={(e) => setLayout(e.target.value)}
        >
          {(layouts.data ?? []).map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        className="button button-secondary"
        disabled={!chosen || sheet.isPending}
        onClick={() =>
          sheet.mutate(chosen, {
            onSuccess: (result) =>
              toast({ title: copy.calibrationSent(result.sheets), variant: "success" }),
            onError: failed,
          })
        }
      >
        {copy.calibrationSheet}
      </button>
      <div className="field">
        <label htmlFor="station-offset-x">{copy.offsetX}</label>
        <input
          dir="auto"
          id="station-offset-x"
          name="offsetX"
          type="number"
          step="0.1"
          defaultValue={settings.calibration.offsetX}
          disabled={!!lockedWhy}
          aria-describedby={noteFor("station-calibration-lock", lockedWhy)}
        />
      </div>
      <div className="field">
        <label htmlFor="station-offset-y">{copy.offsetY}</label>
        <input
          dir="auto"
          id="station-offset-y"
          name="offsetY"
          type="number"
          step="0.1"
          defaultValue={settings.calibration.offsetY}
          disabled={!!lockedWhy}
          aria-describedby={noteFor("station-calibration-lock", lockedWhy)}
        />
      </div>
      <LockNote id="station-calibration-lock" why={lockedWhy} />
      <button
        type="submit"
        className="button button-primary"
        disabled={setCalibration.isPending || !!lockedWhy}
      >
        {copy.saveOffset}
      </button>
    </form>
  );
}
