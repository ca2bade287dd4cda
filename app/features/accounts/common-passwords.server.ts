import { dictionary } from '@zxcvbn-ts/language-common';
import { security } from '~/config/security';

/**
 * Passwords that attackers try first: zxcvbn's list of the most frequent passwords in published
 * breach corpora (about 50,000; the few hundred that pass the length rule are kept), our own
 * additions in German and of our brands, and shapes (one repeated character, a counting run).
 * Shorter common passwords are already refused by the length rule.
 */
const breachedPasswords = dictionary['passwords-common'].filter(
  (password) => password.length >= security.password.minLength,
);

const ownAdditions = [
  '123456789012',
  '1234567890123',
  '12345678901234',
  '123456789123',
  '123123123123',
  '111111111111',
  '000000000000',
  '123412341234',
  '121212121212',
  'qwertyuiopasdfgh',
  'qwertyuiop123',
  'qwertzuiopü',
  'qwertzuiop123',
  'qwertyqwerty',
  'qwerty123456',
  'qwertz123456',
  'asdfghjklö',
  'asdfasdfasdf',
  'passwordpassword',
  'password1234',
  'password12345',
  'password123456',
  'passwort1234',
  'passwort12345',
  'passwort123456',
  'passwortpasswort',
  'iloveyou1234',
  'ichliebedich',
  'ichliebedich1',
  'hallohallo12',
  'hallo1234567',
  'sommer123456',
  'fussball1234',
  'fußball12345',
  'schalke04schalke04',
  'borussiadortmund',
  'bayernmuenchen',
  'bayernmünchen',
  'letmein123456',
  'welcome12345',
  'willkommen123',
  'administrator',
  'administrator1',
  'changeme1234',
  'trustno1trustno1',
  'monkey123456',
  'dragon123456',
  'football1234',
  'baseball1234',
  'superman1234',
  'sunshine1234',
  'princess1234',
  'starwars1234',
  'whatever1234',
  'computer1234',
  'internet1234',
  'abcdefghijkl',
  'abcdefg12345',
  'abc123abc123',
  'a1b2c3d4e5f6',
  'zaq12wsxcde3',
  '1q2w3e4r5t6y',
  '1qaz2wsx3edc',
  'q1w2e3r4t5y6',
  'callabike123',
  'callabike1234',
  'flinkster123',
  'flinkster1234',
];

const commonPasswords = new Set([...breachedPasswords, ...ownAdditions]);

export function isCommonPassword(password: string): boolean {
  const lowered = password.toLowerCase();
  if (commonPasswords.has(lowered)) return true;
  if (/^(.)\1+$/.test(lowered)) return true;
  return isRun(lowered, '01234567890123456789') || isRun(lowered, 'abcdefghijklmnopqrstuvwxyz');
}

function isRun(value: string, alphabet: string): boolean {
  return alphabet.includes(value) || [...alphabet].reverse().join('').includes(value);
}
