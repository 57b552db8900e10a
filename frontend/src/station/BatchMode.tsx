import { MemoryRouter } from "react-router";
import { BatchPrintPage } from "@/features/corporate/batch-print/BatchPrintPage";

/**
 * Corporate batch printing: the website's batch-print screen (queue, library
 * picker, layouts, print), printing through the station's platform (the
 * chosen printer at 100 %, or Save PDF). Its links are the website's; a
 * memory router gives them somewhere to point without leaving the window.
 */
export function BatchMode() {
  return (
    <MemoryRouter>
      <BatchPrintPage />
    </MemoryRouter>
  );
}
