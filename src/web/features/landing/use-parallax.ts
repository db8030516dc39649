import { useEffect, type RefObject } from "react";

const reducedMotionQuery = "(prefers-reduced-motion: reduce)";
const PARALLAX_RATE = 0.35;
/** Past this scroll offset the hero is off screen; the layer stops moving. */
const MAX_SCROLL_PX = 1400;

/**
 * Moves a decorative layer with the page scroll (slower than the content). No listener at all
 * while the visitor prefers reduced motion, and it switches live when that preference changes.
 */
export function useParallax(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const layer = ref.current;
    if (!layer) return undefined;
    const query = window.matchMedia(reducedMotionQuery);
    let frame = 0;

    const update = () => {
      frame = 0;
      const offset = Math.min(window.scrollY, MAX_SCROLL_PX) * PARALLAX_RATE;
      layer.style.transform = `translate3d(0, ${offset.toFixed(1)}px, 0)`;
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    const detach = () => {
      window.removeEventListener("scroll", onScroll);
      cancelAnimationFrame(frame);
      frame = 0;
    };
    const sync = () => {
      detach();
      if (query.matches) {
        layer.style.transform = "";
        return;
      }
      window.addEventListener("scroll", onScroll, { passive: true });
      update();
    };

    sync();
    query.addEventListener("change", sync);
    return () => {
      query.removeEventListener("change", sync);
      detach();
    };
  }, [ref]);
}
