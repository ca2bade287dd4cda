import { useEffect, useId, useRef, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useConsent } from '../consent-context';
import { isConsentChoice, type ConsentChoice } from '~/shared/consent/consent-cookie';
import { consentPromptParam, currentPathWithoutPrompt } from '../consent-request';
import { csrfFieldName } from '~/shared/security/form-fields';
import { useT } from '~/i18n/hooks';
import { PageLink } from '~/ui/components/page-link';

const focusable = 'a[href], button:not([disabled]), input:not([type="hidden"]):not([disabled])';

/**
 * The consent dialog (docs/decisions/0011-consent-and-analytics.md). Rendered by the server when no
 * choice is stored, so it is there before any script runs; a native `<dialog>`, made modal once
 * JavaScript runs (the page behind becomes inert, focus stays inside, Escape closes it without a
 * choice). "Reject" and "Accept" are the same kind of button, side by side.
 *
 * Without JavaScript the buttons submit a form: a POST that stores the choice when the page carries
 * a CSRF token, otherwise a GET that reopens this page with the dialog asking to confirm (that page
 * is rendered afresh and carries a token). With JavaScript the choice is stored in the browser.
 * `csrf` is the page's CSRF token, or null when the page carries none.
 */
export function ConsentDialog({ csrf }: { csrf: string | null }) {
  const consent = useConsent();
  return consent.dialogOpen ? <ConsentDialogView csrf={csrf} /> : null;
}

function ConsentDialogView({ csrf }: { csrf: string | null }) {
  const { choice, prompt, choose, dismiss, returnFocusTo } = useConsent();
  const t = useT();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const here = currentPathWithoutPrompt(pathname, search);
  const confirming = isConsentChoice(prompt) ? prompt : null;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const returnTo = returnFocusTo;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // The server rendered it open but not modal; as a modal it sits in the top layer and makes the
    // page behind it inert.
    if (!element.matches(':modal')) {
      if (element.open) element.close();
      element.showModal();
    }
    // The dialog itself takes focus, not one of the buttons: neither answer is preselected, and a
    // screen reader reads the title and the explanation first. A choice to confirm is the exception.
    const confirm = element.querySelector<HTMLElement>('[data-confirm]');
    (confirm ?? element).focus();
    return () => {
      const target = returnTo.current ?? previous;
      returnTo.current = null;
      if (target?.isConnected && target !== document.body) target.focus();
    };
  }, [returnFocusTo]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const value = submitter instanceof HTMLButtonElement ? submitter.value : null;
    if (!isConsentChoice(value)) return;
    event.preventDefault();
    choose(value);
    // A page opened with `?consent=…` loses it, so that a reload does not ask again.
    if (new URLSearchParams(search).has(consentPromptParam)) {
      void navigate(here, { replace: true, preventScrollReset: true });
    }
  };

  // The native modal dialog keeps focus inside the page's part of the window; wrapping from the
  // last control to the first (and back) keeps it inside the dialog too.
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(focusable)];
    const first = controls[0];
    const last = controls.at(-1);
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === event.currentTarget)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const post = csrf !== null;
  const button = (value: ConsentChoice, label: string) => (
    <button
      type="submit"
      name={post ? 'choice' : consentPromptParam}
      value={value}
      className="button consent-dialog__choice"
      {...(confirming === value ? { 'data-confirm': '', autoFocus: true } : {})}
    >
      {label}
    </button>
  );

  return (
    <div className="consent-layer">
      <dialog
        ref={dialog}
        open
        className="consent-dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        tabIndex={-1}
        onClose={(event) => {
          // Closing to reopen as a modal also fires `close`; only a real close counts (Escape).
          if (!event.currentTarget.open) dismiss();
        }}
        onKeyDown={onKeyDown}
      >
        <h2 id={`${id}-title`} className="consent-dialog__title">
          {t('consent.title')}
        </h2>
        <div id={`${id}-text`}>
          <p>{t('consent.text')}</p>
          <p>{t('consent.change-hint')}</p>
          {choice ? <p className="consent-dialog__current">{t(`consent.current.${choice}`)}</p> : null}
          {confirming ? <p className="consent-dialog__confirm">{t('consent.confirm-hint')}</p> : null}
        </div>
        <p>
          <PageLink page="privacy">{t('consent.privacy-link')}</PageLink>
        </p>
        <form
          method={post ? 'post' : 'get'}
          action={post ? '/resources/consent' : pathname}
          onSubmit={onSubmit}
          aria-label={t('consent.choices')}
        >
          {post ? (
            <>
              <input type="hidden" name={csrfFieldName} value={csrf} />
              <input type="hidden" name="returnTo" value={here} />
            </>
          ) : (
            <QueryInputs search={search} />
          )}
          <div className="consent-dialog__choices">
            {button('rejected', t('consent.reject'))}
            {button('accepted', t('consent.accept'))}
          </div>
        </form>
      </dialog>
    </div>
  );
}

/**
 * The footer's "privacy settings" entry (a list item): opens the dialog again at any time. Without
 * JavaScript it reloads the page with `?consent=open`, which renders the dialog with a CSRF token for
 * its POST form. Nothing for a brand that asks no consent.
 */
export function ConsentSettingsItem() {
  const { needed, openDialog } = useConsent();
  const t = useT();
  const { pathname, search } = useLocation();
  if (!needed) return null;
  return (
    <li>
      <form
        method="get"
        action={pathname}
        className="consent-settings"
        onSubmit={(event) => {
          event.preventDefault();
          openDialog(event.currentTarget.querySelector('button'));
        }}
      >
        <QueryInputs search={search} />
        <button type="submit" name={consentPromptParam} value="open" className="link-button consent-settings__button">
          {t('consent.footer-button')}
        </button>
      </form>
    </li>
  );
}

/** The current query as hidden fields, so that a GET form coming back here keeps it (less the prompt). */
function QueryInputs({ search }: { search: string }) {
  return [...new URLSearchParams(search)]
    .filter(([key]) => key !== consentPromptParam)
    .map(([key, value], index) => <input key={`${key}-${index}`} type="hidden" name={key} value={value} />);
}
