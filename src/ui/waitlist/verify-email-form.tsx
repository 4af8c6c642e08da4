import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/ui/components/button';
import { useAppStore } from '@/ui/store/store-context';
import { useCommand } from './use-command';
import { sendText, tryText, VERIFICATION_FAILED } from './verification-text';

/** Enter in a field does its group's action (and never submits the card's join form). */
function enter(event: React.KeyboardEvent, action: () => Promise<void>) {
  if (event.key !== 'Enter') return;
  event.preventDefault();
  void action();
}
interface Notice {
  readonly text: string;
  readonly error: boolean;
}

/**
 * 'Correo universitario' / 'Enviar código', then 'Código' / 'Verificar' (issue 48): a joined
 * student whose sign-in address does not verify them proves a university address by a code. A
 * code asked for earlier can be entered after a reload. `onVerified` reads the campus again (the
 * card then says 'Verificado con tu correo …'). Sending and verifying are commands in the card's
 * one idiom (`useCommand`): one at a time; one that could not reach the server offers
 * 'Reintentar' (`onError` keeps the step open meanwhile).
 */
export function VerifyEmailForm({
  university,
  onVerified,
  onError,
}: {
  university: string | null;
  onVerified: () => void;
  onError: (error: boolean) => void;
}) {
  const pendingCode = useAppStore((s) => s.pendingCode);
  const [send, sendCode] = useCommand(useAppStore((s) => s.sendCode));
  const [check, verifyCode] = useCommand(useAppStore((s) => s.verifyCode));
  const [address, setAddress] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const busy = send.status === 'pending' || check.status === 'pending';
  const [notice, setNotice] = useState<Notice | null>(null);
  const codeField = useRef<HTMLInputElement>(null);
  // Each code sent moves the focus to the code's field (rendered once the first code is sent).
  const [sends, setSends] = useState(0);
  useEffect(() => {
    if (sends > 0) codeField.current?.focus();
  }, [sends]);
  const id = useId();

  useEffect(() => {
    let live = true;
    void pendingCode().then((pending) => {
      if (live && pending) setSentTo((current) => current ?? pending.address);
    });
    return () => {
      live = false;
    };
  }, [pendingCode]);

  // The last command could not reach the server: 'Reintentar' runs it again.
  const unreached = notice?.text === VERIFICATION_FAILED;
  const failed = !unreached ? null : check.status === 'failed' ? 'verify' : 'send';
  useEffect(() => onError(unreached), [unreached, onError]);

  const onSend = async () => {
    if (busy) return;
    const outcome = await sendCode(address);
    if (!outcome.ok) {
      if (outcome.code !== 'ignored') setNotice({ text: VERIFICATION_FAILED, error: true });
      return;
    }
    const sent = outcome.value;
    setNotice({ text: sendText(sent, university), error: sent.outcome !== 'sent' });
    if (sent.outcome === 'sent') {
      setSentTo(sent.address);
      setCode('');
      setSends((n) => n + 1);
    }
    if (sent.outcome === 'verified') onVerified();
  };

  const onVerify = async () => {
    if (busy) return;
    const outcome = await verifyCode(code);
    if (!outcome.ok) {
      if (outcome.code !== 'ignored') setNotice({ text: VERIFICATION_FAILED, error: true });
      return;
    }
    const tried = outcome.value;
    setNotice({ text: tryText(tried), error: tried.outcome !== 'verified' });
    if (tried.outcome === 'verified') onVerified();
  };

  const field =
    'mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 disabled:bg-slate-100';
  return (
    <div className="mt-3 space-y-3" data-testid="verify-email">
      {/* Inside the card's join form: no form of its own (forms do not nest); Enter sends. */}
      <div className="space-y-2">
        <label htmlFor={`${id}-address`} className="block text-xs font-medium text-slate-700">
          Correo universitario
        </label>
        <div className="flex flex-wrap gap-2">
          <input
            id={`${id}-address`}
            type="email"
            inputMode="email"
            autoComplete="email"
            spellCheck={false}
            maxLength={320}
            value={address}
            onChange={(e) => setAddress(e.target.value)}
            onKeyDown={(e) => enter(e, onSend)}
            className={`${field} mt-0 min-h-11 min-w-0 flex-1`}
          />
          <Button variant="secondary" size="sm" disabled={busy} onClick={() => void onSend()}>
            Enviar código
          </Button>
        </div>
      </div>
      {sentTo && (
        <div className="space-y-2">
          <label htmlFor={`${id}-code`} className="block text-xs font-medium text-slate-700">
            Código
          </label>
          <p className="text-xs text-slate-600" id={`${id}-code-hint`}>
            Lo enviamos a {sentTo}. Vence en 15 minutos.
          </p>
          <div className="flex flex-wrap gap-2">
            <input
              ref={codeField}
              id={`${id}-code`}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={12}
              aria-describedby={`${id}-code-hint`}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              onKeyDown={(e) => enter(e, onVerify)}
              className={`${field} mt-0 min-h-11 w-36 tracking-widest`}
            />
            <Button variant="primary" size="sm" disabled={busy} onClick={() => void onVerify()}>
              Verificar
            </Button>
          </div>
        </div>
      )}
      {/* Two live regions that stay in place: an error is an alert, the rest a polite status. */}
      <div data-testid="verify-email-notice">
        <p role="status" className="text-sm text-slate-700">
          {notice && !notice.error ? notice.text : ''}
        </p>
        <p role="alert" className="text-sm text-red-700">
          {notice?.error ? notice.text : ''}
        </p>
      </div>
      {failed && (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => void (failed === 'verify' ? onVerify() : onSend())}
        >
          Reintentar
        </Button>
      )}
    </div>
  );
}
