/** Bike reports (found, lost or stolen, damaged) and the terminal's kiosk flows. */
export const bikeReportsDe = {
  'bike-report.intro':
    'Du hast ein Rad gefunden, dein Rad ist weg oder eins ist beschädigt? Sag uns Bescheid. Pflichtfelder sind mit * markiert.',
  'bike-report.kind.legend': 'Was möchtest du melden?',
  'bike-report.kind.found': 'Ich habe ein Rad gefunden',
  'bike-report.kind.found.hint': 'Zum Beispiel ein Rad, das herrenlos außerhalb einer Station steht.',
  'bike-report.kind.lost': 'Mein Rad ist verloren gegangen oder wurde gestohlen',
  'bike-report.kind.lost.hint': 'Für ein Rad, das du ausgeliehen hast. Dafür musst du angemeldet sein.',
  'bike-report.kind.lost.login': 'Anmelden, um ein verlorenes oder gestohlenes Rad zu melden',
  'bike-report.kind.lost.terminal':
    'Ein verlorenes oder gestohlenes Rad meldest du bitte in der App oder nach der Anmeldung auf unserer Website.',
  'bike-report.kind.damaged': 'Ein Rad ist beschädigt',
  'bike-report.kind.damaged.hint': 'Zum Beispiel ein platter Reifen, ein loser Sattel oder defekte Bremsen.',
  'bike-report.kind.required': 'Bitte wähle aus, was du melden möchtest.',
  'bike-report.kind.login-required': 'Bitte melde dich an, um ein verlorenes oder gestohlenes Rad zu melden.',
  'bike-report.details.legend': 'Angaben zum Rad',
  'bike-report.bike-number': 'Radnummer',
  'bike-report.bike-number.hint': '4 bis 6 Ziffern. Du findest sie auf dem Schutzblech und am Schloss.',
  'bike-report.bike-number.required': 'Bitte gib die Radnummer ein.',
  'bike-report.bike-number.invalid': 'Die Radnummer besteht aus 4 bis 6 Ziffern, zum Beispiel 12345.',
  'bike-report.seen-date': 'Gesehen am',
  'bike-report.seen-time': 'Uhrzeit',
  'bike-report.seen-time.hint': 'Format: HH:MM, zum Beispiel 14:30',
  'bike-report.time.invalid': 'Bitte gib eine gültige Uhrzeit im Format HH:MM ein.',
  'bike-report.seen-at.future': 'Der Zeitpunkt darf nicht in der Zukunft liegen.',
  'bike-report.seen-at.too-old': 'Der Zeitpunkt darf höchstens ein Jahr zurückliegen.',
  'bike-report.location.legend': 'Wo steht das Rad?',
  'bike-report.location.hint': 'Wähle eine Adresse aus den Vorschlägen oder verwende deinen aktuellen Standort.',
  'bike-report.location.hint.terminal': 'Wähle eine Adresse aus den Vorschlägen.',
  'bike-report.location.required':
    'Bitte gib an, wo das Rad steht: Wähle eine Adresse aus den Vorschlägen oder verwende deinen Standort.',
  'bike-report.address.label': 'Adresse in der Nähe',
  'bike-report.position.button': 'Meinen Standort verwenden',
  'bike-report.position.locating': 'Dein Standort wird ermittelt …',
  'bike-report.position.found': 'Standort übernommen: {coordinates}',
  'bike-report.position.accuracy': 'auf etwa {meters} m genau',
  'bike-report.position.remove': 'Standort entfernen',
  'bike-report.position.removed': 'Standort entfernt.',
  'bike-report.position.denied':
    'Du hast den Zugriff auf deinen Standort nicht erlaubt. Erlaube ihn in den Einstellungen deines Browsers oder wähle eine Adresse aus den Vorschlägen.',
  'bike-report.position.unavailable':
    'Dein Standort lässt sich gerade nicht bestimmen. Bitte wähle eine Adresse aus den Vorschlägen.',
  'bike-report.position.timeout':
    'Die Standortbestimmung hat zu lange gedauert. Versuche es noch einmal oder wähle eine Adresse aus den Vorschlägen.',
  'bike-report.position.outside':
    'Dein Standort liegt außerhalb Deutschlands. Bitte wähle eine Adresse aus den Vorschlägen.',
  'bike-report.description': 'Beschreibung',
  'bike-report.description.hint':
    'Optional, höchstens {max} Zeichen. Was ist dir aufgefallen, zum Beispiel der Schaden oder genauere Angaben zum Ort?',
  'bike-report.description.too-long': 'Die Beschreibung darf höchstens {max} Zeichen lang sein.',
  'bike-report.contact.legend': 'Kontakt',
  'bike-report.email.hint.anonymous': 'An diese Adresse schicken wir dir die Referenznummer deiner Meldung.',
  'bike-report.email.hint.customer':
    'Aus deinem Konto übernommen. Ohne Angabe geht die Bestätigung an die E-Mail-Adresse deines Kontos.',
  'bike-report.phone.label': 'Mobilfunknummer für Rückfragen',
  'bike-report.phone.hint': 'Optional. Zum Beispiel 0151 23456789',
  'bike-report.submit': 'Meldung absenden',
  'bike-report.too-many':
    'Von diesem Anschluss kamen gerade zu viele Meldungen. Bitte versuche es später noch einmal oder melde dich an.',
  'bike-report.done.title': 'Danke für deine Meldung!',
  'bike-report.done.reference': 'Deine Referenznummer',
  'bike-report.done.mail':
    'Wir haben dir die Referenznummer auch per E-Mail geschickt. Bitte gib sie an, wenn du uns zu dieser Meldung kontaktierst.',
  'bike-report.done.again': 'Weiteres Rad melden',

  'terminal.title': 'Willkommen bei {brand}',
  'terminal.lead': 'Was möchtest du tun?',
  'terminal.choices': 'Auswahl',
  'terminal.register': 'Registrieren',
  'terminal.register.hint': 'Kundenkonto anlegen und losfahren',
  'terminal.report': 'Rad melden',
  'terminal.report.hint': 'Ein gefundenes oder beschädigtes Rad melden',
  'terminal.language': 'Sprache',
  'terminal.start': 'Abbrechen und zum Start',
  'terminal.done': 'Fertig und zum Start',
  'terminal.idle.title': 'Bist du noch da?',
  'terminal.idle.text':
    'Ohne Eingabe kehrt das Terminal in {seconds} Sekunden zum Start zurück. Deine Eingaben werden dabei gelöscht.',
  'terminal.idle.continue': 'Weitermachen',
} as const;
