// Refine's notification titles ("Error (status code: 409)" by default) say what failed instead.
// The description under the title is the docs/product.md §8 message from the data provider.
export default {
  "notifications.createError": "Could not create the {{resource}}",
  "notifications.editError": "Could not save the {{resource}}",
  "notifications.deleteError": "Could not delete the {{resource}}",
  "notifications.error": "Something went wrong",
  "notifications.createSuccess": "The {{resource}} was created",
  "notifications.editSuccess": "The {{resource}} was saved",
  "notifications.deleteSuccess": "The {{resource}} was deleted",
};
