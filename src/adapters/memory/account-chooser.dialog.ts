import { AppError } from '@/domain/errors';
import type { User } from '@/domain/user';

/** The popup-closed error a real provider gives when its popup is closed. */
const closed = () => new AppError('auth/popup-closed-by-user', 'The account chooser was closed');

const el = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] => {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
};

/**
 * Resolves once the browser has painted the frame after the current task (the tap's own feedback),
 * or after 100 ms where no frame comes (a hidden tab).
 */
const afterNextPaint = (): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, 100);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });

/**
 * An in-page stand-in for a provider's sign-in popup: a modal `<dialog>` named 'Elige una cuenta'
 * that lists the demo accounts. 'Cancelar' and Escape reject with `auth/popup-closed-by-user`.
 * Plain DOM, so the memory backend needs no UI framework.
 *
 * It opens after the tap that asked for it has painted, as a provider's popup window opens apart
 * from the page: `showModal()` makes the rest of the document inert, which restyles every element
 * of the page (about 18 ms here, 600 elements), and inside the tap's task that was most of the
 * first tap's interaction to next paint (issue 26, `npm run bench:inp`).
 */
export async function chooseAccountInDialog(accounts: readonly User[]): Promise<User> {
  await afterNextPaint();
  return new Promise<User>((resolve, reject) => {
    const dialog = el(
      'dialog',
      'm-auto w-[min(92vw,24rem)] rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/50',
    );
    dialog.setAttribute('aria-labelledby', 'account-chooser-title');
    dialog.setAttribute('aria-describedby', 'account-chooser-description');
    dialog.dataset.testid = 'account-chooser';

    const header = el('div', 'border-b border-slate-200 px-6 pt-6 pb-4 text-center');
    const badge = el(
      'p',
      'text-xs font-semibold tracking-wide text-slate-500 uppercase',
      'Cuenta de demostración',
    );
    const title = el('h2', 'mt-1 text-xl font-semibold', 'Elige una cuenta');
    title.id = 'account-chooser-title';
    const description = el(
      'p',
      'mt-1 text-sm text-slate-600',
      'para continuar a De estudiantes a estudiantes (backend en memoria, sin red)',
    );
    description.id = 'account-chooser-description';
    header.append(badge, title, description);

    const list = el('ul', 'max-h-80 overflow-y-auto py-2');
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      dialog.close();
      dialog.remove();
      outcome();
    };

    for (const account of accounts) {
      const item = el('li', '');
      const button = el(
        'button',
        'flex min-h-12 w-full items-center gap-3 px-6 py-3 text-left hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-indigo-600',
      );
      button.type = 'button';
      const initial = el(
        'span',
        'grid size-9 shrink-0 place-items-center rounded-full bg-indigo-600 font-semibold text-white',
        (account.displayName || account.email).charAt(0).toUpperCase(),
      );
      initial.setAttribute('aria-hidden', 'true');
      const text = el('span', 'flex min-w-0 flex-col');
      text.append(
        el('span', 'truncate text-sm font-medium', account.displayName),
        el('span', 'truncate text-sm text-slate-600', account.email),
      );
      button.append(initial, text);
      button.addEventListener('click', () => finish(() => resolve(account)));
      item.append(button);
      list.append(item);
    }

    const footer = el('div', 'flex justify-end border-t border-slate-200 px-6 py-3');
    const cancel = el(
      'button',
      'min-h-10 rounded-lg px-4 py-2 text-sm font-medium text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600',
      'Cancelar',
    );
    cancel.type = 'button';
    cancel.addEventListener('click', () => finish(() => reject(closed())));
    footer.append(cancel);

    // Escape fires 'cancel' on a modal dialog.
    dialog.addEventListener('cancel', (event) => {
      event.preventDefault();
      finish(() => reject(closed()));
    });

    dialog.append(header, list, footer);
    document.body.append(dialog);
    dialog.showModal();
    list.querySelector('button')?.focus();
  });
}
