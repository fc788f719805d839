// The operator's saved views of one list, loaded once and refreshed after each change.
import { useTranslate } from "@refinedev/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { backend } from "../../providers/backend";
import type { SavedViewInput } from "../../providers/savedViews";

export function useSavedViews(resource: string) {
  const t = useTranslate();
  const api = backend.savedViews(t);
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
