import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  document.addEventListener('input', onChange);
  document.addEventListener('change', onChange);
  return () => {
    document.removeEventListener('input', onChange);
    document.removeEventListener('change', onChange);
  };
}

/**
 * The value a form's control has in the browser now (a select, or a group of radio buttons by their name), for a
 * summary that follows the choice, e.g. the order summary before a paid order's button
 * (docs/decisions/0059-paid-orders-summary-before-the-button.md).
 *
 * Read from the document, not from the form library's state: a deferred form (deferred-form.tsx) is the server's
 * plain HTML until it hydrates, and a choice made meanwhile is in the control, not in the state. On the server and
 * while hydrating it is null, so the server's markup, which a browser without JavaScript keeps, never names a value
 * the visitor may have changed since.
 */
export function useLiveFormValue(formId: string, name: string): string | null {
  return useSyncExternalStore(
    subscribe,
    () => {
      const form = document.getElementById(formId);
      if (!(form instanceof HTMLFormElement)) return null;
      const control = form.elements.namedItem(name);
      if (control instanceof RadioNodeList || control instanceof HTMLSelectElement) return control.value;
      // A single radio button or checkbox is chosen only when checked.
      if (control instanceof HTMLInputElement) return control.checked ? control.value : '';
      return null;
    },
    () => null,
  );
}
