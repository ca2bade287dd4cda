/**
 * Input masks (docs/rules/forms-and-fields.md#input-masks): `9` a digit, `a` a letter, `*` a letter or
 * digit; any other mask character is a literal that is inserted as the user types.
 */
const slots: Record<string, RegExp> = { '9': /\d/, a: /\p{L}/u, '*': /[\p{L}\d]/u };

export function applyMask(mask: string, input: string): string {
  let result = '';
  let position = 0;
  for (const maskChar of mask) {
    if (position >= input.length) break;
    const slot = slots[maskChar];
    if (!slot) {
      result += maskChar;
      if (input[position] === maskChar) position++;
      continue;
    }
    while (position < input.length && !slot.test(input[position]!)) position++;
    if (position >= input.length) break;
    result += input[position];
    position++;
  }
  return result;
}
