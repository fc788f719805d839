import { describe, expect, it } from "vitest";
import { svgImageSource } from "./svgImage";

// What auth-js makes of an enrolment's qr_code: its prefix before the server's raw markup.
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path fill="#ffffff" d="M0 0h29v29H0z"/><path stroke="#000000" d="M4 4.5h7"/></svg>';
const FROM_AUTH_JS = `data:image/svg+xml;utf-8,${SVG}`;

/** What a browser reads from a data URL: everything before a `#`, percent-decoded. */
const browserReads = (url: string) => decodeURIComponent(url.split("#")[0].slice(url.indexOf(",") + 1));

describe("svgImageSource", () => {
  it("keeps the whole QR code: auth-js's URL is cut off at the first #", () => {
    expect(browserReads(FROM_AUTH_JS)).not.toBe(SVG);
    const source = svgImageSource(FROM_AUTH_JS);
    expect(source).not.toContain("#");
    expect(source.startsWith("data:image/svg+xml;charset=utf-8,")).toBe(true);
    expect(browserReads(source)).toBe(SVG);
  });

  it("takes plain markup and markup the server encoded already", () => {
    expect(browserReads(svgImageSource(SVG))).toBe(SVG);
    expect(browserReads(svgImageSource(`data:image/svg+xml;utf-8,${encodeURIComponent(SVG)}`))).toBe(SVG);
  });

  it("leaves a base64 data URL as it is", () => {
    const base64 = `data:image/svg+xml;base64,${btoa(SVG)}`;
    expect(svgImageSource(base64)).toBe(base64);
  });
});
