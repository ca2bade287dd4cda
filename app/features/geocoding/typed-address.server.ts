import { geocodingFor } from './geocoding.server';
import { suggestionMatchingText, type AddressSuggestion } from './suggestions';

type Services = Parameters<typeof geocodingFor>[0];

/**
 * Without JavaScript the address field is a plain text input: the form arrives with text but no
 * location. The server geocodes the text itself and fills in the location when the text names one
 * suggestion exactly, or when the visitor picked one of the offered suggestions (`{name}.choice`).
 * Otherwise it returns the suggestions to offer, and the schema's "pick a suggestion" message stays.
 */
export async function completeTypedAddress(
  services: Services,
  formData: FormData,
  name = 'address',
): Promise<AddressSuggestion[]> {
  const text = formData.get(`${name}.text`);
  const lat = formData.get(`${name}.lat`);
  if (typeof text !== 'string' || text.trim().length < 3 || (typeof lat === 'string' && lat !== '')) return [];
  let suggestions: AddressSuggestion[];
  try {
    suggestions = await geocodingFor(services).suggestionsFor(text);
  } catch {
    return [];
  }
  const choice = formData.get(`${name}.choice`);
  const picked =
    suggestions.find((suggestion) => suggestion.id === choice) ?? suggestionMatchingText(text, suggestions);
  if (!picked) return suggestions.slice(0, 8);
  formData.set(`${name}.text`, picked.address);
  formData.set(`${name}.lat`, String(picked.lat));
  formData.set(`${name}.lon`, String(picked.lon));
  formData.set(`${name}.id`, picked.id);
  return [];
}
