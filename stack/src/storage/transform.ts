// Image transformations as storage-api asks imgproxy for them, done here with
// sharp: width/height (clamped to 1–2000), resize cover/contain/fill (imgproxy's
// fill/fit/force), quality, and format (origin, webp, avif; without one, WebP when
// the client accepts it, as the CLI's imgproxy detects). Sources sharp cannot read
// are refused with storage-api's message for what imgproxy reports.
import sharp, { type FormatEnum, type Sharp } from "sharp";
import { ERRORS } from "./errors.js";

export interface TransformOptions {
  width?: number;
  height?: number;
  resize?: string;
  format?: string;
  quality?: number;
}

const SIZE = { min: 1, max: 2000 };
/** imgproxy's IMGPROXY_MAX_SRC_RESOLUTION default: 16.8 megapixels. */
const MAX_SOURCE_PIXELS = 16_800_000;
/** Formats sharp writes back as they came; anything else (SVG, HEIF, …) comes out as PNG. */
const OUTPUT_AS_SOURCE = new Set(["jpeg", "png", "webp", "avif", "gif", "tiff"]);
const MIME: Record<string, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
  gif: "image/gif",
  tiff: "image/tiff",
};

const clamp = (n: number) => Math.min(SIZE.max, Math.max(SIZE.min, n));
const invalid = ERRORS.invalidRequest;

/**
 * storage-api's ImageRenderer.applyTransformation: the imgproxy segments the
 * X-Transformations header shows, or with `keepOriginal` the form a signed URL
 * token carries (`resize:<as given>`).
 */
export function transformationSegments(options: TransformOptions, keepOriginal = false): string[] {
  const segments: string[] = [];
  if (options.height) segments.push(`height:${clamp(options.height)}`);
  if (options.width) segments.push(`width:${clamp(options.width)}`);
  if (options.width || options.height) {
    segments.push(keepOriginal ? `resize:${options.resize}` : `resizing_type:${resizingType(options.resize)}`);
  }
  if (options.quality) segments.push(`quality:${options.quality}`);
  if (options.format && options.format !== "origin") segments.push(`format:${options.format}`);
  return segments;
}

/** The token's `transformations` back into options (ImageRenderer.setTransformationsFromString). */
export function transformFromSegments(text: string): TransformOptions {
  const options: TransformOptions = {};
  for (const part of text.split(",")) {
    const [name, value] = part.split(":");
    if (!value) continue;
    if (name === "height" || name === "width" || name === "quality") options[name] = Number.parseInt(value, 10);
    if (name === "resize" || name === "format") options[name] = value;
  }
  return options;
}

function resizingType(resize: string | undefined): "fill" | "fit" | "force" {
  if (resize === "contain") return "fit";
  if (resize === "fill") return "force";
  return "fill";
}

const SHARP_FIT = { fill: "cover", fit: "inside", force: "fill" } as const;

function outputFormat(options: TransformOptions, source: string, accept: string | undefined): string {
  if (options.format === "webp" || options.format === "avif") return options.format;
  if (options.format !== "origin" && accept?.includes("image/webp")) return "webp";
  return OUTPUT_AS_SOURCE.has(source) ? source : "png";
}

/** What imgproxy would answer, in storage-api's words. */
function sourceError(err: unknown) {
  const message = (err as Error).message ?? "";
  if (/pixel limit/i.test(message)) return invalid("The source image resolution is too large to process");
  return invalid("The source image is invalid or unsupported for rendering");
}

interface RenderedImage {
  body: Buffer;
  contentType: string;
  transformations: string[];
}

export async function renderImage(
  source: Buffer,
  options: TransformOptions,
  accept: string | undefined,
): Promise<RenderedImage> {
  let format: string;
  let image: Sharp;
  try {
    image = sharp(source, { limitInputPixels: MAX_SOURCE_PIXELS, animated: true });
    const meta = await image.metadata();
    format = outputFormat(options, meta.format ?? "", accept);
  } catch (err) {
    throw sourceError(err);
  }
  if (options.width || options.height) {
    image = image.resize({
      width: options.width ? clamp(options.width) : undefined,
      height: options.height ? clamp(options.height) : undefined,
      fit: SHARP_FIT[resizingType(options.resize)],
      withoutEnlargement: true,
    });
  }
  try {
    const body = await image
      .rotate()
      .toFormat(format as keyof FormatEnum, options.quality ? { quality: options.quality } : {})
      .toBuffer();
    return {
      body,
      contentType: MIME[format] ?? "application/octet-stream",
      transformations: transformationSegments(options),
    };
  } catch (err) {
    throw sourceError(err);
  }
}
