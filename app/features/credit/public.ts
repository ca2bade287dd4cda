// What other features may use of credit and that is safe in the browser (docs/decisions/0025): the
// voucher code format, which codes made by the service back office follow.
export { normalizeVoucherCode, voucherCodeMask } from './voucher-code';
