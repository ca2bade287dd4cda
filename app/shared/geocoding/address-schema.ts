import { reject, z } from '~/platform/validation';

/** Germany's bounding box (mainland and islands), generously rounded: suggestions are Germany only. */
export const germanyBounds = { minLat: 47.2, maxLat: 55.1, minLon: 5.8, maxLon: 15.1 } as const;

export function isInGermany(lat: number, lon: number): boolean {
  return (
    lat >= germanyBounds.minLat &&
    lat <= germanyBounds.maxLat &&
    lon >= germanyBounds.minLon &&
    lon <= germanyBounds.maxLon
  );
}

// A coordinate that is missing or not a number is no chosen suggestion: `catch` turns it into
// undefined so the one message below says so, instead of a technical one on a hidden input.
const coordinate = z.catch(z.optional(z.number()), undefined);

/**
 * The address field's value (docs/rules/forms-and-fields.md#address-field): the text of a suggestion the
 * user picked and its location. Typed text without a picked suggestion is not an address: it gets
 * `address.pick-suggestion`, an empty field `required`. Messages sit on `text`, the input the user types
 * into, so the form shows them there.
 *
 * The output is `{ text, lat, lon, id }` with numbers for lat and lon.
 */
export const addressSchema = z.pipe(
  z.object({
    text: z.optional(z.string()),
    lat: coordinate,
    lon: coordinate,
    id: z.optional(z.string()),
  }),
  z.transform((value, ctx) => {
    const text = value.text?.trim().replace(/\s+/g, ' ') ?? '';
    if (text === '') {
      return reject(ctx, 'required', ['text']);
    }
    const { lat, lon } = value;
    if (lat === undefined || lon === undefined || !isInGermany(lat, lon)) {
      return reject(ctx, 'address.pick-suggestion', ['text']);
    }
    return { text, lat, lon, id: value.id?.trim() ?? '' };
  }),
);

export type AddressFieldInput = z.input<typeof addressSchema>;
export type AddressValue = z.output<typeof addressSchema>;
