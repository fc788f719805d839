// The operator's saved views of one list, loaded once and refreshed after each change.
import { useTranslate } from "@refinedev/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { supabase } from "../../providers/supabaseClient";
import { type SavedViewInput, savedViewsApi } from "./savedViewsApi";

export function useSavedViews(resource: string) {
  const t = useTranslate();
  const api = savedViewsApi(supabase, t);
  const queryClient = useQueryClient();
  const queryKey = ["saved_views", resource];
  const views = useQuery({ queryKey, queryFn: () => api.list(resource) });
  const onSettled = () => queryClient.invalidateQueries({ queryKey });

  const create = useMutation({ mutationFn: api.create, onSettled });
  const update = useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: Partial<SavedViewInput> }) => api.update(id, patch),
    onSettled,
  });
  const remove = useMutation({ mutationFn: api.remove, onSettled });
  return { views, create, update, remove };
}
