import { describe, expect, it } from "vitest";
import { scriptSources } from "../bench/page-js";

describe("scriptSources", () => {
  it("lists each /_next/static script once, in order, marking nomodule ones", () => {
    const html = [
      '<script src="/_next/static/chunks/polyfills-1.js" noModule=""></script>',
      '<link rel="preload" as="script" href="/_next/static/chunks/ignored.js"/>',
      '<script src="/_next/static/chunks/webpack-2.js" async=""></script>',
      '<script>self.__next_f.push([1,"inline"])</script>',
      '<script src="https://cdn.example/other.js"></script>',
      '<script async src="/_next/static/chunks/app/page-3.js?dpl=a&amp;b"></script>',
      '<script src="/_next/static/chunks/webpack-2.js" async=""></script>',
    ].join("");
    expect(scriptSources(html)).toEqual([
      { src: "/_next/static/chunks/polyfills-1.js", noModule: true },
      { src: "/_next/static/chunks/webpack-2.js", noModule: false },
      { src: "/_next/static/chunks/app/page-3.js?dpl=a&b", noModule: false },
    ]);
  });
});
