import { useMemo } from "react";
import { qrText } from "@/lib/emergency/qrText";
import { sampleEmergencyData } from "@/lib/qr/sample";
import { visitorTimeZone } from "@/lib/timezone";
import { homeCopy } from "../copy";

/**
 * What a responder's phone shows after a scan, with the sample record: the
 * product explained in one picture. Decorative for screen readers, since the
 * "What your QR code includes" list says the same in words.
 */
export function HeroPhone() {
  const text = useMemo(() => qrText(sampleEmergencyData, new Date(), visitorTimeZone()), []);
  return (
    <figure className="hero-phone" aria-hidden="true">
      <div className="phone">
        <div className="phone-notch" />
        <pre className="phone-text">{text}</pre>
      </div>
      <figcaption className="hint">{homeCopy.hero.phoneCaption}</figcaption>
    </figure>
  );
}
