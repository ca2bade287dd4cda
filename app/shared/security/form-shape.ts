import { formLimits } from '~/config/form-limits';

/**
 * The shape every submitted form must have before it is parsed into an object
 * (docs/decisions/0018-hostile-input-limits.md). Conform turns a field name into a path
 * (`address.text`, `items[3]`): an unbounded name would make it build a sparse list of millions of
 * entries (`x[4000000]`), or objects thousands of levels deep, that the answer to a refused form
 * then sends back in full. Only a hand-made body breaks these limits; it gets no field messages.
 */
export type FormShapeViolation =
  | 'too-many-fields'
  | 'name-too-long'
  | 'too-deep'
  | 'list-index-too-large'
  | 'value-too-long'
  | 'file'
  | 'reserved-name';

/**
 * Names Conform reserves for its own controls in the browser (no form sends them to the server),
 * and keys that would reach an object's prototype.
 */
const reservedNames = new Set(['__intent__', '__state__']);
const reservedSegments = new Set(['__proto__', 'prototype', 'constructor']);

// A name's segments as Conform reads them: a key, or a list index in brackets (empty: append).
const segmentPattern = /[^.[\]]+|\[(\d*)\]/g;

/** The first limit the form breaks, or null when it has the shape of a form of ours. */
export function formShapeViolation(form: FormData): FormShapeViolation | null {
  let fields = 0;
  for (const [name, value] of form) {
    if (++fields > formLimits.fields) return 'too-many-fields';
    if (typeof value !== 'string') return 'file';
    if (value.length > formLimits.valueLength) return 'value-too-long';
    const problem = nameViolation(name);
    if (problem) return problem;
  }
  return null;
}

function nameViolation(name: string): FormShapeViolation | null {
  if (name.length > formLimits.nameLength) return 'name-too-long';
  if (reservedNames.has(name)) return 'reserved-name';
  let depth = 0;
  for (const [segment, index] of name.matchAll(segmentPattern)) {
    if (++depth > formLimits.depth) return 'too-deep';
    if (index === undefined) {
      if (reservedSegments.has(segment)) return 'reserved-name';
    } else if (index.length > String(formLimits.listIndex).length || Number(index) > formLimits.listIndex) {
      return 'list-index-too-large';
    }
  }
  return null;
}

/** A name's path as Conform reads it: `address.text` is `['address', 'text']`, `items[2]` `['items', 2]`. */
export function nameSegments(name: string): (string | number)[] {
  return [...name.matchAll(segmentPattern)].map(([segment, index]) => (index === undefined ? segment : Number(index)));
}

/**
 * C0 control characters other than tab, line feed and carriage return: nothing a person types, and
 * NUL is a character PostgreSQL text cannot hold.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const controlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g;

export function hasControlCharacters(value: string): boolean {
  return value.search(controlCharacters) !== -1;
}

export function withoutControlCharacters(value: string): string {
  return value.replace(controlCharacters, '');
}
