// The one notice beside Save (SaveBar.tsx), by priority: a save waiting for the server, a stale
// version with its Reload, a refusal that names no field (field errors show on the fields), or
// a draft the form came back with; null when there is none, so SaveBar leaves its place out.
// Its message is the refusal's, worded by its code in src/providers/errors.ts.
import { Alert } from "antd";
import type { ReactNode } from "react";
import { localizeMessage, type Translate } from "../../i18n/messages";
import { StaleNotice } from "../live/ConflictNotice";
import { DraftRestored, SaveWaiting } from "../saving/SaveStatus";
import type { FormSave } from "./useResourceFormSave";

export function saveNotice(save: FormSave, t: Translate): ReactNode {
  const { state, formError, draft, mutation } = save;
  if (state.waiting) return <SaveWaiting />;
  if (state.stale) return <StaleNotice onReload={save.reload} />;
  if (formError && !state.hasFieldErrors)
    return <Alert type="error" showIcon message={localizeMessage(formError.message, t)} />;
  if (draft.restoredFrom === undefined || mutation.isPending) return null;
  return (
    <DraftRestored at={draft.restoredFrom} resent={draft.resent} onDiscard={draft.resent ? undefined : draft.discard} />
  );
}
