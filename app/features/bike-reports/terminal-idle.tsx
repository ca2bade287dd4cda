import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { terminalSettings } from '~/config/terminal';
import { useT } from '~/i18n/hooks';

/** What counts as someone using the terminal. */
const activityEvents = ['pointerdown', 'keydown', 'input', 'wheel', 'touchstart'] as const;
/**
 * While the warning shows, a tap must not make it vanish under the finger: the tap would land on
 * whatever lies below. The warning's own click (button or backdrop) answers taps then.
 */
const pointerEvents = new Set<string>(['pointerdown', 'wheel', 'touchstart']);

/**
 * Seconds left before the terminal gives up on an idle visitor, counted from the last input; null
 * while the warning is not due. Calls `onTimeout` once the time is up.
 */
export function useIdleCountdown(
  { idleTimeoutMs, warningMs }: { idleTimeoutMs: number; warningMs: number },
  onTimeout: () => void,
): { secondsLeft: number | null; stillHere(): void } {
  // Set when the effect starts; 0 until then (no render reads it).
  const lastInput = useRef(0);
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const warning = useRef(false);
  const timeout = useRef(onTimeout);
  useEffect(() => {
    timeout.current = onTimeout;
    warning.current = secondsLeft !== null;
  });

  useEffect(() => {
    lastInput.current = Date.now();
    const activity = (event: Event) => {
      if (warning.current && pointerEvents.has(event.type)) return;
      lastInput.current = Date.now();
      setSecondsLeft(null);
    };
    for (const type of activityEvents) document.addEventListener(type, activity, { capture: true, passive: true });
    let done = false;
    const tick = window.setInterval(() => {
      if (done) return;
      const left = idleTimeoutMs - (Date.now() - lastInput.current);
      if (left <= 0) {
        done = true;
        timeout.current();
        return;
      }
      setSecondsLeft(left <= warningMs ? Math.ceil(left / 1000) : null);
    }, 250);
    return () => {
      window.clearInterval(tick);
      for (const type of activityEvents) document.removeEventListener(type, activity, { capture: true });
    };
  }, [idleTimeoutMs, warningMs]);

  return {
    secondsLeft,
    stillHere() {
      lastInput.current = Date.now();
      setSecondsLeft(null);
    },
  };
}

/**
 * The terminal's idle timeout (docs/rules/bike-reports.md#terminal-idle-timeout): after `idleTimeoutMs`
 * without input it returns to `startPath`, which unmounts the flow and with it everything typed. For the
 * last `warningMs` a dialog counts down; a key, a tap on the dialog or its button keeps the visitor where
 * they are.
 *
 * Accessible: the dialog is an alertdialog whose title and text are read when it opens, focus moves
 * to its button and back afterwards; the countdown itself is not a live region, so the seconds are
 * not read out one by one.
 */
export function TerminalIdleTimeout({ startPath }: { startPath: string }) {
  const t = useT();
  const navigate = useNavigate();
  const { secondsLeft, stillHere } = useIdleCountdown(terminalSettings, () => {
    void navigate(startPath, { replace: true });
  });
  const button = useRef<HTMLButtonElement>(null);
  const previousFocus = useRef<Element | null>(null);
  const open = secondsLeft !== null;

  useEffect(() => {
    if (!open) return;
    previousFocus.current = document.activeElement;
    button.current?.focus();
    return () => {
      const previous = previousFocus.current;
      if (previous instanceof HTMLElement && previous.isConnected) previous.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    <div className="terminal-idle" role="presentation" onClick={stillHere}>
      <div
        className="terminal-idle__dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="terminal-idle-title"
        aria-describedby="terminal-idle-text"
      >
        <h2 id="terminal-idle-title">{t('terminal.idle.title')}</h2>
        <p id="terminal-idle-text">{t('terminal.idle.text', { seconds: secondsLeft })}</p>
        <button ref={button} type="button" className="button" onClick={stillHere}>
          {t('terminal.idle.continue')}
        </button>
      </div>
    </div>
  );
}
