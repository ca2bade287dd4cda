// What the back-office pages use of goodwill credits, refunds and voucher batches
// (docs/rules/back-office.md#money).
export {
  approveMoneyRequest,
  ledgerReference,
  listMoneyRequests,
  needsApproval,
  rejectMoneyRequest,
  requestMoney,
  type DecisionOutcome,
  type MoneyContext,
  type MoneyRequest,
  type MoneyRequestFilter,
  type MoneyRequestInput,
  type MoneyRequestKind,
  type MoneyRequestPage,
  type RequestOutcome,
  type StaffActor,
} from './money-requests.server';
export {
  createVoucherBatch,
  exportVoucherBatchCsv,
  listVoucherBatches,
  newVoucherCode,
  type BatchOutcome,
  type VoucherBatch,
  type VoucherBatchInput,
} from './voucher-batches.server';
