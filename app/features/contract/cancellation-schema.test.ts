import { describe, expect, it } from 'vitest';
import { cancellationSchema } from './cancellation-schema';

const form = (identifier: string) => ({
  kind: 'ordinary',
  name: 'Erika Mustermann',
  identifier,
  contract: 'c-1',
  confirmationEmail: 'erika@example.org',
});

/** The messages the identifier field gets. */
const identifierMessages = (identifier: string) => {
  const result = cancellationSchema.safeParse(form(identifier));
  return result.success
    ? []
    : result.error.issues.filter((issue) => issue.path[0] === 'identifier').map((i) => i.message);
};

describe('the cancellation form’s identifier', () => {
  it('takes an email address or a customer number', () => {
    expect(identifierMessages(' Erika@Example.org ')).toEqual([]);
    expect(identifierMessages('erika@mail.example.co.uk')).toEqual([]);
    expect(identifierMessages('1234 5678')).toEqual([]);
    for (const wrong of ['erika@example', 'erika@@example.org', 'erika@.example.org', 'erika@example..org', '123']) {
      expect(identifierMessages(wrong), wrong).toEqual(['cancel.identifier.invalid']);
    }
  });

  it('refuses a text longer than an address once, before any pattern reads it', () => {
    // Dots between two @ made the former pattern try every split of them: seconds for 16 KiB.
    for (const hostile of [`a@${'.'.repeat(16_000)}@`, `a@b${'.b'.repeat(8_000)}!`, '1'.repeat(16_000)]) {
      expect(identifierMessages(hostile)).toEqual(['cancel.identifier.invalid']);
    }
    // Within the length, the hostile shape is refused by the pattern itself.
    expect(identifierMessages(`a@${'.'.repeat(250)}@`)).toEqual(['cancel.identifier.invalid']);
  });
});
