import { stationCopy as copy } from "./copy";

/**
 * Corporate batch printing. The screens are the website's batch-print
 * feature (frontend/src/features/corporate/batch-print/, branch ws-batch);
 * they are composed here once that feature has landed.
 */
export function BatchMode() {
  return (
    <section className="card admin-panel">
      <h1 className="station-title">{copy.batch.title}</h1>
      <p>{copy.batch.body}</p>
    </section>
  );
}
