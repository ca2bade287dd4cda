import { describe, expect, it } from 'vitest';
import { formLimits } from '~/config/form-limits';
import { formShapeViolation, hasControlCharacters, nameSegments } from './form-shape';

function form(entries: [string, string | Blob][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe('the shape a submitted form must have', () => {
  it('accepts the forms of the app: nested names, repeated names, long free text', () => {
    expect(
      formShapeViolation(
        form([
          ['csrf', 'token'],
          ['address.text', 'Alexanderplatz 3'],
          ['phone.parsedPhoneNumber', '+4915123456789'],
          ['kind', 'a'],
          ['kind', 'b'],
          ['items[9]', 'last'],
          ['items[]', 'appended'],
          ['description', 'x'.repeat(formLimits.valueLength)],
        ]),
      ),
    ).toBeNull();
  });

  it('refuses more fields than any form has', () => {
    const fields = Array.from({ length: formLimits.fields }, (_, i): [string, string] => [`f${i}`, '']);
    expect(formShapeViolation(form(fields))).toBeNull();
    expect(formShapeViolation(form([...fields, ['one-more', '']]))).toBe('too-many-fields');
  });

  it('refuses a name longer than any field’s', () => {
    expect(formShapeViolation(form([['n'.repeat(formLimits.nameLength), '']]))).toBeNull();
    expect(formShapeViolation(form([['n'.repeat(formLimits.nameLength + 1), '']]))).toBe('name-too-long');
  });

  it('refuses a list index beyond what a form can hold, however many digits it has', () => {
    expect(formShapeViolation(form([[`x[${formLimits.listIndex}]`, '']]))).toBeNull();
    for (const name of [`x[${formLimits.listIndex + 1}]`, 'x[4000000]', 'x[99999999999]', 'x[0009]', 'a.b[12].c']) {
      expect(formShapeViolation(form([[name, '']])), name).toBe('list-index-too-large');
    }
  });

  it('refuses names nested deeper than any form’s', () => {
    expect(formShapeViolation(form([['a.b.c.d', '']]))).toBeNull();
    expect(formShapeViolation(form([['a.b.c.d.e', '']]))).toBe('too-deep');
    expect(formShapeViolation(form([['a[0][0][0][0]', '']]))).toBe('too-deep');
  });

  it('refuses a value longer than any field takes', () => {
    expect(formShapeViolation(form([['report', 'x'.repeat(formLimits.valueLength + 1)]]))).toBe('value-too-long');
  });

  it('refuses files, Conform’s own controls and names that reach an object’s prototype', () => {
    expect(formShapeViolation(form([['upload', new Blob(['x'])]]))).toBe('file');
    for (const name of ['__intent__', '__state__', '__proto__.admin', 'a.constructor.prototype']) {
      expect(formShapeViolation(form([[name, '{}']])), name).toBe('reserved-name');
    }
  });

  it('reads names as Conform does', () => {
    expect(nameSegments('address.text')).toEqual(['address', 'text']);
    expect(nameSegments('items[2].name')).toEqual(['items', 2, 'name']);
  });

  it('finds control characters other than tab, line feed and carriage return', () => {
    expect(hasControlCharacters('Zeile 1\r\nZeile 2\twith tab')).toBe(false);
    for (const code of [0, 1, 8, 11, 12, 14, 31]) {
      expect(hasControlCharacters(`a${String.fromCharCode(code)}b`), String(code)).toBe(true);
    }
  });
});
