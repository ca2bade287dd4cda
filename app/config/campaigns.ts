/**
 * Campaigns reached by an action code (`?actioncode=`; docs/rules/accounts.md#action-codes): a known code
 * can select a campaign tariff or bonus. Codes are compared in lower case. A code not listed here is still
 * stored with the account, for marketing to count, and changes nothing else.
 */
export interface Campaign {
  /** Welcome credit booked as `start_bonus` in the ledger when the account is created. */
  startBonusCents?: number;
  /**
   * The tariff the campaign recommends: the registration page names it, with its fee and term, but
   * never selects it for the customer (docs/decisions/0029-phones-and-dead-ends.md).
   */
  recommendedTariffId?: string;
}

export const campaigns: Readonly<Record<string, Campaign>> = {
  // The airbus partner campaign of the page `registrieren-airbus`
  // (docs/rules/content-and-navigation.md#carried-query).
  airbus: { startBonusCents: 1000, recommendedTariffId: 'komfort-jahr' },
};

/** What an action code looks like; anything else in the address is ignored rather than refused. */
export const actionCodePattern = /^[\w-]{1,40}$/;

export function campaignFor(actionCode: string | null | undefined): Campaign | undefined {
  return actionCode ? campaigns[actionCode.toLowerCase()] : undefined;
}
