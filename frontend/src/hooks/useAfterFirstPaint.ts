import { useEffect, useState } from "react";

/**
 * False until the page has painted once, then true: for a large download
 * the first screen does not need (a phone's first paint does not wait for
 * it, nor share the network with it). The frame after the next one is the
 * first point past that paint.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let next = 0;
    const first = requestAnimationFrame(() => {
      next = requestAnimationFrame(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(next);
    };
  }, []);
  return painted;
}
