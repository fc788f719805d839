// Points a browser context at a world without the app knowing (docs/qa.md): requests to
// the Supabase URL the app is built with go to the world's gateway instead
// (`context.route` + `route.fetch`), and its realtime WebSockets are proxied frame by
// frame to the world's (`context.routeWebSocket`: Playwright cannot redirect a socket,
// so the kit opens the world's socket itself and relays both ways).
import type { APIResponse, BrowserContext, Route, WebSocketRoute } from "@playwright/test";
import WebSocket from "ws";

/** Close codes a page's WebSocket may be given (1000, or 3000–4999). */
function sendableCode(code: number): number | undefined {
  return code === 1000 || (code >= 3000 && code <= 4999) ? code : undefined;
}

/** A realtime frame the kit relayed between a page and its world (`world.onFrame`). */
export interface RelayedFrame {
  direction: "sent" | "received";
  /** The socket's URL as the app opened it. */
  url: string;
  payload: string | Buffer;
}

export interface WorldRoute {
  /** Closes every proxied socket as a network failure would (`faults.dropRealtime`); returns how many. */
  dropSockets(): number;
  /** Calls `listener` with every frame relayed from now on (a relayed socket raises no page "websocket" event). */
  onFrame(listener: (frame: RelayedFrame) => void): void;
  /** Answers a request of the app's Supabase URL from the world (for a test's own route handler: `route.fetch()` would go to the app's address). */
  fetch(route: Route): Promise<APIResponse>;
}

/** The origins an app may name the same local API by (127.0.0.1 and localhost). */
function appOrigins(appUrl: string): Set<string> {
  const url = new URL(appUrl);
  const origins = new Set([url.origin]);
  if (url.hostname === "127.0.0.1" || url.hostname === "localhost") {
    for (const host of ["127.0.0.1", "localhost"])
      origins.add(`${url.protocol}//${host}${url.port ? `:${url.port}` : ""}`);
  }
  return origins;
}

export async function routeToWorld(context: BrowserContext, appUrl: string, worldUrl: string): Promise<WorldRoute> {
  const origins = appOrigins(appUrl);
  const basePath = new URL(appUrl).pathname.replace(/\/$/, "");
  const world = new URL(worldUrl);
  const target = (url: URL) => `${world.origin}${url.pathname.slice(basePath.length)}${url.search}`;
  const httpOrigin = (url: URL) => `${url.protocol.replace(/^ws/, "http")}//${url.host}`;
  const matches = (url: URL) => origins.has(httpOrigin(url)) && url.pathname.startsWith(basePath);

  // Chromium's offline emulation never reaches a request a route answers from Node, so the
  // kit follows the context's own switch: after `context.setOffline(true)` the world's
  // requests fail as every other request of the page does (net::ERR_INTERNET_DISCONNECTED).
  // Without it a save pressed "offline" reached the world whenever the page had not yet
  // seen its `offline` event. Relayed realtime sockets are not cut (docs/qa.md).
  let offline = false;
  const setOffline = context.setOffline.bind(context);
  context.setOffline = async (value: boolean) => {
    offline = value;
    await setOffline(value);
  };

  await context.route(matches, async (route) => {
    if (offline) return route.abort("internetdisconnected");
    const url = new URL(route.request().url());
    try {
      const response = await route.fetch({ url: target(url), maxRedirects: 0 });
      await route.fulfill({ response });
    } catch {
      // The world cut the connection (an injected fault) or the test ended meanwhile.
      await route.abort("connectionreset").catch(() => {});
    }
  });

  const sockets = new Set<WebSocket>();
  const listeners: ((frame: RelayedFrame) => void)[] = [];
  const emit = (frame: RelayedFrame) => {
    for (const listener of listeners) listener(frame);
  };
  await context.routeWebSocket(matches, (page: WebSocketRoute) => {
    const url = new URL(page.url());
    const upstream = new WebSocket(
      `${world.protocol === "https:" ? "wss" : "ws"}://${world.host}${target(url).slice(world.origin.length)}`,
    );
    sockets.add(upstream);
    const pending: (string | Buffer)[] = [];
    upstream.on("open", () => {
      for (const message of pending.splice(0)) upstream.send(message);
    });
    upstream.on("message", (data, isBinary) => {
      const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
      const payload = isBinary ? bytes : bytes.toString("utf8");
      page.send(payload);
      emit({ direction: "received", url: url.href, payload });
    });
    upstream.on("close", (code, reason) => {
      sockets.delete(upstream);
      page.close({ code: sendableCode(code), reason: reason.toString("utf8") }).catch(() => {});
    });
    upstream.on("error", () => {});
    page.onMessage((message) => {
      emit({ direction: "sent", url: url.href, payload: message });
      if (upstream.readyState === WebSocket.OPEN) upstream.send(message);
      else if (upstream.readyState === WebSocket.CONNECTING) pending.push(message);
    });
    page.onClose((code, reason) => {
      sockets.delete(upstream);
      if (upstream.readyState === WebSocket.OPEN) upstream.close(sendableCode(code ?? 1000), reason);
      else upstream.terminate();
    });
  });

  return {
    dropSockets() {
      const count = sockets.size;
      for (const socket of [...sockets]) socket.terminate();
      return count;
    },
    onFrame(listener) {
      listeners.push(listener);
    },
    fetch(route) {
      return route.fetch({ url: target(new URL(route.request().url())), maxRedirects: 0 });
    },
  };
}
