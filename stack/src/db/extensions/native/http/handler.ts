// The stack's side of pgsql-http: performs one request a backend's `http()` sent over
// the bridge (http/http.c) and answers status, content type, body and headers, the way
// pgsql-http's libcurl setup does: http and https only, up to 5 redirects (none for
// HEAD), bodies decompressed, the body transcoded from the charset the content type
// names, and the session's curl options applied. See docs/extensions-native.md.
import { promisify } from "node:util";
import zlib from "node:zlib";
import { Agent, type Dispatcher, request } from "undici";
import type { Logger } from "../../../../shared/log.js";
import { text } from "../bridge/protocol.js";
import type { BridgeHandler } from "../bridge/server.js";

/** Larger bodies are refused: a backend would hold them in one text value. */
const MAX_BODY = 256 * 1024 * 1024;

const decoders: Record<string, (b: Buffer) => Promise<Buffer>> = {
  gzip: promisify(zlib.gunzip),
  "x-gzip": promisify(zlib.gunzip),
  deflate: promisify(zlib.inflate),
  br: promisify(zlib.brotliDecompress),
};

/** The request as http/http.c sends it. */
interface HttpCall {
  method: string;
  uri: string;
  contentType: string | null;
  content: string | null;
  options: Map<string, string>;
  headers: [string, string][];
}

function parseCall(fields: (Buffer | null)[]): HttpCall {
  const options = new Map<string, string>();
  for (const line of (text(fields[4]) ?? "").split("\n")) {
    const eq = line.indexOf("=");
    if (eq > 0) options.set(line.slice(0, eq).toUpperCase(), line.slice(eq + 1));
  }
  const headers: [string, string][] = [];
  for (let i = 5; i + 1 < fields.length; i += 2) {
    const name = text(fields[i]);
    if (name) headers.push([name, text(fields[i + 1]) ?? ""]);
  }
  return {
    method: text(fields[0]) ?? "GET",
    uri: text(fields[1]) ?? "",
    contentType: text(fields[2]),
    content: text(fields[3]),
    options,
    headers,
  };
}

function timeoutOf(options: Map<string, string>): number | undefined {
  const ms = Number(options.get("CURLOPT_TIMEOUT_MS"));
  if (ms > 0) return ms;
  const s = Number(options.get("CURLOPT_TIMEOUT"));
  if (s > 0) return s * 1000;
  const guc = Number(options.get("HTTP.TIMEOUT_MSEC"));
  return guc > 0 ? guc : undefined;
}

/** undici's dispatcher for the TLS options the session set (the default one otherwise). */
function dispatcherFor(options: Map<string, string>): Dispatcher | undefined {
  const verifyPeer = options.get("CURLOPT_SSL_VERIFYPEER");
  const verifyHost = options.get("CURLOPT_SSL_VERIFYHOST");
  const connectMs =
    Number(options.get("CURLOPT_CONNECTTIMEOUT_MS")) || Number(options.get("CURLOPT_CONNECTTIMEOUT")) * 1000 || 0;
  const insecure = verifyPeer === "0" || verifyHost === "0";
  if (!insecure && !connectMs) return undefined;
  return new Agent({
    connect: {
      ...(insecure && { rejectUnauthorized: false }),
      ...(connectMs > 0 && { timeout: connectMs }),
    },
  });
}

/** Words a failure as libcurl's messages read (pgsql-http raises them as they are). */
function failure(err: unknown, url: URL, timeout: number | undefined): string {
  const e = err as NodeJS.ErrnoException & { cause?: NodeJS.ErrnoException };
  const code = e.code ?? e.cause?.code ?? e.name;
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return `Could not resolve host: ${url.hostname}`;
  if (code === "ECONNREFUSED") return `Failed to connect to ${url.hostname} port ${port}: Connection refused`;
  const timedOut = code === "TimeoutError" || /aborted due to timeout/.test(e.message);
  if (timedOut || code === "UND_ERR_HEADERS_TIMEOUT" || code === "UND_ERR_BODY_TIMEOUT") {
    return `Operation timed out after ${timeout ?? 0} milliseconds`;
  }
  if (code === "UND_ERR_CONNECT_TIMEOUT") return `Connection timed out to ${url.hostname} port ${port}`;
  if (/CERT|SSL|TLS/i.test(String(code))) return `SSL certificate problem: ${e.message}`;
  if (code === "UND_ERR_MAX_REDIRECTIONS" || /redirect/i.test(e.message)) return "Maximum (5) redirects followed";
  return e.message;
}

async function perform(call: HttpCall): Promise<(string | Buffer | null)[]> {
  let url: URL;
  try {
    url = new URL(call.uri);
  } catch {
    throw new Error(`URL using bad/illegal format or missing URL: ${call.uri}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error(`Protocol "${url.protocol.replace(/:$/, "")}" not supported or disabled in libcurl`);
  }
  const headers: Record<string, string | string[]> = { "accept-encoding": "gzip, deflate, br", charsets: "utf-8" };
  const agent = call.options.get("CURLOPT_USERAGENT");
  if (agent) headers["user-agent"] = agent;
  const userpwd = call.options.get("CURLOPT_USERPWD");
  if (userpwd) headers.authorization = `Basic ${Buffer.from(userpwd).toString("base64")}`;
  for (const [name, value] of call.headers) {
    // pgsql-http takes the content type from its own field only.
    if (name.toLowerCase() === "content-type") continue;
    const key = name.toLowerCase();
    const existing = headers[key];
    headers[key] = existing === undefined ? value : ([] as string[]).concat(existing, value);
  }
  if (call.content !== null && call.contentType) headers["content-type"] = call.contentType;
  const method = call.method.toUpperCase();
  const timeout = timeoutOf(call.options);
  const dispatcher = dispatcherFor(call.options);
  try {
    const response = await request(url, {
      method: method as Dispatcher.HttpMethod,
      headers,
      body: call.content ?? undefined,
      maxRedirections: method === "HEAD" ? 0 : 5,
      ...(dispatcher && { dispatcher }),
      ...(timeout && { signal: AbortSignal.timeout(timeout) }),
    });
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body) {
      size += (chunk as Buffer).length;
      if (size > MAX_BODY) {
        response.body.destroy();
        throw new Error(`the response body is larger than ${MAX_BODY} bytes`);
      }
      chunks.push(chunk as Buffer);
    }
    let body: Buffer = Buffer.concat(chunks);
    const encoding = String(response.headers["content-encoding"] ?? "")
      .toLowerCase()
      .trim();
    if (body.length > 0 && decoders[encoding]) body = await decoders[encoding](body);
    const contentType = response.headers["content-type"];
    const type = Array.isArray(contentType) ? contentType[0] : (contentType ?? null);
    const charset = /charset\s*=\s*"?([^";\s]+)/i.exec(type ?? "")?.[1]?.toLowerCase();
    if (charset && charset !== "utf-8" && charset !== "utf8") {
      try {
        body = Buffer.from(new TextDecoder(charset).decode(body), "utf8");
      } catch {
        // An unknown charset: the bytes are kept, as pgsql-http keeps them.
      }
    }
    const out: (string | Buffer | null)[] = [String(response.statusCode), type, body.length > 0 ? body : null];
    for (const [name, value] of Object.entries(response.headers)) {
      for (const v of ([] as (string | undefined)[]).concat(value)) if (v !== undefined) out.push(name, v);
    }
    return out;
  } catch (err) {
    throw new Error(failure(err, url, timeout));
  } finally {
    await dispatcher?.close().catch(() => {});
  }
}

export function httpHandler(log: Logger): BridgeHandler {
  return async (frame, connection) => {
    const call = parseCall(frame.fields);
    try {
      connection.send("h", await perform(call));
    } catch (err) {
      log.debug(`http ${call.method} ${call.uri} failed`, err);
      connection.send("e", ["XX000", (err as Error).message, null, null]);
    }
  };
}
