// The database's field errors on a form in the operator's language. Refine puts the
// providers' English messages on the fields; this replaces them with their translation.
import type { HttpError } from "@refinedev/core";
import type { FormInstance } from "antd";
import { localizeMessage, type Translate } from "../../i18n/messages";

export function showFieldErrors(form: FormInstance | undefined, error: HttpError, t: Translate): void {
  const fields = Object.entries(error.errors ?? {}).flatMap(([name, messages]) => {
    const list = Array.isArray(messages) ? messages : typeof messages === "string" ? [messages] : [];
    return list.length > 0 ? [{ name, errors: list.map((message) => localizeMessage(message, t)) }] : [];
  });
  form?.setFields(fields);
}
