/**
 * The page's own dialog (issue 20 items 4 and 10): every question the page asks (leave a game, start a new game over
 * a saved one, delete a saved game) is asked here, never with the browser's window.confirm, which looks like an
 * error from the browser, cannot be styled or tested like the page, and is blocked in some embedded views.
 *
 * Accessible as WAI-ARIA's modal dialog pattern: role "alertdialog" (a question that interrupts; "dialog" for a
 * chooser), aria-modal, labelled by its title and described by its text; the focus moves into it (the element
 * marked `data-autofocus`, else the first button) and stays there (Tab wraps), Escape cancels, and on closing the
 * focus returns to what had it before (the button that opened it). Rendered into document.body so no transformed
 * ancestor can clip or misplace it.
 */
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { ChoiceButton } from '../prompt/ChoiceButton';
import { colors, phone } from '../theme';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 100;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 16px;
  background: rgba(5, 8, 14, 0.72);
  ${phone} { align-items: flex-end; padding: 8px; }
`;

const Box = styled.div`
  width: min(520px, 100%);
  max-height: calc(100vh - 32px);
  overflow: auto;
  padding: 16px 18px;
  border-radius: 12px;
  border: 2px solid ${colors.highlight};
  background: ${colors.surface};
  color: ${colors.text};
  box-shadow: 0 10px 40px rgba(0, 0, 0, 0.6);
  h2 { margin: 0 0 8px; font-size: 18px; }
  p { margin: 0 0 10px; }
`;

export const DialogActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 8px;
  margin-top: 12px;
  ${phone} { flex-direction: column-reverse; align-items: stretch; }
`;

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

export function Dialog({ title, children, onCancel, role = 'alertdialog', testId }: {
  title: string;
  children: ReactNode;
  /** Escape (and every "Cancel" the caller shows) ends here: nothing changes. */
  onCancel(): void;
  role?: 'alertdialog' | 'dialog';
  testId?: string;
}) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const cancel = useRef(onCancel);
  cancel.current = onCancel;

  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const el = box.current;
    const first = el?.querySelector<HTMLElement>('[data-autofocus]') ?? el?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? el)?.focus();
    return () => {
      // Back to the opener (a button still on the page), as a native dialog would — unless the focus has already
      // gone somewhere on purpose (the next view of the same question, a new screen).
      setTimeout(() => {
        const now = document.activeElement;
        const lost = !now || now === document.body || !now.isConnected;
        if (lost && before?.isConnected && typeof before.focus === 'function') before.focus();
      }, 0);
    };
  }, []);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      // Handled here: the prompt's own Escape ("Back") and the detail sheet's must not act on it too.
      e.preventDefault();
      e.stopPropagation();
      cancel.current();
      return;
    }
    if (e.key !== 'Tab' || !box.current) return;
    const items = [...box.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (items.length === 0) { e.preventDefault(); return; }
    const first = items[0];
    const last = items[items.length - 1];
    const at = document.activeElement;
    if (e.shiftKey && (at === first || at === box.current)) { e.preventDefault(); last.focus(); }
    else if (!e.shiftKey && at === last) { e.preventDefault(); first.focus(); }
  };

  return createPortal(
    <Backdrop data-testid="dialog-backdrop">
      <Box ref={box} role={role} aria-modal="true" aria-labelledby={`${id}-title`} aria-describedby={`${id}-body`}
        tabIndex={-1} onKeyDown={onKeyDown} data-testid={testId ?? 'dialog'}>
        <h2 id={`${id}-title`}>{title}</h2>
        <div id={`${id}-body`}>{children}</div>
      </Box>
    </Backdrop>,
    document.body,
  );
}

/** A yes/no question: the safe answer (`cancelLabel`) has the focus, so Enter on a stray key press loses nothing. */
export function ConfirmDialog({ title, text, confirmLabel, cancelLabel = 'Cancel', onConfirm, onCancel, testId, danger }: {
  title: string;
  text: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm(): void;
  onCancel(): void;
  testId?: string;
  /** The confirmation destroys something (a saved game): its button says so in colour as well as in words. */
  danger?: boolean;
}) {
  return (
    <Dialog title={title} onCancel={onCancel} testId={testId ?? 'confirm-dialog'}>
      {typeof text === 'string' ? <p>{text}</p> : text}
      <DialogActions>
        <ChoiceButton onClick={onCancel} data-autofocus data-dialog="cancel">{cancelLabel}</ChoiceButton>
        <ChoiceButton $primary onClick={onConfirm} data-dialog="confirm"
          style={danger ? { borderColor: colors.danger, background: '#3a1818' } : undefined}>
          {confirmLabel}
        </ChoiceButton>
      </DialogActions>
    </Dialog>
  );
}
