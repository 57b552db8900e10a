import * as Dialog from "@radix-ui/react-dialog";
import { DialogContent } from "@/components/ui/DialogContent";
import { useState } from "react";
import { BusyButton } from "@/components/ui/BusyButton";
import { FormField } from "@/components/ui/FormField";
import { toast } from "@/components/ui/toast-store";
import { serverMessage } from "@/lib/api";
import { STANDARD_FORM_NAME } from "@/lib/emergency/template";
import { useProjects } from "../projects/api";
import { defaultTemplateId, STANDARD_TEMPLATE_ID, useTemplates } from "../templates/api";
import { downloadImportTemplate, useImportCodes, type ImportResult } from "./api";
import { fieldErrors } from "./CodeDialog";
import { libraryCopy } from "./copy";
import { toastFailure } from "@/components/ui/toastFailure";
import { RowErrors } from "./RowErrors";
import { choicesWaiting, MatchChoice, matchParams, type MatchChoices } from "./ImportMatchChoice";

const copy = libraryCopy.importDialog;

/**
 * CSV import of many workers: the template file, a preview with each row's
 * problems in the server's words, and an import of every row or none.
 */
export function ImportDialog(props: { orgId: number; onClose: () => void }) {
  const templates = useTemplates(props.orgId);
  const projects = useProjects(props.orgId);
  const importCodes = useImportCodes(props.orgId);
  // Until the officer chooses, the organisation's default template.
  const [chosenTemplate, setTemplateId] = useState<number | null>(null);
  const templateId = chosenTemplate ?? defaultTemplateId(templates.data);
  const [projectId, setProjectId] = useState(0);
  // A field of the template that holds each worker's employee or badge
  // number (an "Employee number" field), when the file has no column of its own.
  const [numberField, setNumberField] = useState("");
  const fields = templates.data?.find((t) => t.id === templateId)?.fields ?? [];
  // The file is sent as its bytes, for the server to read in whichever
  // encoding Excel saved it (File.text() would read it as UTF-8 and turn
  // a Windows-1252 file's accented names into replacement characters);
  // pasted text takes its place.
  const [file, setFile] = useState<{ name: string; base64: string } | null>(null);
  const [csv, setCsv] = useState("");
  // The file's encoding as the officer chose it; "" lets the server guess.
  const [encoding, setEncoding] = useState("");
  // The encoding the file was last read in and those it reads in: kept
  // while another is tried, so the choice stays where the officer is.
  const [read, setRead] = useState<Pick<ImportResult, "encoding" | "encodings"> | null>(null);
  const source = file
    ? { csvFile: file.base64, ...(encoding === "" ? {} : { encoding }) }
    : { csv };
  const mapping = numberField === "" ? {} : { externalIdField: numberField };
  const [preview, setPreview] = useState<ImportResult | null>(null);
  // For rows whose name is one code's name: update it, or a new worker.
  const [choices, setChoices] = useState<MatchChoices>({});
  // The preview answers for one file and form; any change asks again.
  // The server's offer when the file's columns are another template's.
  const [otherTemplate, setOtherTemplate] = useState<{ id: number; message: string } | null>(null);
  // The server's refusal of the whole file (an unknown column, say): kept
  // in the dialog until the file or a choice changes, for the officer to
  // read while fixing the sheet.
  const [refusal, setRefusal] = useState("");
  const changed = () => {
    setPreview(null);
    setOtherTemplate(null);
    setChoices({});
    setRefusal("");
  };
  const failed = (error: unknown) => toastFailure(error, copy.failed);

  const check = (id = templateId, chosen = choices, read = source) =>
    importCodes.mutate(
      {
        templateId: id,
        projectId,
        ...read,
        ...mapping,
        ...matchParams(chosen, preview?.rows),
        commit: false,
      },
      {
        onSuccess: (result) => {
          setPreview(result);
          if (result.encodings.length > 0) {
            setRead({ encoding: result.encoding, encodings: result.encodings });
          }
        },
        onError: (error) => {
          const other = fieldErrors(error).templateId;
          if (other !== undefined) {
            setOtherTemplate({ id: Number(other), message: serverMessage(error) ?? "" });
          } else if (serverMessage(error)) {
            setRefusal(serverMessage(error) ?? "");
          } else {
            failed(error);
          }
        },
      },
    );
  // A choice changes what the row does: the preview is asked again with it.
  const choose = (row: number, choice: "update" | "new") => {
    const next = { ...choices, [row]: choice };
    setChoices(next);
    check(templateId, next);
  };
  // Another encoding reads the same file again at once: the officer
  // compares the names in the preview.
  const readAs = (name: string) => {
    setEncoding(name);
    if (read) setRead({ ...read, encoding: name });
    changed();
    if (file) check(templateId, {}, { csvFile: file.base64, encoding: name });
  };
  const switchTemplate = (id: number) => {
    setTemplateId(id);
    setNumberField("");
    changed();
    check(id, {}); // the choices were for the other template's rows
  };
  const commit = () =>
    importCodes.mutate(
      {
        templateId,
        projectId,
        ...source,
        ...mapping,
        ...matchParams(choices, preview?.rows),
        commit: true,
      },
      {
        onSuccess: (result) => {
          toast({
            title: copy.imported,
            description: copy.importedCount(result.imported, result.updates),
            variant: "success",
          });
          props.onClose();
        },
        onError: failed,
      },
    );

  return (
    <Dialog.Root open onOpenChange={(open) => !open && props.onClose()}>
      <DialogContent className="dialog import-dialog">
        <Dialog.Title>{copy.title}</Dialog.Title>
        <Dialog.Description className="hint">{copy.intro}</Dialog.Description>
        <div className="code-details">
          <FormField label={libraryCopy.dialog.template}>
            {(control) => (
              <select
                {...control}
                value={templateId}
                onChange={(e) => {
                  setTemplateId(Number(e.target.value));
                  setNumberField("");
                  changed();
                }}
              >
                {(templates.data ?? [{ id: STANDARD_TEMPLATE_ID, name: STANDARD_FORM_NAME }]).map(
                  (t) => (
                    <option key={t.id} value={t.id}>
                      {t.name}
                    </option>
                  ),
                )}
              </select>
            )}
          </FormField>
          <FormField label={libraryCopy.dialog.project}>
            {(control) => (
              <select
                {...control}
                value={projectId}
                onChange={(e) => {
                  setProjectId(Number(e.target.value));
                  changed();
                }}
              >
                <option value={0}>{libraryCopy.dialog.noProject}</option>
                {(projects.data ?? []).map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label={copy.numberFrom} hint={copy.numberFromHint}>
            {(control) => (
              <select
                {...control}
                value={numberField}
                onChange={(e) => {
                  setNumberField(e.target.value);
                  changed();
                }}
              >
                <option value="">{copy.numberOwnColumn}</option>
                {fields
                  .filter((f) => f.type === "text" || f.type === "number")
                  .map((f) => (
                    <option key={f.id} value={f.id}>
                      {f.label}
                    </option>
                  ))}
              </select>
            )}
          </FormField>
        </div>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => downloadImportTemplate(props.orgId, templateId).catch(failed)}
        >
          {copy.downloadTemplate}
        </button>
        <FormField label={copy.file}>
          {(control) => (
            <input
              {...control}
              type="file"
              accept=".csv,.txt,text/csv,text/plain"
              onChange={async (e) => {
                const chosen = e.target.files?.[0];
                if (!chosen) return;
                // Until it is read, nothing to check: not the file before.
                setFile(null);
                setCsv("");
                setEncoding("");
                setRead(null);
                changed();
                setFile({ name: chosen.name, base64: await fileBase64(chosen) });
              }}
            />
          )}
        </FormField>
        {file && <p className="hint">{copy.chosen(file.name)}</p>}
        <FormField label={copy.paste}>
          {(control) => (
            <textarea
              {...control}
              rows={5}
              value={csv}
              spellCheck={false}
              onChange={(e) => {
                setCsv(e.target.value);
                setFile(null);
                setRead(null);
                changed();
              }}
            />
          )}
        </FormField>
        <BusyButton
          type="button"
          className="button button-secondary"
          busy={importCodes.isPending && preview === null}
          busyLabel={copy.previewing}
          disabled={file === null && csv.trim() === ""}
          onClick={() => check()}
        >
          {copy.preview}
        </BusyButton>
        {refusal !== "" && (
          <p className="card field-error" role="alert">
            <strong>{copy.refused}</strong> {refusal}
          </p>
        )}
        {file && read && (
          <EncodingChoice guess={read.encoding} encodings={read.encodings} onChange={readAs} />
        )}
        {otherTemplate && (
          <p className="card hint" role="alert">
            {otherTemplate.message}{" "}
            <button
              type="button"
              className="button button-small button-primary"
              onClick={() => switchTemplate(otherTemplate.id)}
            >
              {copy.switchTemplate}
            </button>
          </p>
        )}
        {preview && <PreviewTable result={preview} choices={choices} onChoose={choose} />}
        <div className="dialog-actions">
          <Dialog.Close className="button button-ghost">{copy.close}</Dialog.Close>
          <BusyButton
            type="button"
            className="button button-primary"
            busy={importCodes.isPending && importCodes.variables?.commit === true}
            busyLabel={copy.importing}
            disabled={
              preview === null ||
              preview.invalid > 0 ||
              preview.new + preview.updates === 0 ||
              preview.quotaProblem !== "" ||
              choicesWaiting(preview, choices) > 0 ||
              importCodes.isPending
            }
            onClick={commit}
          >
            {copy.importButton(preview?.new ?? 0, preview?.updates ?? 0)}
          </BusyButton>
        </div>
      </DialogContent>
    </Dialog.Root>
  );
}

function PreviewTable({
  result,
  choices,
  onChoose,
}: {
  result: ImportResult;
  choices: MatchChoices;
  onChoose: (row: number, choice: "update" | "new") => void;
}) {
  const waiting = choicesWaiting(result, choices);
  return (
    <section aria-label={copy.preview}>
      <p role="status">
        {copy.summary(result.valid, result.invalid)}{" "}
        {copy.counts(result.updates, result.new, result.unchanged)}{" "}
        {result.invalid > 0 && copy.fixFirst}
      </p>
      {waiting > 0 && (
        <p role="alert" className="field-error">
          {libraryCopy.importMatch.waiting(waiting)}
        </p>
      )}
      {result.quotaProblem !== "" && (
        <p role="alert" className="field-error">
          {result.quotaProblem}
        </p>
      )}
      <div className="table-scroll" tabIndex={0} role="region" aria-label={libraryCopy.previewRows}>
        <table className="import-preview">
          <thead>
            <tr>
              <th scope="col">{copy.row}</th>
              <th scope="col">{copy.name}</th>
              <th scope="col">{libraryCopy.dialog.externalId}</th>
              <th scope="col">{copy.problems}</th>
            </tr>
          </thead>
          <tbody>
            {result.rows.map((row) => {
              const errors = Object.entries(row.errors);
              return (
                <tr key={row.row} className={errors.length > 0 ? "import-row-invalid" : undefined}>
                  <td>{row.row}</td>
                  <td>{row.name}</td>
                  <td>{row.externalId}</td>
                  <td>
                    {errors.length === 0 ? (
                      <>
                        {copy.ok}{" "}
                        <span className="badge">{copy.action[row.action] ?? row.action}</span>
                        {row.changes.length > 0 && (
                          <ul>
                            {row.changes.map((c) => (
                              <ChangeItem key={c.field} change={c} />
                            ))}
                          </ul>
                        )}
                        <MatchChoice row={row} choices={choices} onChoose={onChoose} />
                        {row.possibleDuplicate !== "" && (
                          <p className="field-error">
                            <strong>{copy.possibleDuplicate}:</strong> {row.possibleDuplicate}
                          </p>
                        )}
                      </>
                    ) : (
                      <RowErrors errors={errors} />
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * A change an update makes; a medical one (a blood type, an allergy) is
 * set apart, as a first aider acts on it.
 */
function ChangeItem({ change }: { change: ImportResult["rows"][number]["changes"][number] }) {
  const text = copy.change(change.field, change.from, change.to);
  if (!change.medical) return <li>{text}</li>;
  return (
    <li className="import-change-medical">
      <strong className="badge badge-yellow">{copy.medicalChange}</strong> <mark>{text}</mark>
    </li>
  );
}

/**
 * The encoding the file was read in, with the others it reads in: the
 * plausible ones first, then the rest. Choosing one reads the file again.
 */
function EncodingChoice(props: {
  guess: string;
  encodings: ImportResult["encodings"];
  onChange: (name: string) => void;
}) {
  const plausible = props.encodings.filter((e) => e.plausible);
  const others = props.encodings.filter((e) => !e.plausible);
  const option = (name: string) => (
    <option key={name} value={name}>
      {copy.encodingName(name)}
    </option>
  );
  return (
    <FormField label={copy.encoding} hint={copy.encodingHint}>
      {(control) => (
        <select {...control} value={props.guess} onChange={(e) => props.onChange(e.target.value)}>
          {plausible.length > 0 && (
            <optgroup label={copy.encodingsPlausible}>
              {plausible.map((e) => option(e.name))}
            </optgroup>
          )}
          {others.length > 0 && (
            <optgroup label={copy.encodingsOther}>{others.map((e) => option(e.name))}</optgroup>
          )}
        </select>
      )}
    </FormField>
  );
}

/** The file's bytes in base64, as the import's csvFile takes them. */
export async function fileBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = "";
  // In slices: String.fromCharCode takes its bytes as arguments.
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}
