// Refine keys its hooks call without an English default (the breadcrumb's action names).
export default {
  "actions.list": "List",
  "actions.create": "Create",
  "actions.edit": "Edit",
  "actions.show": "Show",
  "actions.clone": "Clone",
};
