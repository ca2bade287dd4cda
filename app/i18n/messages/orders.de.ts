/**
 * Messages of paid orders: the summary right before a button that concludes or extends a paid obligation, and what it
 * says of a tariff (docs/decisions/0059-paid-orders-summary-before-the-button.md).
 */
export const ordersDe = {
  'order.summary.title': 'Deine Bestellung',
  // Without JavaScript the page cannot know which tariff is chosen now: it points at the choice, whose options
  // carry price and term.
  'order.register.chosen-above':
    'Du bestellst den Tarif, den du oben unter „Tarif“ gewählt hast, mit der Grundgebühr, dem Fahrpreis und der Laufzeit, die dort bei ihm stehen.',
  'order.register.none-chosen': 'Du hast noch keinen Tarif gewählt. Bitte wähle oben unter „Tarif“ einen aus.',
  'tariff.offer': '{name} – Grundgebühr: {fee}; Fahrpreis: {ride}; {term}',
  'tariff.ride-by-vehicle-class': 'je nach Fahrzeugklasse pro Stunde und Kilometer, siehe Preisverzeichnis',
  'tariff.ride-by-vehicle-class.short': 'je nach Fahrzeugklasse',
  'term.short.none': 'ohne Mindestlaufzeit',
  'term.short.monthly': 'monatlich kündbar',
  'term.short.annual': '{months} Monate Erstlaufzeit',

  'tariff-change.continue': 'Weiter zur Übersicht',
  'tariff-change.review.title': 'Dein Tarifwechsel',
  'tariff-change.review.intro': 'Bitte prüfe deinen neuen Tarif. Erst mit dem Button unten wechselst du.',
  'tariff-change.review.current': 'Bisheriger Tarif',
  'tariff-change.review.effective': 'Gilt ab',
  'tariff-change.review.now': 'sofort, ab heute ({date}); die Laufzeit des neuen Tarifs beginnt heute',
  'tariff-change.review.from': '{date}; bis dahin gilt dein bisheriger Tarif',
  'tariff-change.review.other': 'Anderen Tarif wählen',
  'tariff-change.submit.paid': 'Zahlungspflichtig wechseln',
  'tariff-change.review-outdated':
    'Seit deiner Auswahl hat sich an deinem Vertrag oder am Tarif etwas geändert. Bitte prüfe die Übersicht und bestätige noch einmal.',
} as const;
