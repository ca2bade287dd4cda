import type { FeatureContext } from '~/feature-context';
import { AddressLookupLimitError } from './geocoding.server';
import { suggestionMatchingText, type AddressSuggestion } from './suggestions';

/**
 * The server's word on an address field before the form's schema reads it: only an address the
 * geocoder suggests for the text is accepted, whatever the browser sent.
 *
 * - With JavaScript the browser sends the picked suggestion's text, location and id. The server
 *   asks the geocoder for the text again (cached) and keeps the suggestion only when the geocoder
 *   knows it (same id, or exactly the same text), with the geocoder's own location; a made-up
 *   location in a hand-crafted POST is dropped, and the schema's "pick a suggestion" message shows.
 * - Without JavaScript the field is a plain text input and arrives with no location: the text is
 *   accepted when it names one suggestion exactly, or when the visitor picked one of the offered
 *   suggestions (`{name}.choice`).
 *
 * Returns the suggestions to offer when none was settled. When the geocoder cannot be reached, a
 * suggestion the browser picked earlier is kept as sent (the schema still checks it lies in
 * Germany): an outage must not make registration impossible. A client (`client`, an IP address)
 * beyond its limit of lookups gets no suggestions, and a location it sent is dropped: the limit must
 * not be a way around the check.
 */
export async function verifyAddressField(
  ctx: Pick<FeatureContext, 'geocoding'>,
  formData: FormData,
  client: string,
  name = 'address',
): Promise<AddressSuggestion[]> {
  const text = formData.get(`${name}.text`);
  if (typeof text !== 'string' || text.trim().length < 3) return [];
  let suggestions: AddressSuggestion[];
  try {
    suggestions = await ctx.geocoding.suggestionsFor(text, client);
  } catch (error) {
    if (error instanceof AddressLookupLimitError) dropLocation(formData, name);
    return [];
  }
  const picked = formData.get(`${name}.id`) || formData.get(`${name}.choice`);
  const known =
    suggestions.find((suggestion) => picked !== '' && suggestion.id === picked) ??
    suggestionMatchingText(text, suggestions);
  if (!known) {
    dropLocation(formData, name);
    return suggestions.slice(0, 8);
  }
  formData.set(`${name}.text`, known.address);
  formData.set(`${name}.lat`, String(known.lat));
  formData.set(`${name}.lon`, String(known.lon));
  formData.set(`${name}.id`, known.id);
  return [];
}

/** Without a location the schema asks the visitor to pick a suggestion. */
function dropLocation(formData: FormData, name: string): void {
  for (const field of ['lat', 'lon', 'id']) formData.delete(`${name}.${field}`);
}
