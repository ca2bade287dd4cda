import type { JudgeMobilePhone } from './phone-judgement';

/**
 * The browser's judge judges nothing: the phone number metadata (75 KB gzip) stays on the server, the
 * phone field asks the server's check as the visitor types (app/ui/form/phone-field.tsx), and the server
 * judges the sent form again (docs/decisions/0043-phone-numbers-judged-by-the-server.md).
 */
export const judgeMobilePhone: JudgeMobilePhone = () => undefined;
