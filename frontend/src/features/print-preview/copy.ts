// Copy of /print-preview (docs/design/individual.md §2, §8).
export const printCopy = {
  title: "Print preview",
  introReady: "Your labels at actual size. Print at 100 % scale (turn off “fit to page”).",
  introSample: "A sample sheet. Your own labels unlock after purchase.",
  download: "Download PDF",
  print: "Print",
  back: "Back",
  downloadFailed: { title: "Download Failed" },
  printFailed: { title: "Print Failed" },
  tryAgain: "Please try again in a moment.",
  recordNotSaved:
    "Your latest details could not be saved to your account, so no labels were made (they would have shown older details). Check your connection and try again.",
  retry: "Try again",
  sheetDetails: (paper: string, quality: string, waterproof: boolean) =>
    `${paper} · ${quality}${waterproof ? " · waterproof stock" : ""}`,
};
