/**
 * A contract's states (docs/rules/contract-and-cancellation.md): running (`active`, or
 * `cancellation_requested` until its end date), and finished (`ended` after a cancellation,
 * `withdrawn` at once by a withdrawal within its period).
 */
export type ContractState = 'active' | 'cancellation_requested' | 'ended' | 'withdrawn';

/** Whether the contract is over: nothing can be changed, cancelled or charged any more. */
export function contractFinished(state: ContractState): state is 'ended' | 'withdrawn' {
  return state === 'ended' || state === 'withdrawn';
}
