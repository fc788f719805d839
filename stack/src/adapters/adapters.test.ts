// Pins what the adapters rely on in pg, pg-protocol and ws: the versions package.json
// declares are the ones installed (pg-protocol: the one pg itself runs with), and each
// internal still has the shape and behaviour the stack uses. A library update that
// changes one fails here, not in a request.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Socket } from "node:net";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { WebSocket, WebSocketServer } from "ws";
import { backendPidOf, PgResult, prepareValue, serialize } from "./pg-internals.js";
import { tcpSocketOf } from "./ws-socket.js";

const require = createRequire(import.meta.url);
const stackPackage = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../package.json"), "utf8")) as {
  dependencies: Record<string, string>;
};
/** The package `name` as `from` resolves it: its folder's package.json (pg-protocol exports no ./package.json). */
function installed(name: string, from = require): { version: string; file: string } {
  let dir = path.dirname(from.resolve(name));
  while (!dir.endsWith(`${path.sep}node_modules${path.sep}${name}`) && dir !== path.dirname(dir))
    dir = path.dirname(dir);
  const file = path.join(dir, "package.json");
  return { version: (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version, file };
}

describe("declared and pinned", () => {
  it("pins pg, pg-protocol and ws at the installed versions", () => {
    for (const name of ["pg", "pg-protocol", "ws"]) {
      expect(stackPackage.dependencies[name], name).toBe(installed(name).version);
    }
  });

  it("declares the pg-protocol pg itself runs with", () => {
    const fromPg = createRequire(require.resolve("pg"));
    expect(installed("pg-protocol", fromPg)).toEqual(installed("pg-protocol"));
  });
});

describe("node-postgres internals (db/pipeline.ts, platform/cron.ts)", () => {
  it("parses rows with pg's Result and type parsers", () => {
    const result = new PgResult();
    result.addFields([
      { name: "n", dataTypeID: 23, format: "text" },
      { name: "ok", dataTypeID: 16, format: "text" },
    ]);
    result.addRow(result.parseRow(["42", "t"]));
    result.addCommandComplete({ text: "SELECT 1" });
    expect(result.rows).toEqual([{ n: 42, ok: true }]);
  });

  it("prepares parameters as client.query does", () => {
    expect(prepareValue([1, null, "a"])).toBe('{"1",NULL,"a"}');
    expect(prepareValue({ a: 1 })).toBe('{"a":1}');
    expect(prepareValue(Buffer.from("x"))).toEqual(Buffer.from("x"));
  });

  it("serialises the extended-protocol messages", () => {
    expect(serialize.sync()).toEqual(Buffer.from([0x53, 0, 0, 0, 4]));
    expect(serialize.execute()[0]).toBe(0x45);
    expect(serialize.parse({ text: "select 1", name: "s" })[0]).toBe(0x50);
    expect(serialize.bind({ statement: "s", values: [1], valueMapper: prepareValue })[0]).toBe(0x42);
    expect(serialize.describe({ type: "P", name: "" })[0]).toBe(0x44);
    expect(serialize.close({ type: "S", name: "s" })[0]).toBe(0x43);
  });

  it("gives a Submittable a Connection with its stream and sendCopyFail, and a client its pid field", () => {
    const client = new pg.Client();
    const connection = (client as unknown as { connection: { stream: unknown; sendCopyFail: unknown } }).connection;
    expect(connection.stream).toBeInstanceOf(Socket);
    expect(typeof connection.sendCopyFail).toBe("function");
    expect(backendPidOf(client)).toBeNull();
  });
});

describe("ws internals (realtime/socket.ts)", () => {
  it("exposes the TCP socket, and a frame written to it reaches the client", async () => {
    const server = new WebSocketServer({ port: 0, host: "127.0.0.1", perMessageDeflate: false });
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as { port: number };
    const serverSide = new Promise<WebSocket>((resolve) => server.once("connection", resolve));
    const client = new WebSocket(`ws://127.0.0.1:${port}`);
    const received = new Promise<string>((resolve) => client.once("message", (data) => resolve(String(data))));
    try {
      const socket = tcpSocketOf(await serverSide);
      expect(socket).toBeInstanceOf(Socket);
      // A final text frame, unmasked (server to client), as realtime/socket.ts writes them.
      socket?.write(Buffer.concat([Buffer.from([0x81, 2]), Buffer.from("hi")]));
      expect(await received).toBe("hi");
    } finally {
      client.terminate();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
