import { QrCode } from "@/components/qr";
import { toastFailure } from "@/components/ui/toastFailure";
import { CopyField } from "@/components/ui/CopyField";
import { printPdf } from "@/lib/print";
import { saveFile } from "@/lib/saveFile";
import { useDashboard } from "../api/organization";
import { useOrganizationId } from "../hooks";
import { collectCopy } from "./copy";
import { posterPdf, qrPng, qrSvg } from "./poster";

const copy = collectCopy.links;

/**
 * A new link, shown once: the address with a Copy button, and its QR code
 * for a noticeboard, with nothing over it or its quiet zone, to download
 * (PNG, SVG, a poster on the organisation's paper) or print as a poster while it can still be seen.
 */
export function LinkShare(props: { url: string; qr?: boolean }) {
  const failed = (message: string) => (error: unknown) => toastFailure(error, message);
  // The poster is on the organisation's paper (the page has its dashboard already).
  const orgId = useOrganizationId();
  const dashboard = useDashboard(props.qr === false ? null : (orgId ?? null));
  const paper = dashboard.data?.organization.paperSize === "letter" ? "letter" : "a4";
  return (
    <div className="link-share">
      <p className="hint">{props.qr === false ? copy.createdOnceLink : copy.createdOnce}</p>
      <CopyField value={props.url} copy={copy} label={copy.title} />
      {props.qr !== false && (
        <>
          <QrCode text={props.url} sample={false} alt={copy.qrAlt} />
          <div className="link-share-actions" role="group" aria-label={copy.qrDownloads}>
            <button
              type="button"
              className="button button-small button-secondary"
              onClick={() =>
                qrPng(props.url).then(
                  (png) => saveFile(png, `${copy.qrFileName}.png`),
                  failed(copy.downloadFailed),
                )
              }
            >
              {copy.downloadPng}
            </button>
            <button
              type="button"
              className="button button-small button-secondary"
              onClick={() => saveFile(qrSvg(props.url), `${copy.qrFileName}.svg`)}
            >
              {copy.downloadSvg}
            </button>
            <button
              type="button"
              className="button button-small button-secondary"
              onClick={() => saveFile(posterPdf(props.url, paper), copy.posterFileName)}
            >
              {copy.downloadPoster}
            </button>
            <button
              type="button"
              className="button button-small button-primary"
              onClick={() =>
                printPdf(posterPdf(props.url, paper), copy.posterFileName).catch(
                  failed(copy.printFailed),
                )
              }
            >
              {copy.printPoster}
            </button>
          </div>
        </>
      )}
    </div>
  );
}
