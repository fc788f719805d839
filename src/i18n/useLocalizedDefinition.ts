// The definition a generated screen shows, re-translated when the language changes.
import { useTranslate } from "@refinedev/core";
import { useMemo } from "react";
import type { ResourceDefinition } from "../resources/types";
import { localizeDefinition } from "./localizeDefinition";

export function useLocalizedDefinition(def: ResourceDefinition): ResourceDefinition {
  const t = useTranslate();
  return useMemo(() => localizeDefinition(def, t), [def, t]);
}
