// Why a native extension cannot work here, and what to do: the stack logs it and the
// extension's script raises it at `create extension`, never a bare "not available".
export class NativeUnavailable extends Error {
  constructor(
    readonly reason: string,
    readonly remedy: string,
  ) {
    super(`${reason}. Fix: ${remedy}`);
  }
}

/** The message `create extension <name>` fails with. */
export function unavailableMessage(extension: string, err: unknown): string {
  const reason = err instanceof NativeUnavailable ? err.message : (err as Error).message;
  return `extension "${extension}" needs its C library, which the Opsdesk stack compiles on first use, and it could not be made: ${reason}`;
}
