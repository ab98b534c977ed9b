/**
 * "Report a problem" (issue 9 item 4): a button for a seated player of an online match (in the strip during the
 * game, and on the end screen) that opens a small dialog with a text (1–1000 characters, the server's limit) and
 * sends it with this seat's credentials to `POST /games/mint-imperium/:id/report` (server/records.ts). The server
 * keeps the record so far beside it; nothing of any report ever comes back, only "sent" or the server's error.
 * Spectators (no seat) get no button.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { ChoiceButton } from '../prompt/ChoiceButton';
import { colors, phone } from '../theme';
import { ErrorText } from './forms';
import { GAME_NAME, type Joined } from './lobbyApi';

/** The server's limit (server/records.ts MAX_REPORT_LENGTH): characters (code points) after trimming. */
export const REPORT_MAX = 1000;

const length = (s: string) => [...s].length;
const cut = (s: string) => (length(s) > REPORT_MAX ? [...s].slice(0, REPORT_MAX).join('') : s);

const Card = styled.form`
  position: fixed;
  left: 50%;
  top: 18vh;
  transform: translateX(-50%);
  width: min(440px, calc(100vw - 24px));
  z-index: 60;
  display: flex;
  flex-direction: column;
  gap: 8px;
  padding: 12px;
  border: 1px solid ${colors.border};
  border-radius: 10px;
  background: ${colors.surface};
  color: ${colors.text};
  box-shadow: 0 8px 28px rgba(0, 0, 0, 0.5);
  h2 { margin: 0; font-size: 16px; }
  p { margin: 0; font-size: 13px; }
  ${phone} { top: auto; bottom: 8px; }
`;

const Text = styled.textarea`
  min-height: 110px;
  resize: vertical;
  padding: 6px 8px;
  border-radius: 8px;
  border: 1px solid ${colors.border};
  background: ${colors.bg};
  color: ${colors.text};
  font: inherit;
  font-size: 14px;
`;

const Submit = styled(ChoiceButton).attrs({ type: 'submit' })``;

type Seat = Pick<Joined, 'matchID' | 'playerID' | 'credentials'>;

/** Sends one report; resolves on 200, else throws the server's `{ error }` (or a plain message). */
export async function sendReport(server: string, seat: Seat, text: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(`${server.replace(/\/$/, '')}/games/${GAME_NAME}/${encodeURIComponent(seat.matchID)}/report`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ playerID: seat.playerID, credentials: seat.credentials, text }),
    });
  } catch {
    throw new Error('The server cannot be reached.');
  }
  if (!res.ok) {
    const json = await res.json().catch(() => ({})) as { error?: unknown };
    throw new Error(typeof json.error === 'string' ? json.error : `server answered ${res.status}`);
  }
}

export function ReportProblem({ server, seat }: { server: string; seat: Seat | null }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  useEffect(() => { if (open) area.current?.focus(); }, [open]);
  if (!seat) return null;
  const trimmed = text.trim();
  const n = length(trimmed);
  const close = () => {
    setOpen(false);
    setSent(false);
    setError(null);
    button.current?.focus();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || sent || n < 1 || n > REPORT_MAX) return;
    setBusy(true);
    setError(null);
    try {
      await sendReport(server, seat, trimmed);
      setSent(true);
      setText('');
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <ChoiceButton ref={button} $small style={{ minHeight: 24, padding: '0 8px', fontSize: 12 }} data-online="report"
        aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Report a problem
      </ChoiceButton>
      {open && createPortal(
        <Card role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} data-testid="report-dialog" onSubmit={submit}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault();
              e.stopPropagation();
              close();
            }
          }}>
          <h2 id={`${id}-title`}>Report a problem</h2>
          {sent ? (
            <p role="status" data-testid="report-sent">Thanks — your report was sent.</p>
          ) : (
            <>
              <p id={`${id}-help`}>What went wrong? The server keeps your text with this game&apos;s record so far; only the server&apos;s operators read it.</p>
              <label htmlFor={`${id}-text`} className="sr-only">Your report</label>
              <Text id={`${id}-text`} ref={area} value={text} aria-describedby={`${id}-help ${id}-count`}
                onChange={(e) => setText(cut(e.target.value))} />
              <p id={`${id}-count`} data-testid="report-count" style={{ color: colors.muted }}>{n} / {REPORT_MAX}</p>
            </>
          )}
          {error && <ErrorText role="alert">{error}</ErrorText>}
          <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end' }}>
            {!sent && <Submit $primary disabled={busy || n < 1} data-online="report-send">{busy ? 'Sending…' : 'Send'}</Submit>}
            <ChoiceButton onClick={close} data-online="report-cancel">{sent ? 'Close' : 'Cancel'}</ChoiceButton>
          </div>
        </Card>,
        document.body,
      )}
    </>
  );
}
