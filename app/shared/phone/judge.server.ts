import type { JudgeMobilePhone, PhoneJudgement } from './phone-judgement';
import { parsePhone, phoneMessageKey } from './phone';

/** The server's judge: the number parsed with the metadata, a valid mobile number or its message. */
export function judgeMobilePhone(input: string, regionCode: string): PhoneJudgement {
  const result = parsePhone(input, regionCode);
  const message = phoneMessageKey(result);
  return message ? { message } : { e164: result.e164 };
}

judgeMobilePhone satisfies JudgeMobilePhone;
