// Similar products, possible duplicates and merging (src/features/similar, src/pages/customers).
export default {
  "similar.products.title": "Ähnliche Produkte",
  "similar.products.none": "Noch keine ähnlichen Produkte.",
  "similar.customers.title": "Mögliche Dubletten: Diesen Kunden gibt es vielleicht schon.",
  "duplicates.title": "Mögliche Dubletten",
  "duplicates.reload": "Neu laden",
  "duplicates.none": "Keine möglichen Dubletten.",
  "duplicates.customer": "Kunde",
  "duplicates.otherCustomer": "Mögliche Dublette",
  "duplicates.similarity": "Ähnlichkeit",
  "duplicates.actions": "Aktionen",
  "duplicates.orders_one": "{{count}} Bestellung",
  "duplicates.orders_other": "{{count}} Bestellungen",
  "duplicates.merge": "Zusammenführen",
  "duplicates.mergeTitle": "Kunden zusammenführen",
  "duplicates.keepWhich": "Welchen Kunden behalten Sie?",
  "duplicates.consequence_one":
    "Die Bestellung von {{removed}} geht an {{kept}}, und {{removed}} wird gelöscht. Das Audit-Log hält beides fest.",
  "duplicates.consequence_other":
    "Die {{count}} Bestellungen von {{removed}} gehen an {{kept}}, und {{removed}} wird gelöscht. Das Audit-Log hält beides fest.",
  "duplicates.merged": "In {{name}} zusammengeführt.",
};
