// The generated show page (src/features/show/ResourceShow.tsx).
export default {
  "show.noDefinition": "Keine Definition für {{resource}}",
};
