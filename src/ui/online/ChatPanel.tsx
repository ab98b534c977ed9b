/**
 * The chat of an online match (server/chat.ts): a "Chat" button in the online strip (with the number of unread
 * lines) opens a panel over the board: the lines (text nodes only, never HTML), quick phrases for phones, a text
 * field (500 characters, the server's limit) and, for players, whether to show the spectators' channel: closed
 * until the player opens it (issue 19 item 3), and the server sends a player none of its lines until then. Players
 * write in the players' channel (the two seats only), spectators in theirs; the server decides who sent a line.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { ChoiceButton } from '../prompt/ChoiceButton';
import { colors, factionColor, factionName, phone } from '../theme';
import { isSeatID, MAX_CHAT_CHARS, seatOf, type ChatLine } from '../../protocol';
import type { OnlineSession } from './socketClient';

export const CHAT_MAX = MAX_CHAT_CHARS;
export const QUICK_PHRASES = ['Good luck!', 'Your turn', 'Well played', 'Thanks'] as const;

const Panel = styled.section`
  position: fixed;
  right: 12px;
  top: 104px;
  width: 340px;
  max-height: min(520px, calc(100vh - 180px));
  z-index: 40;
  display: flex;
  flex-direction: column;
  gap: 6px;
  padding: 8px;
  border: 1px solid ${colors.border};
  border-radius: 10px;
  background: ${colors.surface};
  box-shadow: 0 8px 28px rgba(0, 0, 0, 0.5);
  ${phone} {
    left: 6px;
    right: 6px;
    top: auto;
    bottom: 8px;
    width: auto;
    max-height: 60vh;
  }
`;

const Lines = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0 2px;
  overflow-y: auto;
  flex: 1;
  min-height: 80px;
  display: flex;
  flex-direction: column;
  gap: 3px;
  font-size: 13px;
  overflow-wrap: anywhere;
`;

const Input = styled.input`
  flex: 1;
  min-width: 0;
  min-height: 36px;
  padding: 4px 8px;
  border-radius: 6px;
  border: 1px solid ${colors.border};
  background: ${colors.bg};
  color: ${colors.text};
`;

/** How a line names its sender: Mint's factions by default; another game gives its own (Imperios: its seats). */
export type ChatSender = (line: ChatLine) => { label: string; color: string };

function who(line: ChatLine): { label: string; color: string } {
  if (isSeatID(line.sender)) {
    const seat = seatOf(line.sender);
    return { label: line.payload.name ? `${line.payload.name} (${factionName(seat)})` : factionName(seat), color: factionColor(seat) };
  }
  return { label: 'Spectator', color: colors.muted };
}

/** The lines a viewer shows: spectators' lines only if `showSpectators`. */
export function shownLines(lines: readonly ChatLine[], showSpectators: boolean): ChatLine[] {
  return lines.filter((l) => l.payload.channel === 'players' || showSpectators);
}

export function ChatPanel({ lines, seatID, error, onSend, onClose, showSpectators, onShowSpectators, sender = who }: {
  lines: readonly ChatLine[];
  /** '0' | '1' for a player, null for a spectator. */
  seatID: string | null;
  error: string | null;
  onSend(text: string): void;
  onClose(): void;
  showSpectators: boolean;
  onShowSpectators(v: boolean): void;
  sender?: ChatSender;
}) {
  const [text, setText] = useState('');
  const list = useRef<HTMLOListElement>(null);
  const shown = shownLines(lines, seatID === null || showSpectators);
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [shown.length]);
  const send = (t: string) => {
    const s = t.trim();
    if (!s || [...s].length > CHAT_MAX) return;
    onSend(s);
    setText('');
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send(text);
  };
  const tooLong = [...text].length > CHAT_MAX;
  return (
    <Panel aria-label="Chat" data-testid="chat-panel">
      <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        <strong style={{ flex: 1 }}>{seatID === null ? 'Spectators\u2019 chat' : 'Chat with your opponent'}</strong>
        <ChoiceButton $small onClick={onClose} data-chat="close" aria-label="Close the chat">Close</ChoiceButton>
      </div>
      {seatID !== null && (
        <label style={{ fontSize: 12, color: colors.muted, display: 'flex', gap: 6, alignItems: 'center' }}>
          <input type="checkbox" checked={showSpectators} onChange={(e) => onShowSpectators(e.target.checked)} data-chat="show-spectators" />
          Show the spectators&rsquo; chat
        </label>
      )}
      <Lines ref={list} data-testid="chat-lines" aria-live="polite">
        {shown.length === 0 && <li style={{ color: colors.muted }}>No messages yet.</li>}
        {shown.map((l) => {
          const w = sender(l);
          return (
            <li key={l.id} data-chat-line={l.payload.channel} data-sender={l.sender ?? 'spectator'}
              style={l.payload.channel === 'spectators' ? { opacity: 0.8, fontStyle: 'italic' } : undefined}>
              <span style={{ color: w.color, fontWeight: 600 }}>{w.label}: </span>
              <span data-chat-text="">{l.payload.text}</span>
            </li>
          );
        })}
      </Lines>
      <div style={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
        {QUICK_PHRASES.map((p) => (
          <ChoiceButton key={p} $small onClick={() => send(p)} data-chat-quick={p}>{p}</ChoiceButton>
        ))}
      </div>
      <form onSubmit={submit} style={{ display: 'flex', gap: 6 }}>
        <Input value={text} onChange={(e) => setText(e.target.value)} maxLength={CHAT_MAX * 2} placeholder="Message"
          aria-label="Chat message" data-chat="input" />
        {/* ChoiceButton is type="button" (its attrs): Send is a click; Enter in the field submits the form. */}
        <ChoiceButton $primary onClick={() => send(text)} disabled={!text.trim() || tooLong} data-chat="send">Send</ChoiceButton>
      </form>
      {(tooLong || error) && (
        <span role="alert" style={{ color: colors.danger, fontSize: 12 }} data-testid="chat-error">
          {tooLong ? `At most ${CHAT_MAX} characters.` : `Not sent: ${error}.`}
        </span>
      )}
    </Panel>
  );
}

/**
 * Issue 20 item 7 — what this browser has read of a match's chat, kept across reloads: the server time of the
 * newest line shown while the panel was open, per match and seat (localStorage; a line is unread when newer).
 */
const readKey = (matchID: string, seatID: string | null) => `mint-chat-read:${matchID}:${seatID ?? 'spectator'}`;

/** The read mark (server ms), or -1 when nothing was read here yet (every line is unread). */
export function loadChatRead(matchID: string | undefined, seatID: string | null): number {
  if (!matchID) return -1;
  try {
    const raw = localStorage.getItem(readKey(matchID, seatID));
    const v = raw === null ? NaN : Number(raw);
    return Number.isFinite(v) && v >= 0 ? v : -1;
  } catch {
    return -1;
  }
}

function saveChatRead(matchID: string | undefined, seatID: string | null, at: number): void {
  if (!matchID) return;
  try {
    localStorage.setItem(readKey(matchID, seatID), String(at));
  } catch {
    // A refused storage only loses the mark: the count starts over after a reload.
  }
}

/** Lines newer than the read mark (server ms). */
export function unreadLines(lines: readonly ChatLine[], readAt: number): number {
  return lines.filter((l) => l.payload.at > readAt).length;
}

/** The strip's chat button and the panel, for one online session. */
export function ChatDock({ session, seatID, matchID, sender }: {
  session: OnlineSession; seatID: string | null; matchID?: string; sender?: ChatSender;
}) {
  const [open, setOpen] = useState(false);
  // Closed by default: strangers' lines reach a player only once the player asks for them.
  const [showSpectators, setShowSpectators] = useState(false);
  const onShowSpectators = (v: boolean) => {
    setShowSpectators(v);
    session.showSpectatorChat(v);
  };
  const [readAt, setReadAt] = useState(() => loadChatRead(matchID, seatID));
  const lines = session.chat();
  const shown = shownLines(lines, seatID === null || showSpectators);
  const newest = shown.reduce((m, l) => Math.max(m, l.payload.at), -1);
  useEffect(() => {
    if (open && newest > readAt) {
      setReadAt(newest);
      saveChatRead(matchID, seatID, newest);
    }
  }, [open, newest, readAt, matchID, seatID]);
  const unread = unreadLines(shown, readAt);
  return (
    <>
      <ChoiceButton $small style={{ minHeight: 24, padding: '0 8px', fontSize: 12 }} onClick={() => setOpen(!open)}
        data-chat="toggle" aria-expanded={open}>
        Chat{unread > 0 ? ` (${unread})` : ''}
      </ChoiceButton>
      {open && (
        <ChatPanel lines={lines} seatID={seatID} error={session.chatError()} onSend={(t) => session.sendChat(t)}
          onClose={() => setOpen(false)} showSpectators={showSpectators} onShowSpectators={onShowSpectators} {...(sender ? { sender } : {})} />
      )}
    </>
  );
}
