/**
 * Hot-seat Imperios Milenarios (issue 23 item 7): one screen passed between four to seven players. The seat the
 * game waits for (awaitedSeats: one at a time when several are asked at once, lowest first) plays; whenever it
 * changes, a cover in that seat's colour and shape asks to pass the device. Nothing is hidden behind it but what
 * the board shows anyway: hands are open (G48), so the board stays visible, dimmed and inert. Once the game is over,
 * "Watch the replay" steps through it from the states the session kept (./ImperiosReplay.tsx).
 */
import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { awaitedSeats, type Action, type Seat } from '../../games/imperios/rules';
import { ChoiceButton } from '../prompt/ChoiceButton';
import { asCore } from './core';
import { ImperiosBoard } from './ImperiosBoard';
import { ImperiosReplayViewer } from './ImperiosReplay';
import { SeatMark } from './SeatMark';
import { seatLabel, seatLook, seatName } from './seats';
import type { ImperiosSession } from './session';

function PassCover({ seat, onReady }: { seat: Seat; onReady(): void }) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => ref.current?.focus(), [seat]);
  const look = seatLook(seat);
  return (
    <div role="dialog" aria-modal="true" aria-labelledby="imp-cover-title" data-testid="imp-cover" data-seat={seat}
      style={{ position: 'fixed', inset: 0, zIndex: 50, display: 'grid', placeItems: 'center', background: 'rgba(8, 10, 16, 0.72)', padding: 16 }}>
      <div style={{ background: '#1a2233', border: `4px solid ${look.colour}`, borderRadius: 14, padding: 20, maxWidth: 460, display: 'grid', gap: 12, textAlign: 'center' }}>
        <h1 id="imp-cover-title" style={{ margin: 0, fontSize: 22, display: 'flex', gap: 8, alignItems: 'center', justifyContent: 'center' }}>
          <SeatMark seat={seat} size={30} /> Pass the device to {seatName(seat)}
        </h1>
        <p style={{ margin: 0 }}>{seatLabel(seat)} decides next. Hands are open (G48): nothing is hidden.</p>
        <ChoiceButton ref={ref} $primary data-choice="ready" onClick={onReady} style={{ fontSize: 17, padding: '10px 20px' }}>
          I am {seatName(seat)} — play
        </ChoiceButton>
      </div>
    </div>
  );
}

export function HotSeat({ session, onExit, extra }: {
  session: ImperiosSession; onExit(): void;
  /** A row under the board's header: the save and the record's download (./ImperiosScreen.tsx). */
  extra?: ReactNode;
}) {
  const view = useSyncExternalStore(session.subscribe, session.getState);
  const [shown, setShown] = useState<Seat | null>(null);
  const [replay, setReplay] = useState<ReturnType<NonNullable<ImperiosSession['history']>> | null>(null);
  useEffect(() => () => session.stop(), [session]);
  if (!view) return <p role="status">Starting…</p>;
  if (replay) {
    const names = view.civs.map((c) => seatName(c.seat));
    return <ImperiosReplayViewer replay={replay} names={names} onExit={() => setReplay(null)} />;
  }
  // The game is over: its replay, from the states this page kept (the session's history).
  const watch = view.result && session.history
    ? <ChoiceButton data-choice="imp-watch" onClick={() => setReplay(session.history!())} style={{ margin: 8 }}>Watch the replay</ChoiceButton>
    : undefined;
  const acting = awaitedSeats(asCore(view))[0] ?? null;
  const covered = acting !== null && acting !== shown;
  const act = (a: Action) => acting !== null && session.act(acting, a);
  return (
    <>
      <div inert={covered} aria-hidden={covered || undefined} style={covered ? { filter: 'brightness(0.6)' } : undefined}>
        <ImperiosBoard key={acting ?? 'end'} view={view} seat={acting} act={act} onExit={onExit} controls={watch} extra={extra} />
      </div>
      {covered && <PassCover seat={acting} onReady={() => setShown(acting)} />}
    </>
  );
}
