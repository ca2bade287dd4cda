/** Messages of the phone and address fields. */
export const fieldsDe = {
  'address.label': 'Adresse',
  'address.hint': 'Gib Straße und Hausnummer ein und wähle deine Adresse aus den Vorschlägen.',
  'address.pick-suggestion': 'Bitte wähle deine Adresse aus den Vorschlägen aus.',
  'address.suggestions': 'Adressvorschläge',
  'address.count.none': 'Keine passende Adresse gefunden.',
  'address.count.one': 'Ein Vorschlag. Mit den Pfeiltasten auswählen, mit Enter übernehmen.',
  'address.count.other': '{count} Vorschläge. Mit den Pfeiltasten auswählen, mit Enter übernehmen.',
  'address.chosen': 'Adresse übernommen: {address}',
  'address.unknown': 'Diese Adresse kennen wir nicht.',
  'address.unknown.next':
    'Prüfe Straße, Hausnummer und Postleitzahl, oder gib nur Straße und Ort ein und wähle deine Adresse aus den Vorschlägen.',
  'address.unknown.service': 'Findest du sie so nicht, hilft dir unser Kundenservice:',
  'address.unavailable': 'Die Adresssuche ist gerade nicht erreichbar. Bitte versuche es gleich noch einmal.',
  'address.rate-limited': 'Zu viele Suchanfragen. Bitte warte einen Moment.',
  'phone.label': 'Mobilfunknummer',
  'phone.region': 'Land und Vorwahl',
  'phone.hint': 'Zum Beispiel 0151 23456789',
  'address.choose': 'Bitte wähle deine Adresse aus den Vorschlägen:',
} as const;
