import { useEffect, useState } from "react";
import { Link, Navigate, useSearchParams } from "react-router";
import { paths } from "@/app/paths";
import { LabelSheet, labelCopy, labelLines } from "@/components/label";
import { useQrDataUrl } from "@/components/qr";
import { LockedAction } from "@/components/ui/LockedAction";
import { toast } from "@/components/ui/toast-store";
import { serverMessage } from "@/lib/api";
import { RecordNotSavedError } from "@/lib/auth";
import { useLabelQrText } from "@/hooks/useQrTextFor";
import { locked, qrMessages } from "@/lib/copy";
import { paperMm, sheetLayout } from "@/lib/labels";
import { printPdf, removePrintFrame } from "@/lib/print";
import { sampleEmergencyData } from "@/lib/qr";
import { hasEmergencyData } from "@/stores/emergency";
import { useLabelOptionsStore } from "@/stores/labelOptions";
import { useUserStore } from "@/stores/session";
import { saveSheet, useSheetPdf } from "./api/sheet-pdf";
import { printCopy as copy } from "./copy";

type SheetUse = "download" | "print";

/** docs/design/individual.md §9: ?print=true prints after 1 s. */
export const AUTO_PRINT_DELAY_MS = 1000;

export function PrintPreviewPage() {
  const [params] = useSearchParams();
  const { text, real, data } = useLabelQrText();
  const { url } = useQrDataUrl(text);
  const options = useLabelOptionsStore((s) => s.options);
  const user = useUserStore((s) => s.user);
  const sheet = useSheetPdf();
  const autoPrint = params.get("print") === "true";
  const paper = paperMm[options.paperSize];
  // The last failure stays on the page beside a retry, not only in a toast.
  const [failure, setFailure] = useState<{ use: SheetUse; message: string } | null>(null);

  /** Download and Print both hand over the label engine's PDF (api/sheet-pdf). */
  const withSheet = (use: SheetUse) => {
    if (!user || !data || sheet.isPending) return;
    setFailure(null);
    sheet.mutate(
      { email: user.email, emergencyData: data, labelOptions: options },
      {
        onSuccess: (blob) => (use === "download" ? saveSheet(blob) : void printPdf(blob)),
        onError: (error) => {
          console.error(`${use} failed`, error);
          const message =
            error instanceof RecordNotSavedError
              ? copy.recordNotSaved
              : (serverMessage(error) ?? copy.tryAgain);
          setFailure({ use, message });
          toast({
            ...(use === "download" ? copy.downloadFailed : copy.printFailed),
            description: message,
            variant: "destructive",
          });
        },
      },
    );
  };

  useEffect(() => {
    if (!autoPrint || !hasEmergencyData(data)) return;
    const timer = setTimeout(() => {
      if (real) withSheet("print");
      else toast({ title: locked.print });
    }, AUTO_PRINT_DELAY_MS);
    return () => clearTimeout(timer);
    // Once per visit with print=true, not again on later data changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [autoPrint]);

  // Leaving the page frees the last printed PDF.
  useEffect(() => removePrintFrame, []);

  if (!hasEmergencyData(data)) return <Navigate to={paths.home} replace />;

  const layout = sheetLayout(options.labelType, options.paperSize, options.customDimensions);

  return (
    <div className="print-page">
      {/* The printer gets the sheet alone, at its true paper size. */}
      <style>{`@page { size: ${paper.width}mm ${paper.height}mm; margin: 0; }`}</style>
      <div className="page-head no-print">
        <h1>{copy.title}</h1>
        <p className="lead">{real ? copy.introReady : copy.introSample}</p>
        <p className="hint">
          {labelCopy.sheetTitle(
            layout.stock,
            options.labelType === "custom"
              ? options.customDimensions.count
              : layout.cols * layout.rows,
          )}
          {" · "}
          {copy.sheetDetails(
            labelCopy.paper[options.paperSize],
            labelCopy.qualities[options.printQuality],
            options.waterproof,
          )}
        </p>
      </div>
      <div className="print-actions no-print">
        <LockedAction
          locked={!real}
          reason={locked.download}
          onClick={() => withSheet("download")}
          busy={sheet.isPending}
          className="button button-primary"
        >
          {copy.download}
        </LockedAction>
        <LockedAction
          locked={!real}
          reason={locked.print}
          onClick={() => withSheet("print")}
          busy={sheet.isPending}
          className="button button-secondary"
        >
          {copy.print}
        </LockedAction>
        <Link to={paths.qrGenerated} className="button button-ghost">
          {copy.back}
        </Link>
      </div>
      {failure && (
        <div className="note note-red print-failure no-print" role="alert">
          <strong>
            {(failure.use === "download" ? copy.downloadFailed : copy.printFailed).title}
          </strong>{" "}
          {failure.message}{" "}
          <button
            type="button"
            className="button button-secondary"
            disabled={sheet.isPending}
            onClick={() => withSheet(failure.use)}
          >
            {copy.retry}
          </button>
        </div>
      )}
      {!layout.fits && <p className="note note-amber no-print">{labelCopy.custom.doesNotFit}</p>}
      <div className={`sheet-frame ${real ? "" : "sheet-sample"}`}>
        <LabelSheet
          options={options}
          qrUrl={url}
          lines={labelLines(real ? data : sampleEmergencyData)}
          blurred={!real}
        />
        {!real && (
          <div className="sheet-watermark" aria-hidden="true">
            {qrMessages.sampleBadge}
          </div>
        )}
      </div>
    </div>
  );
}
