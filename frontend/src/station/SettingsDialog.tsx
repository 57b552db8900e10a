import * as Dialog from "@radix-ui/react-dialog";
import { toast } from "@/components/ui/toast-store";
import { usePrinterSettings, useSetPrinter, useStationInfo } from "./api";
import { stationCopy } from "./copy";

const copy = stationCopy.settings;

/** Where labels go (a printer at 100 %, or Save PDF), the cloud and the version. */
export function SettingsDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  cloudUrl: string;
}) {
  const printers = usePrinterSettings(props.open);
  const setPrinter = useSetPrinter();
  const info = useStationInfo();
  const names = printers.data?.printers ?? [];
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog dialog-small">
          <Dialog.Title>{copy.title}</Dialog.Title>
          <Dialog.Description className="hint">
            {info.data ? copy.version(info.data.version, info.data.os) : ""}
          </Dialog.Description>
          <div className="field">
            <label htmlFor="station-printer">{copy.printer}</label>
            <select
              id="station-printer"
              value={printers.data?.printer ?? ""}
              disabled={!printers.data || setPrinter.isPending}
              onChange={(e) =>
                setPrinter.mutate(e.target.value, {
                  onSuccess: () => toast({ title: copy.saved, variant: "success" }),
                  onError: (error) =>
                    toast({
                      title: stationCopy.failed,
                      description: error.message,
                      variant: "destructive",
                    }),
                })
              }
            >
              <option value="">{copy.savePdf}</option>
              {names.map((p) => (
                <option key={p.name} value={p.name}>
                  {p.name}
                </option>
              ))}
            </select>
            {printers.data && names.length === 0 && <p className="hint">{copy.noPrinters}</p>}
          </div>
          <p>
            {copy.cloud}: <code>{props.cloudUrl}</code>
          </p>
          <div className="form-actions">
            <Dialog.Close className="button button-secondary">{copy.close}</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
