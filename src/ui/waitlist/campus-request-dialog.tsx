import { forwardRef, useId, useState } from 'react';
import { createPortal } from 'react-dom';
import {
  CAMPUS_NAME_LENGTH,
  type CampusRequestField,
  CITY_LENGTH,
  looksLikeContact,
  parseCampusRequest,
} from '@/domain/campus-request';
import { Button } from '@/ui/components/button';
import { MESSAGES } from '@/ui/messages';
import { toastOutcome } from '@/ui/outcome-toast';
import { useAppStore } from '@/ui/store/store-context';

/** The domain's limits, said as the form's errors say them. */
const FIELD_ERRORS: Record<CampusRequestField, string> = {
  name: `Escribe el nombre de tu universidad y campus (de ${CAMPUS_NAME_LENGTH.min} a ${CAMPUS_NAME_LENGTH.max} caracteres, sin símbolos).`,
  city: `Escribe la ciudad (de ${CITY_LENGTH.min} a ${CITY_LENGTH.max} caracteres, sin símbolos).`,
};

/**
 * A field refused for a link, an e-mail, a domain or a phone number (issue 59): the form says
 * so, not the length rule.
 */
const CONTACT_ERROR: Record<CampusRequestField, string> = {
  name: 'Escribe solo el nombre de tu universidad y campus, sin páginas web, correos ni números de teléfono.',
  city: 'Escribe solo el nombre de la ciudad, sin páginas web, correos ni números de teléfono.',
};

/**
 * 'Mi campus no aparece' (issue 28): the name (the search's text to start with) and the city of a
 * campus the catalogue lacks. Sending never blocks the student: the dialog says they can join
 * another campus meanwhile; a failure keeps what they wrote for a retry.
 */
export const CampusRequestDialog = forwardRef<HTMLDialogElement, { initialName: string }>(
  function CampusRequestDialog({ initialName }, ref) {
    const id = useId();
    const requestCampus = useAppStore((s) => s.requestCampus);
    const selectCollege = useAppStore((s) => s.selectCollege);
    const [name, setName] = useState(initialName);
    const [city, setCity] = useState('');
    const [invalid, setInvalid] = useState<CampusRequestField[]>([]);
    const [sending, setSending] = useState(false);
    const close = () => (ref as React.RefObject<HTMLDialogElement | null>).current?.close();

    const onSubmit = async (event: React.FormEvent) => {
      event.preventDefault();
      event.stopPropagation(); // the dialog sits inside step 2's form: this is not a join
      const parsed = parseCampusRequest({ name, city });
      if (!parsed.ok) return setInvalid(parsed.invalid);
      setInvalid([]);
      setSending(true);
      const outcome = await requestCampus(parsed.request);
      setSending(false);
      if (outcome.ok) {
        close();
        setCity('');
        // The student may join it at once, pending (issue 49): the selector holds it.
        selectCollege(outcome.value);
      }
      toastOutcome(outcome, {
        ok: () => [['success', MESSAGES.campusRequested, MESSAGES.campusRequestedDescription]],
        byCode: {
          'resource-exhausted': [
            'error',
            MESSAGES.campusRequestLimit,
            MESSAGES.campusRequestLimitDescription,
          ],
        },
        failed: ['error', MESSAGES.campusRequestFailed, MESSAGES.tryAgain],
      });
    };

    const field = (
      which: CampusRequestField,
      label: string,
      value: string,
      set: (v: string) => void,
      max: number,
    ) => (
      <label className="mt-3 block text-sm">
        <span className="font-medium text-slate-800">{label}</span>
        <input
          value={value}
          maxLength={max + 20}
          onChange={(event) => set(event.target.value)}
          aria-invalid={invalid.includes(which) || undefined}
          aria-describedby={invalid.includes(which) ? `${id}-${which}-error` : undefined}
          data-testid={`campus-request-${which}`}
          className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 aria-[invalid=true]:border-rose-600"
        />
        {invalid.includes(which) && (
          <span
            id={`${id}-${which}-error`}
            className="mt-1 block text-sm font-medium text-rose-700"
          >
            {looksLikeContact(value) ? CONTACT_ERROR[which] : FIELD_ERRORS[which]}
          </span>
        )}
      </label>
    );

    // In a portal: step 2 is a form, and a form inside a form is not HTML.
    return createPortal(
      <dialog
        ref={ref}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-description`}
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
      >
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          <h4 id={`${id}-title`} className="text-lg font-semibold">
            Mi campus no aparece
          </h4>
          <p id={`${id}-description`} className="mt-2 text-sm text-slate-700">
            Dinos cuál es: podrás unirte a él de inmediato como campus pendiente, y te escribiremos
            cuando lo agreguemos a la lista.
          </p>
          {field('name', 'Universidad y campus', name, setName, CAMPUS_NAME_LENGTH.max)}
          {field('city', 'Ciudad', city, setCity, CITY_LENGTH.max)}
          <div className="mt-4 flex flex-wrap justify-end gap-2">
            <Button type="button" variant="ghost" size="sm" onClick={close}>
              Cancelar
            </Button>
            <Button type="submit" size="sm" disabled={sending}>
              Enviar solicitud
            </Button>
          </div>
        </form>
      </dialog>,
      document.body,
    );
  },
);
