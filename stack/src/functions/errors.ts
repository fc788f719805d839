// The functions service's error catalogue: the edge runtime's `{code, message}`
// bodies, and the verify_jwt gate's `{msg}`, each written once.
import type { FastifyReply } from "fastify";

/** Past this a request body is refused (413) while it streams: hosted sets no figure of its own. */
export const FUNCTIONS_BODY_LIMIT = 20 * 1024 * 1024;

export const FUNCTION_ERRORS = {
  workerError: { code: "WORKER_ERROR", message: "Function exited due to an error (please check logs)" },
  bootError: { code: "BOOT_ERROR", message: "Worker failed to boot (please check logs)" },
  requestTooLarge: {
    code: "REQUEST_TOO_LARGE",
    message: `Request body exceeds the limit of ${FUNCTIONS_BODY_LIMIT} bytes`,
  },
  notFound: "Function not found",
};

export function sendJson(
  reply: FastifyReply,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  reply.raw.writeHead(status, { "content-type": "application/json", ...headers });
  reply.raw.end(JSON.stringify(body));
}
