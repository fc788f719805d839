// The generated show page (src/views/ResourceShow.tsx).
export default {
  "show.noDefinition": "Keine Definition für {{resource}}",
};
