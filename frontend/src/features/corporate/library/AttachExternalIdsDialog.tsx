import * as Dialog from "@radix-ui/react-dialog";
import { useState } from "react";
import { DialogContent } from "@/components/ui/DialogContent";
import { BusyButton } from "@/components/ui/BusyButton";
import { FormField } from "@/components/ui/FormField";
import { toast } from "@/components/ui/toast-store";
import { useAttachExternalIds, type AttachResult } from "./api";
import { libraryCopy } from "./copy";
import { fileBase64 } from "./ImportDialog";
import { RowErrors } from "./RowErrors";
import { toastFailure } from "@/components/ui/toastFailure";
import { siteLocale } from "@/lib/copy";

const copy = libraryCopy.attachDialog;

const dateFormat = new Intl.DateTimeFormat(siteLocale, { dateStyle: "medium" });

/**
 * Gives codes that exist their employee or badge numbers from a file of
 * names (or code ids) and numbers: a preview of each row, where a name
 * several codes have offers those codes to pick from (told apart by date
 * of birth, phone, created date and id), then the ready rows saved and the
 * rest listed with why. With numbers, the import and the HR sync update
 * these codes rather than make second ones.
 */
export function AttachExternalIdsDialog(props: { orgId: number; onClose: () => void }) {
  const attach = useAttachExternalIds(props.orgId);
  const [file, setFile] = useState<{ name: string; base64: string } | null>(null);
  const [preview, setPreview] = useState<AttachResult | null>(null);
  // The officer's pick of a code, by the file's row number.
  const [picks, setPicks] = useState<Record<number, number>>({});
  const [saved, setSaved] = useState<AttachResult | null>(null);
  const failed = (error: unknown) => toastFailure(error, copy.failed);
  const asPicks = (chosen: Record<number, number>) =>
    Object.entries(chosen).map(([row, codeId]) => ({ row: Number(row), codeId }));
  const check = (chosen: Record<number, number>) =>
    file &&
    attach.mutate(
      { csvFile: file.base64, commit: false, picks: asPicks(chosen) },
      { onSuccess: setPreview, onError: failed },
    );
  const pick = (row: number, codeId: number) => {
    const chosen = { ...picks, [row]: codeId };
    setPicks(chosen);
    check(chosen);
  };
  const save = () =>
    file &&
    attach.mutate(
      { csvFile: file.base64, commit: true, picks: asPicks(picks) },
      {
        onSuccess: (result) => {
          toast({
            title: copy.saved,
            description: copy.savedCount(result.saved),
            variant: "success",
          });
          // The rows left out stay listed, with why, until the officer closes.
          if (result.invalid === 0) props.onClose();
          else setSaved(result);
        },
        onError: failed,
      },
    );
  if (saved) {
    const left = saved.rows.filter((row) => !row.attached);
    return (
      <Dialog.Root open onOpenChange={(open) => !open && props.onClose()}>
        <DialogContent className="dialog import-dialog">
          <Dialog.Title>{copy.title}</Dialog.Title>
          <Dialog.Description role="status">
            {copy.result(saved.rows.length - left.length, left.length)}
          </Dialog.Description>
          <h3>{copy.notAttached}</h3>
          <p className="hint">{copy.notAttachedHint}</p>
          <div className="table-scroll" tabIndex={0} role="region" aria-label={copy.notAttached}>
            <table className="import-preview">
              <thead>
                <tr>
                  <th scope="col">{copy.row}</th>
                  <th scope="col">{copy.code}</th>
                  <th scope="col">{copy.number}</th>
                  <th scope="col">{copy.problems}</th>
                </tr>
              </thead>
              <tbody>
                {left.map((row) => (
                  <tr key={row.row} className="import-row-invalid">
                    <td>{row.row}</td>
                    <td>{row.name}</td>
                    <td>{row.externalId}</td>
                    <td>
                      <RowErrors errors={Object.entries(row.errors)} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="dialog-actions">
            <Dialog.Close className="button button-primary">{copy.close}</Dialog.Close>
          </div>
        </DialogContent>
      </Dialog.Root>
    );
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !open && props.onClose()}>
      <DialogContent className="dialog import-dialog">
        <Dialog.Title>{copy.title}</Dialog.Title>
        <Dialog.Description className="hint">{copy.intro}</Dialog.Description>
        <FormField label={copy.file}>
          {(control) => (
            <input
              {...control}
              type="file"
              accept=".csv,.txt,text/csv,text/plain"
              onChange={async (e) => {
                const chosen = e.target.files?.[0];
                setFile(null);
                setPreview(null);
                setPicks({});
                if (chosen) setFile({ name: chosen.name, base64: await fileBase64(chosen) });
              }}
            />
          )}
        </FormField>
        <BusyButton
          type="button"
          className="button button-secondary"
          busy={attach.isPending && preview === null}
          busyLabel={copy.previewing}
          disabled={file === null}
          onClick={() => check(picks)}
        >
          {copy.preview}
        </BusyButton>
        {preview && (
          <section aria-label={copy.preview}>
            <p role="status">
              {copy.summary(preview.valid, preview.invalid)}{" "}
              {preview.valid > 0 && copy.leftOut(preview.invalid)}
            </p>
            <div
              className="table-scroll"
              tabIndex={0}
              role="region"
              aria-label={libraryCopy.previewRows}
            >
              <table className="import-preview">
                <thead>
                  <tr>
                    <th scope="col">{copy.row}</th>
                    <th scope="col">{copy.code}</th>
                    <th scope="col">{copy.number}</th>
                    <th scope="col">{copy.now}</th>
                    <th scope="col">{copy.problems}</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.rows.map((row) => {
                    const errors = Object.entries(row.errors);
                    return (
                      <tr
                        key={row.row}
                        className={errors.length > 0 ? "import-row-invalid" : undefined}
                      >
                        <td>{row.row}</td>
                        <td>
                          {row.candidates.length > 0 ? (
                            <>
                              <span>{row.name}</span>
                              <select
                                aria-label={copy.pick(row.row)}
                                value={row.codeId ?? ""}
                                disabled={attach.isPending}
                                onChange={(e) => pick(row.row, Number(e.target.value))}
                              >
                                {row.codeId == null && <option value="">{copy.pickPrompt}</option>}
                                {row.candidates.map((c) => (
                                  <option key={c.id} value={c.id}>
                                    {copy.candidate({
                                      ...c,
                                      created: dateFormat.format(Date.parse(c.createdAt)),
                                    })}
                                  </option>
                                ))}
                              </select>
                            </>
                          ) : (
                            row.name
                          )}
                        </td>
                        <td>{row.externalId}</td>
                        <td>{row.current || copy.none}</td>
                        <td>{errors.length === 0 ? copy.ok : <RowErrors errors={errors} />}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </section>
        )}
        <div className="dialog-actions">
          <Dialog.Close className="button button-ghost">{copy.close}</Dialog.Close>
          <BusyButton
            type="button"
            className="button button-primary"
            busy={attach.isPending && preview !== null}
            busyLabel={copy.saving}
            disabled={preview === null || preview.valid === 0}
            onClick={save}
          >
            {copy.save(preview?.valid ?? 0)}
          </BusyButton>
        </div>
      </DialogContent>
    </Dialog.Root>
  );
}
