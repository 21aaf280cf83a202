import type { Contact } from '@callwise/shared/schemas/contacts';
import type { Script } from '@callwise/shared/schemas/scripts';
import { useEffect, useRef } from 'react';

/**
 * Fills the form from the address once each: the contact of `?contact=` (Call Now), the script of `?script=`
 * (Test) and the number of `?test=1` (the checklist's test call).
 */
export function useAddressPrefill(
  prefill: { contact: Contact | undefined; script: Script | undefined; testCallTo: string | null },
  apply: {
    contact: (contact: Contact) => void;
    script: (script: Script) => void;
    testNumber: (number: string) => void;
  },
) {
  const applied = useRef<{ contact: string | null; script: string | null; test: string | null }>({
    contact: null,
    script: null,
    test: null,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: applied once per contact from the address.
  useEffect(() => {
    const data = prefill.contact;
    if (!data || applied.current.contact === data.id) return;
    applied.current.contact = data.id;
    apply.contact(data);
  }, [prefill.contact]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: applied once per script from the address.
  useEffect(() => {
    const data = prefill.script;
    if (!data || applied.current.script === data.id) return;
    applied.current.script = data.id;
    apply.script(data);
  }, [prefill.script]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: applied once per number from the address.
  useEffect(() => {
    const number = prefill.testCallTo;
    if (!number || applied.current.test === number) return;
    applied.current.test = number;
    apply.testNumber(number);
  }, [prefill.testCallTo]);
}
