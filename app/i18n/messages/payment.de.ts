/** Payment method: SEPA mandate, bank verification, card and PayPal. */
export const paymentDe = {
  'payment.active.title': 'Dein Zahlungsmittel',
  'payment.none': 'Du hast noch kein Zahlungsmittel hinterlegt.',
  'payment.add': 'Zahlungsmittel hinterlegen',
  'payment.change': 'Zahlungsmittel ändern',
  'payment.changed': 'Dein neues Zahlungsmittel ist gespeichert. Eine Bestätigung haben wir dir per E-Mail geschickt.',
  'payment.kind.sepa': 'SEPA-Lastschrift',
  'payment.kind.card': 'Kreditkarte',
  'payment.kind.paypal': 'PayPal',
  'payment.detail.kind': 'Zahlungsart',
  'payment.detail.account': 'Konto',
  'payment.detail.account-holder': 'Kontoinhaber/in',
  'payment.detail.mandate-reference': 'Mandatsreferenz',
  'payment.detail.creditor-id': 'Gläubiger-Identifikationsnummer',
  'payment.detail.mandate-date': 'Mandat erteilt am',
  'payment.detail.since': 'Hinterlegt am',
  'payment.history.title': 'Frühere Zahlungsmittel',
  'payment.history.period': '{from} bis {to}',

  'payment.update.kinds': 'Zahlungsart wählen',
  'payment.update.intro':
    'Dein neues Zahlungsmittel ersetzt das bisherige. Bis es gespeichert ist, bleibt das bisherige aktiv.',
  'payment.update.current': 'Bisher: {method}',
  'payment.update.back': 'Zurück zum Zahlungsmittel',

  'payment.sepa.legend': 'Bankverbindung',
  'payment.field.account-holder': 'Kontoinhaber/in',
  'payment.field.iban': 'IBAN',
  'payment.field.bic': 'BIC (optional)',
  'payment.iban.hint': 'Zum Beispiel DE89 3704 0044 0532 0130 00',
  'payment.bic.hint':
    'Nur für Konten außerhalb des Europäischen Wirtschaftsraums nötig, etwa in der Schweiz oder im Vereinigten Königreich.',
  'payment.mandate.title': 'SEPA-Lastschriftmandat',
  'payment.mandate.text':
    'Ich ermächtige {creditor}, Zahlungen von meinem Konto mittels Lastschrift einzuziehen. Zugleich weise ich mein Kreditinstitut an, die von {creditor} auf mein Konto gezogenen Lastschriften einzulösen.',
  'payment.mandate.refund':
    'Hinweis: Ich kann innerhalb von acht Wochen, beginnend mit dem Belastungsdatum, die Erstattung des belasteten Betrages verlangen. Es gelten dabei die mit meinem Kreditinstitut vereinbarten Bedingungen.',
  'payment.mandate.creditor-id': 'Gläubiger-Identifikationsnummer: {id}',
  'payment.mandate.reference': 'Mandatsreferenz: {reference}',
  'payment.consent': 'Ich erteile das SEPA-Lastschriftmandat.',
  'payment.consent.required': 'Bitte erteile das Lastschriftmandat, um per SEPA-Lastschrift zu zahlen.',
  'payment.sepa.submit': 'Bankverbindung prüfen und speichern',
  'payment.verification.hint':
    'Nach dem Absenden prüfen wir deine Bankverbindung. Erst wenn sie bestätigt ist, ersetzt sie dein bisheriges Zahlungsmittel.',
  'payment.verification.label': 'Kontoprüfung',
  'payment.verification.running': 'Deine Bankverbindung wird geprüft …',
  'payment.verification.failed':
    'Wir konnten dieses Konto nicht bestätigen. Bitte prüfe die IBAN oder nutze ein anderes Konto. Dein bisheriges Zahlungsmittel bleibt aktiv.',
  'payment.verification.mismatch':
    'Die Kontoprüfung gehört nicht zu dieser IBAN. Bitte sende das Formular noch einmal ab.',
  'payment.verification.unavailable':
    'Die Kontoprüfung ist gerade nicht erreichbar. Dein bisheriges Zahlungsmittel bleibt aktiv; bitte versuche es später noch einmal.',
  'payment.verification.rate-limited':
    'Zu viele Kontoprüfungen in kurzer Zeit. Bitte versuche es in einer Stunde noch einmal.',

  'payment.iban.country': 'Diese IBAN beginnt nicht mit einem gültigen Ländercode.',
  'payment.iban.format': 'Diese IBAN hat nicht die richtige Länge oder das richtige Format für ihr Land.',
  'payment.iban.checksum': 'Die Prüfziffer dieser IBAN stimmt nicht. Bitte prüfe sie auf Tippfehler.',
  'payment.iban.not-sepa': 'Lastschriften sind nur von Konten im SEPA-Raum möglich.',
  'payment.bic.invalid': 'Bitte gib einen gültigen BIC mit 8 oder 11 Zeichen ein.',
  'payment.bic.required': 'Für Konten außerhalb des Europäischen Wirtschaftsraums brauchen wir den BIC.',
  'payment.holder.too-long': 'Der Name darf höchstens 70 Zeichen lang sein.',
  'payment.holder.invalid': 'Der Name enthält Zeichen, die wir nicht annehmen können.',
  'payment.kind.invalid': 'Bitte wähle eine Zahlungsart.',

  'payment.card.intro':
    'Deine Kartendaten gibst du auf der Seite unseres Zahlungsdienstleisters ein. Sie erreichen unseren Server nie; wir speichern nur einen Verweis und die letzten vier Ziffern.',
  'payment.paypal.intro':
    'Du meldest dich bei PayPal an und stimmst den Abbuchungen zu. Wir speichern nur einen Verweis auf dein PayPal-Konto.',
  'payment.checkout.submit.card': 'Weiter zur Karteneingabe',
  'payment.checkout.submit.paypal': 'Weiter zu PayPal',
  'payment.checkout.confirm-title': 'Neues Zahlungsmittel bestätigen',
  'payment.checkout.confirm-text': 'Der Zahlungsdienstleister hat dieses Zahlungsmittel bestätigt: {label}.',
  'payment.checkout.confirm': 'Als Zahlungsmittel speichern',
  'payment.checkout.cancelled':
    'Du hast den Vorgang beim Zahlungsdienstleister abgebrochen. Dein bisheriges Zahlungsmittel bleibt aktiv.',
  'payment.checkout.invalid': 'Dieser Vorgang ist ungültig oder abgelaufen. Bitte starte ihn noch einmal.',
  'payment.provider.unavailable':
    'Der Zahlungsdienstleister ist gerade nicht erreichbar. Dein bisheriges Zahlungsmittel bleibt aktiv; bitte versuche es später noch einmal.',

  'payment.sandbox.title': 'Testzahlungsseite',
  'payment.sandbox.intro':
    'Dies ist die Sandbox des Zahlungsdienstleisters: eine Testumgebung ohne echtes Geld. Statt Zahlungsdaten einzugeben, wählst du ein Testzahlungsmittel.',
  'payment.sandbox.choose': 'Testzahlungsmittel wählen',
  'payment.sandbox.declines': 'Abbuchungen werden abgelehnt',
  'payment.sandbox.cancel': 'Abbrechen und zurück',
  'payment.sandbox.invalid': 'Dieser Link ist ungültig oder abgelaufen. Bitte starte die Änderung noch einmal.',

  'payment.mail.greeting': 'Hallo {name},',
  'payment.mail.not-you': 'Warst du das nicht? Dann melde dich bitte sofort bei unserem Kundenservice.',
  'payment.mail.sepa.subject': 'Dein SEPA-Lastschriftmandat für {brand}',
  'payment.mail.sepa.intro':
    'du hast uns am {date} das folgende SEPA-Lastschriftmandat erteilt. Bitte bewahre diese E-Mail auf.',
  'payment.mail.sepa.holder': 'Kontoinhaber/in: {holder}',
  'payment.mail.sepa.iban': 'IBAN: {iban}',
  'payment.mail.changed.subject': 'Dein Zahlungsmittel bei {brand} wurde geändert',
  'payment.mail.changed.intro': 'dein Zahlungsmittel wurde geändert. Neu hinterlegt ist: {label}.',
} as const;
