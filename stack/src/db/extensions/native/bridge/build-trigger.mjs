// Run by Postgres (COPY ... TO PROGRAM, as the server's OS user) from an extension's
// install script when its C library is missing: asks the stack's bridge, whose socket
// is the first argument, to build extension argv[3] and exits 0 once it is installed.
// See db/extensions/native/index.ts.
import net from "node:net";

const [socketPath, name] = process.argv.slice(2);
const body = Buffer.from(name, "utf8");
const frame = Buffer.alloc(4 + 1 + 2 + 4 + body.length);
frame.writeUInt32BE(frame.length - 4, 0);
frame.write("B", 4, "latin1");
frame.writeUInt16BE(1, 5);
frame.writeInt32BE(body.length, 7);
body.copy(frame, 11);
const socket = net.connect(socketPath, () => socket.write(frame));
let reply = Buffer.alloc(0);
socket.on("data", (chunk) => {
  reply = Buffer.concat([reply, chunk]);
  if (reply.length >= 5 && reply.length >= 4 + reply.readUInt32BE(0)) {
    process.exitCode = reply.toString("latin1", 4, 5) === "k" ? 0 : 1;
    socket.end();
  }
});
socket.on("error", () => {
  process.exitCode = 2;
});
