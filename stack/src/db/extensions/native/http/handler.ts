import type { Logger } from "../../../../shared/log.js";
import type { BridgeHandler } from "../bridge/server.js";

export function httpHandler(_log: Logger): BridgeHandler {
  return async (_frame, connection) => {
    connection.send("e", ["0A000", "not yet", null, null]);
  };
}
