/**
 * The withdrawal function, its mails, and the withdrawal instructions with the model form
 * (docs/rules/contract-and-cancellation.md#withdrawal).
 */
export const withdrawalDe = {
  'withdrawal.intro':
    'Du kannst deinen Vertrag innerhalb von 14 Tagen nach Vertragsschluss ohne Angabe von Gründen widerrufen. Gib an, um welchen Vertrag es geht; im nächsten Schritt bestätigst du den Widerruf.',
  'withdrawal.confirmation-email': 'E-Mail-Adresse für die Eingangsbestätigung',
  'withdrawal.declaration-kind': 'Art der Erklärung',
  'withdrawal.continue': 'Weiter',
  'withdrawal.review.title': 'Bitte bestätige deinen Widerruf',
  'withdrawal.review.text': 'Hiermit widerrufe ich den von mir abgeschlossenen Vertrag: {contract}.',
  'withdrawal.confirm': 'Widerruf bestätigen',
  'withdrawal.edit': 'Angaben ändern',
  'withdrawal.too-many':
    'Von diesem Anschluss kamen zu viele Erklärungen. Bitte versuche es in einer Stunde noch einmal oder schreib uns eine E-Mail.',
  'withdrawal.confirmation.title': 'Dein Widerruf ist eingegangen',
  'withdrawal.confirmation.status':
    'Vielen Dank. Wir haben deinen Widerruf erhalten und eine Eingangsbestätigung an {email} geschickt.',
  'withdrawal.confirmation.content': 'Inhalt deines Widerrufs',
  'withdrawal.confirmation.next':
    'Gehört der Vertrag zu einem Kundenkonto, schicken wir alles Weitere – ob der Widerruf rechtzeitig war, wann der Vertrag endet und was wir erstatten – an die E-Mail-Adresse dieses Kontos. Können wir deine Angaben keinem Vertrag zuordnen, melden wir uns unter der Adresse für die Bestätigung bei dir.',

  'withdrawal.mail.subject': 'Eingangsbestätigung deines Widerrufs ({reference})',
  'withdrawal.mail.intro': 'wir haben deinen Widerruf am {time} erhalten. Das ist sein Inhalt:',
  'withdrawal.mail.registration':
    'Mit deiner Registrierung ist dein Vertrag geschlossen. Du kannst ihn bis einschließlich {date} ohne Angabe von Gründen widerrufen – über „Vertrag widerrufen“ am Ende jeder unserer Seiten, per E-Mail oder mit dem Muster-Widerrufsformular unten.',
  'withdrawal.notice.subject.withdrawn': 'Dein Vertrag ist widerrufen',
  'withdrawal.notice.withdrawn':
    'am {time} ist dein Widerruf eingegangen (Referenz {reference}). Dein Vertrag ist damit am {date} beendet.',
  'withdrawal.notice.refund':
    'Die Grundgebühr für die Zeit ab dem Widerruf erstatten wir anteilig: {amount} sind deinem Guthaben gutgeschrieben.',
  'withdrawal.notice.no-refund': 'Eine Grundgebühr wurde dir bisher nicht berechnet; zu erstatten ist nichts.',
  'withdrawal.notice.rides':
    'Fahrten vor dem Widerruf bleiben berechnet, weil die Leistung auf deinen Wunsch schon in der Widerrufsfrist begonnen hat.',
  'withdrawal.notice.payout':
    'Dein Guthaben von {amount} zahlen wir bis zum {date} auf dein Zahlungsmittel ({method}) aus.',
  'withdrawal.notice.payout.no-method':
    'Dein Guthaben von {amount} zahlen wir bis zum {date} aus. Da kein Zahlungsmittel hinterlegt ist, melden wir uns wegen der Bankverbindung bei dir.',
  'withdrawal.notice.kept-credit':
    'Guthaben aus Gutscheinen, Aktionen oder Kulanz ({amount}) ist keine Zahlung von dir und wird nicht ausgezahlt; es bleibt in deinem Konto.',
  'withdrawal.notice.subject.late': 'Dein Widerruf gilt als Kündigung',
  'withdrawal.notice.late':
    'am {time} ist dein Widerruf eingegangen (Referenz {reference}). Die Widerrufsfrist endete am {deadline}; wir behandeln deine Erklärung deshalb als ordentliche Kündigung. Dein Vertrag endet mit Ablauf des {date}.',
  'withdrawal.notice.subject.ended': 'Dein Widerruf ist eingegangen',
  'withdrawal.notice.ended':
    'am {time} ist dein Widerruf eingegangen (Referenz {reference}). Dein Vertrag war bereits zum {date} beendet; es ändert sich nichts.',
  'withdrawal.notice.not-you': 'Warst du das nicht? Dann melde dich bitte umgehend beim Kundenservice.',

  'contract.withdrawal': 'Widerrufsrecht',
  'contract.withdrawal.open': 'Du kannst diesen Vertrag bis einschließlich {date} ohne Angabe von Gründen widerrufen.',
  'contract.withdrawal.closed': 'Die Widerrufsfrist für diesen Vertrag endete am {date}.',
  'contract.withdrawal.link': 'Vertrag widerrufen',
  'contract.withdrawn': 'Du hast diesen Vertrag widerrufen. Er endete am {date}.',
  'contract.withdrawal.instructions': 'Widerrufsbelehrung',
  'contract.withdrawal.model-form': 'Muster-Widerrufsformular',

  'withdrawal.instructions.title': 'Widerrufsbelehrung',
  'withdrawal.instructions.right': 'Widerrufsrecht',
  'withdrawal.instructions.p1':
    'Du hast das Recht, binnen vierzehn Tagen ohne Angabe von Gründen diesen Vertrag zu widerrufen. Die Widerrufsfrist beträgt vierzehn Tage ab dem Tag des Vertragsschlusses.',
  'withdrawal.instructions.p2':
    'Um dein Widerrufsrecht auszuüben, musst du uns ({provider}, {address}, E-Mail: {email}) mittels einer eindeutigen Erklärung (z. B. ein mit der Post versandter Brief oder eine E-Mail) über deinen Entschluss, diesen Vertrag zu widerrufen, informieren. Du kannst dafür die Widerrufsfunktion „Vertrag widerrufen“ am Ende jeder unserer Seiten oder das Muster-Widerrufsformular verwenden, das jedoch nicht vorgeschrieben ist.',
  'withdrawal.instructions.p3':
    'Zur Wahrung der Widerrufsfrist reicht es aus, dass du die Mitteilung über die Ausübung des Widerrufsrechts vor Ablauf der Widerrufsfrist absendest.',
  'withdrawal.instructions.consequences': 'Folgen des Widerrufs',
  'withdrawal.instructions.p4':
    'Wenn du diesen Vertrag widerrufst, haben wir dir alle Zahlungen, die wir von dir erhalten haben, unverzüglich und spätestens binnen vierzehn Tagen ab dem Tag zurückzuzahlen, an dem die Mitteilung über deinen Widerruf bei uns eingegangen ist. Für diese Rückzahlung verwenden wir dasselbe Zahlungsmittel, das du bei der ursprünglichen Transaktion eingesetzt hast, es sei denn, mit dir wurde ausdrücklich etwas anderes vereinbart; in keinem Fall werden dir wegen dieser Rückzahlung Entgelte berechnet.',
  'withdrawal.instructions.p5':
    'Hast du verlangt, dass die Dienstleistungen während der Widerrufsfrist beginnen sollen, so hast du uns einen angemessenen Betrag zu zahlen, der dem Anteil der bis zu dem Zeitpunkt, zu dem du uns von der Ausübung des Widerrufsrechts hinsichtlich dieses Vertrags unterrichtest, bereits erbrachten Dienstleistungen im Vergleich zum Gesamtumfang der im Vertrag vorgesehenen Dienstleistungen entspricht. Für deinen Vertrag heißt das: Fahrten vor dem Widerruf bleiben berechnet, die Grundgebühr erstatten wir für die Tage ab dem Widerruf.',
  'withdrawal.model.title': 'Muster-Widerrufsformular',
  'withdrawal.model.intro':
    '(Wenn du den Vertrag widerrufen willst, dann fülle bitte dieses Formular aus und sende es zurück.)',
  'withdrawal.model.to': 'An {provider}, {address}, E-Mail: {email}:',
  'withdrawal.model.lines':
    'Hiermit widerrufe ich den von mir abgeschlossenen Vertrag über die Erbringung der folgenden Dienstleistung: {service}|Bestellt am (*)/erhalten am (*)|Name des Verbrauchers|Anschrift des Verbrauchers|Unterschrift des Verbrauchers (nur bei Mitteilung auf Papier)|Datum',
  'withdrawal.model.note': '(*) Unzutreffendes streichen.',
} as const;
