/** A cancellation declaration as submitted (public page or self-service), which cancellation.server.ts stores. */
export interface Declaration {
  kind: 'ordinary' | 'extraordinary' | 'withdrawal';
  reason?: string;
  name: string;
  /** Normalised: a lower-case email address or a customer number of digits. */
  identifier: string;
  /** The contract as the form names it (the brand's contract, translated). */
  contractLabel: string;
  /** `yyyy-mm-dd`; undefined for the earliest possible date. */
  endDate?: string;
  confirmationEmail: string;
}
