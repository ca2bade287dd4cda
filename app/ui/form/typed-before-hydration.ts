import { useEffect, type RefObject } from 'react';

/**
 * A form is the server's plain HTML until its chunk is there and hydrated (deferred-form.tsx), and
 * people may type meanwhile. Hydration keeps what they typed in the DOM, but a controlled control's
 * next render would put its state's value back: `adopt` takes the typed value over, once, after
 * hydration, when it differs from the state's.
 */
export function useTypedBeforeHydration(
  control: RefObject<HTMLInputElement | HTMLSelectElement | null>,
  value: string,
  adopt: (typed: string) => void,
): void {
  useEffect(() => {
    const typed = control.current?.value;
    if (typed !== undefined && typed !== value) adopt(typed);
    // Only what happened before hydration; afterwards React's own events keep the state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
