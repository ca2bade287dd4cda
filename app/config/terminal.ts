/**
 * The station terminal (kiosk; docs/rules/bike-reports.md#terminal-idle-timeout): after this long without
 * input the terminal returns to its start screen and forgets what was typed. The warning shows for the last
 * `warningMs`; WCAG 2.1 success criterion 2.2.1 asks for at least 20 seconds to extend a time limit with a
 * simple action, so the warning is never shorter than that.
 */
export const terminalSettings = {
  idleTimeoutMs: 90_000,
  warningMs: 20_000,
} as const;
