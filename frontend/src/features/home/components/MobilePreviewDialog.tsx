import * as Dialog from "@radix-ui/react-dialog";
import { DialogContent } from "@/components/ui/DialogContent";
import { LabelSheet, labelLines } from "@/components/label";
import { useQrDataUrlForSample } from "./useSampleQr";
import { homeCopy } from "../copy";
import { defaultLabelOptions } from "@/lib/labels";
import { sampleEmergencyData } from "@/lib/qr";

/** The sample label on a phone-sized screen (docs/design/individual.md §2 "mobile-preview dialog"). */
export function MobilePreviewDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const url = useQrDataUrlForSample();
  const options = defaultLabelOptions(navigator.language);
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent className="dialog">
        <Dialog.Title>{homeCopy.preview.title}</Dialog.Title>
        <Dialog.Description className="hint">{homeCopy.preview.description}</Dialog.Description>
        <div className="phone phone-preview">
          <LabelSheet
            options={{
              ...options,
              labelType: "custom",
              customDimensions: { width: 101.6, height: 50.8, count: 1, cols: 1, rows: 1 },
            }}
            qrUrl={url}
            lines={labelLines(sampleEmergencyData)}
            blurred
            single
          />
        </div>
        <div className="dialog-actions">
          <Dialog.Close className="button button-secondary">{homeCopy.preview.close}</Dialog.Close>
        </div>
      </DialogContent>
    </Dialog.Root>
  );
}
