// An SVG as an <img> source. auth-js hands the authenticator app's QR code over as
// `data:image/svg+xml;utf-8,<svg …>`, the markup pasted in unescaped: its first `#` (in
// `fill="#ffffff"`) starts the URL's fragment, so the browser read a cut-off SVG and showed a
// broken image. Percent-encoding the markup makes the data URL whole. An <img> never runs an
// SVG's scripts or loads what it links, so the server's markup is shown, never executed.

const SVG_DATA = /^data:image\/svg\+xml([^,]*),/i;

/** A data URL that shows `svg` (markup, or a data URL carrying it) as an image. */
export function svgImageSource(svg: string): string {
  const header = SVG_DATA.exec(svg);
  if (header && /;base64/i.test(header[1])) return svg;
  const payload = header ? svg.slice(header[0].length) : svg;
  const markup = payload.trimStart().startsWith("<") ? payload : safeDecode(payload);
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`;
}

/** Markup already percent-encoded by the server; kept as it is when it is not. */
function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
