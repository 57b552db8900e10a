// Reading a code the website shows as a phone would: from a screenshot,
// with nothing over the code or its quiet zone.
import { execFileSync } from "node:child_process";
import { expect, type Locator } from "@playwright/test";

/** What zbarimg reads from a screenshot, as a phone's scanner would. */
export function decodeScreenshot(path: string): string {
  return execFileSync("zbarimg", ["--nodbus", "--quiet", "--raw", "-Sbinary", path]).toString(
    "utf8",
  );
}

/**
 * At points across the code's image and the 3 modules of frame around it
 * (the image holds 1 module of margin: 4 in all), the topmost element is
 * the image or its white frame, and the point is inside the frame's border.
 */
export async function expectNothingOver(image: Locator) {
  const covered = await image.evaluate((img: HTMLImageElement) => {
    const frame = img.closest(".qr-frame") as HTMLElement;
    const imageModules = Number(frame.style.getPropertyValue("--qr-image-modules")) || 0;
    const box = img.getBoundingClientRect();
    const module = imageModules > 0 ? box.width / imageModules : box.width / 30;
    const extra = 3 * module;
    const inner = frame.getBoundingClientRect();
    const border = parseFloat(getComputedStyle(frame).borderLeftWidth) || 0;
    const found: string[] = [];
    const steps = 40;
    for (let i = 0; i <= steps; i++) {
      for (let j = 0; j <= steps; j++) {
        const x = box.left - extra + ((box.width + 2 * extra) * i) / steps;
        const y = box.top - extra + ((box.height + 2 * extra) * j) / steps;
        const top = document.elementFromPoint(x, y);
        const inside =
          x > inner.left + border &&
          x < inner.right - border &&
          y > inner.top + border &&
          y < inner.bottom - border;
        if ((top !== img && top !== frame) || !inside)
          found.push(
            `${top?.tagName.toLowerCase()}.${top?.className} at ${x.toFixed(0)},${y.toFixed(0)}`,
          );
      }
    }
    return found;
  });
  expect(covered, "something lies on the code or its quiet zone").toEqual([]);
}
