import type { ImportResult, ImportRow } from "./api";
import { libraryCopy } from "./copy";

const copy = libraryCopy.importMatch;

/** The officer's choice for rows matched by name, by spreadsheet row number. */
export type MatchChoices = Record<number, "update" | "new">;

/** What a row does about its match: the officer's choice, else the server's. */
export function matchChoice(row: ImportRow, choices: MatchChoices) {
  return choices[row.row] ?? row.match?.choice;
}

/** The import's parameters for the choices the officer made. */
export function matchParams(choices: MatchChoices, rows: ImportRow[] = []) {
  const updates: { row: number; qrCodeId: number }[] = [];
  const newWorkerRows: number[] = [];
  for (const row of rows) {
    if (!row.match || choices[row.row] === undefined) continue;
    if (choices[row.row] === "update") updates.push({ row: row.row, qrCodeId: row.match.qrCodeId });
    else newWorkerRows.push(row.row);
  }
  return {
    ...(updates.length > 0 && { updates }),
    ...(newWorkerRows.length > 0 && { newWorkerRows }),
  };
}

/** How many rows still wait for the officer's choice. */
export function choicesWaiting(result: ImportResult | null, choices: MatchChoices) {
  return (result?.rows ?? []).filter((r) => matchChoice(r, choices) === "required").length;
}

/**
 * A row whose name is one code's name: updating that code or adding a new
 * worker, chosen for the officer where the date of birth or a phone also
 * agrees, by the officer where only the name does.
 */
export function MatchChoice(props: {
  row: ImportRow;
  choices: MatchChoices;
  onChoose: (row: number, choice: "update" | "new") => void;
}) {
  const match = props.row.match;
  if (!match) return null;
  const chosen = matchChoice(props.row, props.choices);
  const name = `match-${props.row.row}`;
  return (
    <fieldset className="import-match">
      <legend>{copy.legend(match.name, match.qrCodeId, match.reason)}</legend>
      {chosen === "required" && <p className="field-error">{copy.choose}</p>}
      {(["update", "new"] as const).map((choice) => (
        <label key={choice}>
          <input
            type="radio"
            name={name}
            checked={chosen === choice}
            onChange={() => props.onChoose(props.row.row, choice)}
          />{" "}
          {choice === "update" ? copy.update : copy.addNew}
        </label>
      ))}
    </fieldset>
  );
}
