import { describe, expect, it } from "vitest";
import type { PageImage } from "./page-images";
import { createPageImageCache } from "./page-image-cache";

const image = (bytes: number, fill = 1): PageImage => ({ bytes: Buffer.alloc(bytes, fill), contentType: "image/png", width: 10, height: 10 });
const key = (documentId: string, pageNumber = 1) => ({ documentId, version: "abc-v1", pageNumber });

describe("createPageImageCache", () => {
  it("draws a page once and answers it from memory after", async () => {
    const cache = createPageImageCache(1000);
    let drawn = 0;
    const render = async () => {
      drawn += 1;
      return image(100);
    };
    const first = await cache.getOrRender(key("a"), render);
    const second = await cache.getOrRender(key("a"), render);
    expect(second).toBe(first);
    expect(drawn).toBe(1);
    expect(cache.stats()).toEqual({ hits: 1, renders: 1, bytes: 100, entries: 1 });
  });

  it("shares one drawing among requests for a page being drawn", async () => {
    const cache = createPageImageCache(1000);
    let drawn = 0;
    const render = () => new Promise<PageImage>((resolve) => setTimeout(() => resolve(image(10, ++drawn)), 5));
    const answers = await Promise.all([cache.getOrRender(key("a"), render), cache.getOrRender(key("a"), render)]);
    expect(drawn).toBe(1);
    expect(answers[0]).toBe(answers[1]);
  });

  it("keeps within its bytes, letting the least recently used go first", async () => {
    const cache = createPageImageCache(250);
    await cache.getOrRender(key("a", 1), async () => image(100));
    await cache.getOrRender(key("a", 2), async () => image(100));
    await cache.getOrRender(key("a", 1), async () => image(100)); // page 1 used again
    await cache.getOrRender(key("a", 3), async () => image(100)); // page 2 goes
    expect(cache.stats()).toMatchObject({ bytes: 200, entries: 2, renders: 3, hits: 1 });
    await cache.getOrRender(key("a", 1), async () => image(100));
    expect(cache.stats().renders).toBe(3);
    await cache.getOrRender(key("a", 2), async () => image(100));
    expect(cache.stats().renders).toBe(4);
  });

  it.each([
    ["an image larger than the whole cache", async () => image(300)],
    ["a missing page", async () => undefined],
  ])("does not keep %s", async (_, render) => {
    const cache = createPageImageCache(250);
    await cache.getOrRender(key("a"), render);
    expect(cache.stats()).toMatchObject({ bytes: 0, entries: 0 });
  });

  it("keeps no failure: the next request draws again", async () => {
    const cache = createPageImageCache(1000);
    await expect(cache.getOrRender(key("a"), () => Promise.reject(new Error("unreadable")))).rejects.toThrow("unreadable");
    expect(await cache.getOrRender(key("a"), async () => image(10))).toBeDefined();
    expect(cache.stats()).toMatchObject({ renders: 2, entries: 1 });
  });

  it("tells versions of a document apart, and forgets a deleted document's pages", async () => {
    const cache = createPageImageCache(1000);
    await cache.getOrRender(key("a"), async () => image(10));
    await cache.getOrRender({ ...key("a"), version: "def-v1" }, async () => image(10));
    await cache.getOrRender(key("b"), async () => image(10));
    expect(cache.stats()).toMatchObject({ renders: 3, entries: 3 });
    cache.forgetDocument("a");
    expect(cache.stats()).toMatchObject({ entries: 1, bytes: 10 });
    await cache.getOrRender(key("b"), async () => image(10));
    expect(cache.stats().hits).toBe(1);
  });
});
