import type { Submission } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import { z } from '~/platform/validation';
import { addressSchema, isInGermany } from './address-schema';

const schema = z.object({ address: addressSchema });

function submit(entries: Record<string, string>): Submission<unknown, string[], unknown> {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return parseWithZod(data, { schema });
}

function errorsOf(submission: Submission<unknown, string[], unknown>) {
  return submission.status === 'success' ? undefined : submission.error;
}

describe('addressSchema', () => {
  it('accepts a chosen suggestion and gives numbers for the location', () => {
    const submission = submit({
      'address.text': 'Unter den Linden 6 10117 Berlin',
      'address.lat': '52.5178',
      'address.lon': '13.3936',
      'address.id': '123',
    });
    expect(submission.status).toBe('success');
    expect(submission.status === 'success' && submission.value).toEqual({
      address: { text: 'Unter den Linden 6 10117 Berlin', lat: 52.5178, lon: 13.3936, id: '123' },
    });
  });

  it('asks for a pick from the suggestions when only text was typed', () => {
    const submission = submit({ 'address.text': 'Unter den Linden 6', 'address.lat': '', 'address.lon': '' });
    expect(errorsOf(submission)).toEqual({ 'address.text': ['address.pick-suggestion'] });
  });

  it('says required when the field is empty or missing', () => {
    expect(errorsOf(submit({ 'address.text': '  ', 'address.lat': '', 'address.lon': '' }))).toEqual({
      'address.text': ['required'],
    });
    expect(errorsOf(submit({}))).toEqual({ 'address.text': ['required'] });
  });

  it('refuses a location outside Germany or that is no number', () => {
    expect(
      errorsOf(submit({ 'address.text': 'Rue de Rivoli 1 Paris', 'address.lat': '48.86', 'address.lon': '2.35' })),
    ).toEqual({ 'address.text': ['address.pick-suggestion'] });
    expect(errorsOf(submit({ 'address.text': 'Zeil 1', 'address.lat': 'north', 'address.lon': '8.68' }))).toEqual({
      'address.text': ['address.pick-suggestion'],
    });
  });

  it('validates plain objects the same way', () => {
    expect(addressSchema.safeParse({ text: 'Zeil 1 60313 Frankfurt am Main', lat: 50.114, lon: 8.68 }).data).toEqual({
      text: 'Zeil 1 60313 Frankfurt am Main',
      lat: 50.114,
      lon: 8.68,
      id: '',
    });
  });

  it('derives constraints through the pipe: the address is required, its text and id are judged by the transform', () => {
    expect(getZodConstraint(schema)).toMatchObject({
      address: { required: true },
      'address.text': { required: false },
      'address.id': { required: false },
    });
  });

  it('knows Germany’s corners', () => {
    expect(isInGermany(54.9, 8.3)).toBe(true); // Sylt
    expect(isInGermany(47.4, 10.3)).toBe(true); // Oberstdorf
    expect(isInGermany(51.27, 15.0)).toBe(true); // Görlitz
    expect(isInGermany(52.37, 4.9)).toBe(false); // Amsterdam
  });
});
