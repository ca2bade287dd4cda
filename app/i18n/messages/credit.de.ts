/** Credit balance, ledger, vouchers and top-ups. */
export const creditDe = {
  'credit.balance.label': 'Aktuelles Guthaben',
  'credit.balance.negative': 'Dein Guthaben ist im Minus. Bitte lade es auf.',

  'credit.voucher.title': 'Gutschein einlösen',
  'credit.voucher.code': 'Gutscheincode',
  'credit.voucher.hint': '12 Zeichen, zum Beispiel ABCD-EFGH-JKLM. Groß- und Kleinschreibung spielt keine Rolle.',
  'credit.voucher.submit': 'Gutschein einlösen',
  'credit.voucher.format': 'Ein Gutscheincode hat 12 Buchstaben oder Ziffern, zum Beispiel ABCD-EFGH-JKLM.',
  'credit.voucher.unknown': 'Diesen Gutscheincode gibt es nicht. Bitte prüfe deine Eingabe.',
  'credit.voucher.expired': 'Dieser Gutschein ist abgelaufen und kann nicht mehr eingelöst werden.',
  'credit.voucher.used': 'Dieser Gutschein wurde bereits eingelöst.',
  'credit.voucher.wait':
    'Zu viele ungültige Versuche. Bitte versuche es in {minutes, plural, one {# Minute} other {# Minuten}} noch einmal.',
  'credit.voucher.redeemed': 'Gutschein {code} eingelöst: {amount} wurden deinem Guthaben gutgeschrieben.',

  'credit.top-up.title': 'Guthaben aufladen',
  'credit.top-up.amount-legend': 'Betrag',
  'credit.top-up.charged-to': 'Der Betrag wird von deinem Zahlungsmittel abgebucht: {method}.',
  'credit.top-up.submit': 'Jetzt aufladen',
  'credit.top-up.amount': 'Bitte wähle einen der angebotenen Beträge.',
  'credit.top-up.no-method': 'Zum Aufladen brauchst du ein Zahlungsmittel. Bitte hinterlege zuerst eines.',
  'credit.top-up.add-method': 'Zahlungsmittel hinterlegen',
  'credit.top-up.declined': 'Die Zahlung wurde abgelehnt. Dein Guthaben ist unverändert.',
  'credit.top-up.unavailable':
    'Der Zahlungsdienst hat nicht rechtzeitig geantwortet. Sende das Formular bitte noch einmal ab: Eine Zahlung, die doch angekommen ist, wird dabei nicht ein zweites Mal abgebucht.',
  'credit.top-up.too-many':
    'Du hast in der letzten Stunde schon mehrmals aufgeladen. Bitte versuche es später noch einmal.',
  'credit.top-up.duplicate': 'Diese Aufladung wurde bereits abgeschickt. Bitte sieh in deinen Buchungen nach.',
  'credit.top-up.expired': 'Das Formular ist abgelaufen. Bitte lade die Seite neu.',
  'credit.top-up.done': '{amount} wurden deinem Guthaben gutgeschrieben.',
  'credit.top-up.statement': '{brand} Guthaben',
  'credit.top-up.failed': 'Die Aufladung über {amount} wurde abgelehnt. Dein Guthaben ist unverändert.',

  'credit.ledger.title': 'Buchungen',
  'credit.ledger.caption': 'Deine Buchungen, die neuesten zuerst',
  'credit.ledger.empty': 'Noch keine Buchungen.',
  'credit.ledger.date': 'Datum',
  'credit.ledger.kind': 'Vorgang',
  'credit.ledger.reference': 'Referenz',
  'credit.ledger.amount': 'Betrag',
  'credit.ledger.pages': 'Seiten der Buchungsliste',
  'credit.ledger.page-of': 'Seite {page} von {count}',
  'credit.ledger.newer': 'Neuere Buchungen',
  'credit.ledger.older': 'Ältere Buchungen',
  'credit.ledger.download': 'Alle Buchungen als CSV-Datei herunterladen',

  'credit.csv.date': 'Datum',
  'credit.csv.kind': 'Vorgang',
  'credit.csv.reference': 'Referenz',
  'credit.csv.amount': 'Betrag (EUR)',

  'credit.kind.top_up': 'Aufladung',
  'credit.kind.voucher': 'Gutschein',
  'credit.kind.ride_charge': 'Fahrt',
  'credit.kind.refund': 'Erstattung',
  'credit.kind.start_bonus': 'Startguthaben',
} as const;
