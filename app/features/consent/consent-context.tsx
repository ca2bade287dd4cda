import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { consentCookie, type ConsentChoice } from '../../shared/consent/consent-cookie';
import { asksOnItsOwn, type ConsentPrompt } from './consent-request';

export interface ConsentState {
  /** Whether this site asks at all: only a brand that sends page views has something to ask for. */
  needed: boolean;
  choice: ConsentChoice | null;
  /** The dialog is shown: nothing chosen yet (outside web views and the privacy statement), or asked for. */
  dialogOpen: boolean;
  /** What the page was opened with (`?consent=…`): a choice to confirm, or `open`. */
  prompt: ConsentPrompt | null;
  /** Stores a choice in the browser and closes the dialog. */
  choose(choice: ConsentChoice): void;
  /** Opens the dialog again; focus goes back to `trigger` when it closes. */
  openDialog(trigger?: HTMLElement | null): void;
  /** Closes the dialog without a choice (Escape): asked again on the next page load. */
  dismiss(): void;
  /** The element that gets focus back when the dialog closes. */
  returnFocusTo: { current: HTMLElement | null };
}

const noop = () => {};
const ConsentContext = createContext<ConsentState>({
  needed: false,
  choice: null,
  dialogOpen: false,
  prompt: null,
  choose: noop,
  openDialog: noop,
  dismiss: noop,
  returnFocusTo: { current: null },
});

export function useConsent(): ConsentState {
  return useContext(ConsentContext);
}

/**
 * The visitor's consent for the whole page: starts from what the server read from the cookie (so
 * the server-rendered dialog and the hydrated one agree) and changes in the browser only.
 */
export function ConsentProvider({
  needed,
  initialChoice,
  prompt,
  children,
}: {
  needed: boolean;
  initialChoice: ConsentChoice | null;
  prompt: ConsentPrompt | null;
  children: ReactNode;
}) {
  const { pathname, search } = useLocation();
  const [choice, setChoice] = useState(initialChoice);
  const [requested, setRequested] = useState(prompt !== null);
  const [dismissed, setDismissed] = useState(false);
  const returnFocusTo = useRef<HTMLElement | null>(null);

  const choose = useCallback((next: ConsentChoice) => {
    document.cookie = consentCookie(next, window.location.protocol === 'https:');
    setChoice(next);
    setRequested(false);
  }, []);
  const openDialog = useCallback((trigger?: HTMLElement | null) => {
    returnFocusTo.current = trigger ?? null;
    setRequested(true);
  }, []);
  const dismiss = useCallback(() => {
    setRequested(false);
    setDismissed(true);
  }, []);

  const dialogOpen = needed && (requested || (choice === null && !dismissed && asksOnItsOwn(pathname, search)));
  const value = useMemo<ConsentState>(
    () => ({ needed, choice, dialogOpen, prompt, choose, openDialog, dismiss, returnFocusTo }),
    [needed, choice, dialogOpen, prompt, choose, openDialog, dismiss],
  );
  return <ConsentContext.Provider value={value}>{children}</ConsentContext.Provider>;
}
