// Parse failures carry what PostgREST's parsec errors say: which parameter, the input,
// and where it went wrong. rest/http turns them into PGRST100.
export class ParseError extends Error {
  constructor(
    /** e.g. `failed to parse filter (eq.)` */
    readonly what: string,
    readonly details: string,
    readonly column = 1,
  ) {
    super(`"${what}" (line 1, column ${column})`);
  }
}
