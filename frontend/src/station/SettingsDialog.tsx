import * as Dialog from "@radix-ui/react-dialog";
import { DialogContent } from "@/components/ui/DialogContent";
import { useRef, useState, type RefObject } from "react";
import { useDiscardQuestion } from "@/hooks/useDiscardGuard";
import { toast } from "@/components/ui/toast-store";
import { useBatchLayouts } from "@/features/corporate/batch-print/api";
import {
  useCalibrationSheet,
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
  if (!calibration) return false;
  const form = new FormData(calibration);
  return (
    Number(form.get("offsetX")) !== settings.calibration.offsetX ||
    Number(form.get("offsetY")) !== settings.calibration.offsetY
  );
}

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
            disabled={!settings || setPrinter.isPending}
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
        </div>
        {settings && (
          <>
            <div className="field">
              <label htmlFor="station-paper">{copy.paper}</label>
              <select
                id="station-paper"
                value={settings.paper}
                disabled={setPaper.isPending}
                onChange={(e) => setPaper.mutate(e.target.value, saved(copy.saved))}
              >
                {settings.papers.map((p) => (
                  <option key={p} value={p}>
                    {p}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="station-copies">{copy.copies}</label>
              <input
                ref={copiesRef}
                id="station-copies"
                type="number"
                min={1}
                defaultValue={settings.copies}
                key={settings.copies}
                onBlur={(e) => {
                  const n = Number(e.target.value);
                  if (n !== settings.copies) setCopies.mutate(n, saved(copy.saved));
                }}
              />
            </div>
            {settings.canDialog && (
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={settings.dialog}
                  disabled={setDialog.isPending}
                  onChange={(e) => setDialog.mutate(e.target.checked, saved(copy.saved))}
                />{" "}
                {copy.dialog}
              </label>
            )}
            <Calibration settings={settings} formRef={calibrationRef} />
          </>
        )}
        <p>
          {copy.cloud}: <code>{props.cloudUrl}</code>
        </p>
        <div className="form-actions">
          <Dialog.Close className="button button-secondary">{copy.close}</Dialog.Close>
        </div>
      </DialogContent>
    </Dialog.Root>
  );
}

/** The chosen printer's offset, set from a printed calibration sheet. */
function Calibration({
  settings,
  formRef,
}: {
  settings: PrinterSettings;
  formRef: RefObject<HTMLFormElement | null>;
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
          id="station-offset-x"
          name="offsetX"
          type="number"
          step="0.1"
          defaultValue={settings.calibration.offsetX}
        />
      </div>
      <div className="field">
        <label htmlFor="station-offset-y">{copy.offsetY}</label>
        <input
          id="station-offset-y"
          name="offsetY"
          type="number"
          step="0.1"
          defaultValue={settings.calibration.offsetY}
        />
      </div>
      <button type="submit" className="button button-primary" disabled={setCalibration.isPending}>
        {copy.saveOffset}
      </button>
    </form>
  );
}
