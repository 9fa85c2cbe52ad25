import { useEffect, useRef, useState } from 'react';
import { onDemand } from '../../../lib/on-demand.ts';
import type { Checked, FieldErrors } from '../form-checks.ts';

type Checks = typeof import('../form-checks.ts');
// The checks bring zod: loaded when a form is first used, not with the page.
const checks = onDemand(() => import('../form-checks.ts'));

/**
 * A form checked with the shared schemas: after the first save attempt the notes follow the typing, and a failed
 * attempt moves the focus to the first field with a note (the first that matches `invalid` in the form).
 */
export function useFormChecks<D, T>(
  draft: D,
  run: (c: Checks, draft: D) => Checked<T>,
  invalid = '[aria-invalid="true"]',
) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [checked, setChecked] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const focusError = useRef(false);
  // The latest `run`, without making the effect below depend on a function the caller makes each render.
  const runRef = useRef(run);
  runRef.current = run;

  useEffect(() => {
    if (!checked) return;
    let live = true;
    void checks().then((c) => {
      if (!live) return;
      const result = runRef.current(c, draft);
      setErrors(result.ok ? {} : result.errors);
    });
    return () => {
      live = false;
    };
  }, [draft, checked]);

  useEffect(() => {
    if (!focusError.current) return;
    focusError.current = false;
    formRef.current?.querySelector<HTMLElement>(invalid)?.focus();
  });

  /** Checks the draft now: its data when it passes; otherwise null, with the notes shown and focused. */
  async function validate(): Promise<T | null> {
    const result = run(await checks(), draft);
    setChecked(true);
    if (!result.ok) {
      setErrors(result.errors);
      focusError.current = true;
      return null;
    }
    setErrors({});
    return result.data;
  }

  return { errors, formRef, validate, preload: () => void checks() };
}
