import type { $ZodType } from 'zod/v4/core';

/**
 * The fields a form schema has, read from the schema itself: which names belong to the form, so
 * that its answer sends back only what the form shows (docs/decisions/0018-hostile-input-limits.md).
 * Objects, lists, unions (plain and discriminated), intersections, and the wrappers around them
 * (optional, default, catch, pipe, transform) are looked through; anything else is one value.
 */
export type FieldShape =
  | { readonly kind: 'value' }
  | { readonly kind: 'object'; readonly fields: ReadonlyMap<string, FieldShape> }
  | { readonly kind: 'list'; readonly element: FieldShape };

interface Definition {
  type: string;
  shape?: Record<string, $ZodType>;
  innerType?: $ZodType;
  in?: $ZodType;
  out?: $ZodType;
  options?: readonly $ZodType[];
  left?: $ZodType;
  right?: $ZodType;
  element?: $ZodType;
}

const value: FieldShape = { kind: 'value' };
const wrappers = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

// Read once per schema: most forms' schemas are built once, and every post of the form asks again.
// Shapes are shared between the forms whose schemas share parts, so nothing may change one.
const shapes = new WeakMap<$ZodType, FieldShape>();

export function fieldShape(schema: $ZodType): FieldShape {
  let shape = shapes.get(schema);
  if (!shape) {
    shape = shapeOf(schema);
    shapes.set(schema, shape);
  }
  return shape;
}

function shapeOf(schema: $ZodType): FieldShape {
  const definition = schema._zod.def as Definition;
  if (wrappers.has(definition.type) && definition.innerType) return fieldShape(definition.innerType);
  switch (definition.type) {
    case 'object':
      return {
        kind: 'object',
        fields: new Map(Object.entries(definition.shape ?? {}).map(([key, field]) => [key, fieldShape(field)])),
      };
    case 'array':
      return definition.element ? { kind: 'list', element: fieldShape(definition.element) } : value;
    case 'pipe': {
      // The form's input is what goes in; `z.preprocess` is a transform piped into the real schema.
      const input = definition.in && fieldShape(definition.in);
      return input?.kind === 'value' && definition.out ? merged(input, fieldShape(definition.out)) : (input ?? value);
    }
    case 'union':
      return (definition.options ?? []).map(fieldShape).reduce(merged, value);
    case 'intersection':
      return definition.left && definition.right
        ? merged(fieldShape(definition.left), fieldShape(definition.right))
        : value;
    default:
      return value;
  }
}

/** The fields of either shape: a union's form has the fields of all its options. */
function merged(a: FieldShape, b: FieldShape): FieldShape {
  if (a.kind === 'object' && b.kind === 'object') {
    const fields = new Map(a.fields);
    for (const [key, shape] of b.fields) fields.set(key, fields.has(key) ? merged(fields.get(key)!, shape) : shape);
    return { kind: 'object', fields };
  }
  if (a.kind === 'list' && b.kind === 'list') return { kind: 'list', element: merged(a.element, b.element) };
  return a.kind === 'value' ? b : a;
}

/** Whether a field name (`address.text`, `items[2]`) names a field of the shape. */
export function isFieldOf(shape: FieldShape, segments: readonly (string | number)[]): boolean {
  let current = shape;
  for (const segment of segments) {
    if (current.kind === 'object' && typeof segment === 'string' && current.fields.has(segment)) {
      current = current.fields.get(segment)!;
    } else if (current.kind === 'list' && typeof segment === 'number') {
      current = current.element;
    } else {
      return false;
    }
  }
  return segments.length > 0;
}

/**
 * The part of a parsed form that belongs to the shape: text where the shape has a value, passed
 * through `text`, and of objects and lists only their own fields. A value's input shows one text:
 * a name sent more than once (Conform makes a list of it) shows its first.
 */
export function ownFieldsOf(shape: FieldShape, parsed: unknown, text = (value: string) => value): unknown {
  if (shape.kind === 'value') {
    const first: unknown = Array.isArray(parsed) ? parsed[0] : parsed;
    return typeof first === 'string' ? text(first) : undefined;
  }
  if (shape.kind === 'list') {
    return Array.isArray(parsed) ? parsed.map((item: unknown) => ownFieldsOf(shape.element, item, text)) : undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const own: Record<string, unknown> = {};
  for (const [key, field] of shape.fields) {
    if (!Object.hasOwn(parsed, key)) continue;
    const kept = ownFieldsOf(field, (parsed as Record<string, unknown>)[key], text);
    if (kept !== undefined) own[key] = kept;
  }
  return Object.keys(own).length > 0 ? own : undefined;
}
