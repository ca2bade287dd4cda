import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from '~/platform/validation';
import { formLimits } from '~/config/form-limits';
import { loginSchema } from '~/features/accounts/login-schema';
import { registrationSchema } from '~/features/accounts/registration-schema';
import { formShapeViolation } from './form-shape';
import { controlCharactersMessage, parseForm } from './parse-form.server';

function form(entries: Record<string, string> | [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of Array.isArray(entries) ? entries : Object.entries(entries)) data.append(name, value);
  return data;
}

describe('parseForm', () => {
  it('parses a valid form as the schema says', () => {
    const submission = parseForm(form({ email: 'erika@example.org', password: 'secret', csrf: 't' }), loginSchema);
    expect(submission.status).toBe('success');
    expect(submission.status === 'success' && submission.value).toMatchObject({ email: 'erika@example.org' });
  });

  it('puts a message on a field that holds a NUL or another control character, shows the typed values without them and hides the password', () => {
    const submission = parseForm(
      form({ email: 'erika\u0000@example.org', password: 'pass\u0001word', csrf: 't', website: '' }),
      loginSchema,
    );
    expect(submission.status).toBe('error');
    const reply = submission.reply({ hideFields: ['password'] });
    expect(reply.error).toMatchObject({
      email: [controlCharactersMessage],
      password: [controlCharactersMessage],
    });
    expect(reply.initialValue).toEqual({ email: 'erika@example.org' });
  });

  it('keeps the other fields’ messages beside the control-character one', () => {
    const submission = parseForm(
      form({ salutation: 'ms', firstName: 'Erika\u0000', email: 'no-address', password: '' }),
      registrationSchema,
    );
    const { error } = submission.reply();
    expect(error?.['firstName']).toEqual([controlCharactersMessage]);
    expect(error?.['email']).toEqual(['email.invalid']);
    expect(error?.['address.text']).toEqual(['required']);
  });

  it('allows tabs and line breaks, and ignores control characters in names the form does not have', () => {
    const submission = parseForm(
      form({ email: 'erika@example.org', password: 'with\ttab\r\nand lines', unknown: '\u0000' }),
      loginSchema,
    );
    expect(submission.status).toBe('success');
  });

  it('sends back only the form’s own fields when it refuses one', () => {
    const submission = parseForm(
      form([
        ['email', 'not-an-address'],
        ['csrf', 'token'],
        ['website', 'spam'],
        ['made.up', 'x'],
        ['list[9]', 'x'],
        ['address.text', 'Alexanderplatz 3'],
        ['address.evil', 'x'],
        ['phone.phonenumber', '0151 23456789'],
      ]),
      registrationSchema,
    );
    const reply = submission.reply({ hideFields: ['password'] });
    expect(reply.initialValue).toEqual({
      email: 'not-an-address',
      address: { text: 'Alexanderplatz 3' },
      phone: { phonenumber: '0151 23456789' },
    });
    expect(reply.fields?.sort()).toEqual(['address.text', 'email', 'phone.phonenumber']);
  });

  it('shows a field sent more than once with one text, as its input can show', () => {
    const submission = parseForm(
      form([
        ['email', 'first@example.org'],
        ['email', 'second@example.org'],
        ['address.text', '\u0000'],
        ['address.text', 'Alexanderplatz 3'],
      ]),
      registrationSchema,
    );
    expect(submission.reply().initialValue).toMatchObject({ email: 'first@example.org', address: { text: '' } });
  });

  it('knows the fields of every option of a union and of a discriminated union', () => {
    const union = z.union([z.object({ a: z.string() }), z.object({ b: z.object({ c: z.string() }) })]);
    const discriminated = z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('one'), x: z.string().check(z.minLength(5)) }),
      z.object({ kind: z.literal('two'), y: z.pipe(z.optional(z.string()), z.string().check(z.minLength(5))) }),
    ]);
    const body = { a: '1', 'b.c': '2', 'b.d': '3', kind: 'one', x: '4', y: '5', z: '6' };
    expect(parseForm(form(body), union).reply({ formErrors: ['no'] }).initialValue).toEqual({ a: '1', b: { c: '2' } });
    expect(parseForm(form(body), discriminated).reply().initialValue).toEqual({ kind: 'one', x: '4', y: '5' });
  });

  it('answers any form within the limits with no more than the form’s own fields, and never throws', () => {
    const name = fc.oneof(
      fc.constantFrom('email', 'password', 'csrf', 'address.text', 'phone.regionCode', 'website'),
      fc.stringMatching(/^[a-z]{1,8}(\.[a-z]{1,8}|\[[0-9]\]){0,3}$/),
    );
    const value = fc.string({ maxLength: 200, unit: 'binary' });
    const entries = fc.array(fc.tuple(name, value), { maxLength: formLimits.fields });
    fc.assert(
      fc.property(entries, (pairs) => {
        const data = form(pairs);
        expect(formShapeViolation(data)).toBeNull();
        const reply = parseForm(data, registrationSchema).reply({ hideFields: ['password'] });
        const own = Object.keys(registrationSchema.shape);
        for (const field of reply.fields ?? []) expect(own).toContain(field.split(/[.[]/)[0]);
        expect(own).toEqual(expect.arrayContaining(Object.keys(reply.initialValue ?? {})));
        expect(reply.initialValue).not.toHaveProperty('password');
        const sent = pairs.reduce((sum, [n, v]) => sum + n.length + v.length, 0);
        expect(JSON.stringify(reply).length).toBeLessThan(2 * sent + 10_000);
      }),
      { numRuns: 100 },
    );
  });
});
