/** A window `width` px wide, as far as media queries go (jsdom has no layout, so none of its own). */
export function setWindowWidth(width: number) {
  window.matchMedia = ((query: string) => {
    const maxWidth = /width < (\d+(?:\.\d+)?)rem/.exec(query);
    return {
      media: query,
      matches: maxWidth ? width < Number(maxWidth[1]) * 16 : false,
      addEventListener() {},
      removeEventListener() {},
    };
  }) as unknown as typeof window.matchMedia;
}
