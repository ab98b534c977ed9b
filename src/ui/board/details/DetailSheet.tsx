/**
 * The card-detail view (issue 13 item 1): a dialog opened by tap, click or keyboard on any card, planet, leader,
 * unit or marker — phones have no hover, so tooltips alone could not be read there. On a phone it is a bottom
 * sheet above the prompt bar; at 1280×800 a centred card. Escape, the close button or a tap outside close it and
 * give the focus back to what opened it. Links inside (a planet's leaders, units and markers) open their own
 * detail, with "Back" to return. `DetailProvider` wraps the board; `useDetail()` gives `open(subject)`.
 */
import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import type { Faction } from '../../../game/content';
import type { GameState } from '../../../game/rules';
import { colors, factionColor, phone } from '../../theme';
import { AttributeIcon, AttributeIcons } from './AttributeIcon';
import { describe, type Subject } from './describe';
import { ATTRIBUTE_NAMES } from '../../format';

/** The symbol legend is read rarely: a chunk of its own, out of the first load (tests/e2e/a11y.test.ts's budget). */
const Legend = lazy(() => import('./Legend').then((m) => ({ default: m.Legend })));

const DetailContext = createContext<((s: Subject) => void) | null>(null);

/** `open(subject)` of the enclosing board, or null outside one (a card rendered on its own). */
export function useDetail(): ((s: Subject) => void) | null {
  return useContext(DetailContext);
}

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 60;
  background: rgba(5, 8, 14, 0.6);
  display: flex;
  align-items: center;
  justify-content: center;
  ${phone} { align-items: flex-end; }
`;

const Sheet = styled.div<{ $c: string }>`
  width: min(460px, 94vw);
  max-height: 82vh;
  overflow-y: auto;
  display: flex;
  flex-direction: column;
  gap: 10px;
  padding: 14px 16px 16px;
  border-radius: 12px;
  background: ${colors.surface};
  border: 1px solid ${colors.border};
  border-top: 5px solid ${(p) => p.$c};
  box-shadow: 0 12px 40px rgba(0, 0, 0, 0.6);
  ${phone} {
    width: 100%;
    max-height: 78vh;
    border-radius: 14px 14px 0 0;
    padding: 12px 12px calc(14px + env(safe-area-inset-bottom));
  }
`;

const Head = styled.div`
  display: flex;
  align-items: flex-start;
  gap: 8px;
`;

const Kind = styled.div`
  font-size: 11px;
  font-weight: 700;
  letter-spacing: 0.06em;
  text-transform: uppercase;
  color: ${colors.muted};
`;

const Title = styled.h2`
  margin: 2px 0 0;
  font-size: 19px;
  line-height: 1.2;
`;

const RuleChip = styled.span`
  display: inline-block;
  margin-left: 6px;
  padding: 0 6px;
  border-radius: 10px;
  font-size: 11px;
  font-weight: 700;
  vertical-align: middle;
  background: ${colors.surface2};
  color: #c9cfdb;
  border: 1px solid ${colors.border};
`;

const Close = styled.button.attrs({ type: 'button' })`
  margin-left: auto;
  flex: none;
  width: 40px;
  height: 40px;
  border-radius: 20px;
  border: 1px solid ${colors.border};
  background: ${colors.surface2};
  font-size: 20px;
  line-height: 1;
  cursor: pointer;
  ${phone} { width: 44px; height: 44px; }
`;

const Text = styled.p<{ $c: string }>`
  margin: 0;
  padding: 8px 10px;
  border-radius: 8px;
  background: ${colors.surface2};
  border-left: 4px solid ${(p) => p.$c};
  font-size: 14.5px;
  line-height: 1.45;
`;

const Attr = styled.div`
  display: flex;
  align-items: center;
  gap: 6px;
  font-weight: 700;
`;

const Lines = styled.dl`
  margin: 0;
  display: grid;
  grid-template-columns: minmax(90px, max-content) 1fr;
  gap: 6px 10px;
  font-size: 13.5px;
  dt { color: ${colors.muted}; font-weight: 600; }
  dd { margin: 0; display: flex; flex-wrap: wrap; gap: 4px; align-items: center; }
  ${phone} { grid-template-columns: 1fr; gap: 2px; dd { margin-bottom: 6px; } }
`;

const Link = styled.button.attrs({ type: 'button' })`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  min-height: 32px;
  padding: 2px 10px;
  border-radius: 16px;
  border: 1px solid ${colors.border};
  background: ${colors.surface2};
  cursor: pointer;
  &:hover { filter: brightness(1.2); }
  ${phone} { min-height: 40px; }
`;

const Foot = styled.div`
  display: flex;
  gap: 8px;
  justify-content: space-between;
`;

const FootButton = styled(Link)`
  min-height: 40px;
  padding: 4px 16px;
  font-weight: 600;
  ${phone} { min-height: 44px; }
`;

function DetailBody({ view, seat, subject, open }: { view: GameState; seat: Faction | null; subject: Subject; open(s: Subject): void }) {
  const d = describe(view, seat, subject);
  const c = d.faction ? factionColor(d.faction as Faction) : colors.highlight;
  return (
    <>
      {d.attribute !== undefined && (
        <Attr data-testid="detail-attribute">
          {d.attribute ? <><AttributeIcon attr={d.attribute} size={20} /> {ATTRIBUTE_NAMES[d.attribute]}</> : 'Cannot be opposed'}
        </Attr>
      )}
      {d.text && <Text $c={c} data-testid="detail-text">{d.text}</Text>}
      {subject.k === 'legend' && <Suspense fallback={<Text $c={c}>Loading the legend…</Text>}><Legend open={open} /></Suspense>}
      {d.lines.length > 0 && (
        <Lines>
          {d.lines.map((l, i) => (
            <div key={i} style={{ display: 'contents' }}>
              <dt>{l.label}</dt>
              <dd>
                {l.icons && !l.links && <AttributeIcons attrs={l.icons} size={15} />}
                {l.text && <span>{l.text}</span>}
                {l.links?.map((k, j) => (
                  <Link key={j} onClick={() => open(k.subject)} data-detail-link={k.subject.k}>
                    {k.icons && <AttributeIcons attrs={k.icons} size={13} />}
                    {k.text}
                  </Link>
                ))}
              </dd>
            </div>
          ))}
        </Lines>
      )}
    </>
  );
}

export function DetailProvider({ view, seat, children }: { view: GameState; seat: Faction | null; children: ReactNode }) {
  const [stack, setStack] = useState<Subject[]>([]);
  const opener = useRef<HTMLElement | null>(null);
  const closeRef = useRef<HTMLButtonElement | null>(null);
  const sheetRef = useRef<HTMLDivElement | null>(null);
  const open = useCallback((s: Subject) => {
    setStack((st) => {
      if (st.length === 0 && typeof document !== 'undefined') opener.current = document.activeElement as HTMLElement | null;
      return [...st, s];
    });
  }, []);
  const close = useCallback(() => {
    setStack([]);
    const el = opener.current;
    opener.current = null;
    if (el && typeof el.focus === 'function') setTimeout(() => el.focus(), 0);
  }, []);
  const back = useCallback(() => setStack((st) => st.slice(0, -1)), []);
  const top = stack[stack.length - 1];
  useEffect(() => {
    if (!top) return undefined;
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
      // keep Tab inside the dialog (aria-modal): wrap from the last control to the first and back
      if (e.key === 'Tab' && sheetRef.current) {
        const items = [...sheetRef.current.querySelectorAll<HTMLElement>('button, [tabindex="0"]')];
        if (items.length === 0) return;
        const first = items[0];
        const last = items[items.length - 1];
        if (e.shiftKey && document.activeElement === first) { e.preventDefault(); last.focus(); }
        else if (!e.shiftKey && document.activeElement === last) { e.preventDefault(); first.focus(); }
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [top, close]);
  const d = useMemo(() => (top ? describe(view, seat, top) : null), [view, seat, top]);
  return (
    <DetailContext.Provider value={open}>
      {children}
      {top && d && (
        <Backdrop onClick={(e) => { if (e.target === e.currentTarget) close(); }} data-testid="detail-backdrop">
          <Sheet ref={sheetRef} $c={d.faction ? factionColor(d.faction) : colors.highlight} role="dialog" aria-modal="true"
            aria-labelledby="detail-title" data-testid="detail" data-subject={top.k} data-rule={d.rule}>
            <Head>
              <div>
                <Kind>{d.kind}</Kind>
                <Title id="detail-title">
                  {d.title}
                  {d.rule && <RuleChip data-rule={d.rule} title="Rule or card id in the rules">{d.rule}</RuleChip>}
                </Title>
              </div>
              <Close ref={closeRef} onClick={close} aria-label="Close details">×</Close>
            </Head>
            <DetailBody view={view} seat={seat} subject={top} open={open} />
            <Foot>
              {stack.length > 1 ? <FootButton onClick={back}>← Back</FootButton> : <span />}
              <FootButton onClick={close}>Close</FootButton>
            </Foot>
          </Sheet>
        </Backdrop>
      )}
    </DetailContext.Provider>
  );
}

const Info = styled.button.attrs({ type: 'button' })`
  position: absolute;
  top: 3px;
  right: 3px;
  z-index: 2;
  width: 22px;
  height: 22px;
  padding: 0;
  border-radius: 11px;
  border: 1px solid ${colors.border};
  background: ${colors.bg};
  color: ${colors.text};
  font: italic 700 12px/1 Georgia, 'Times New Roman', serif;
  cursor: pointer;
  opacity: 0.9;
  /* a bigger touch area than the visible dot */
  &::before { content: ''; position: absolute; inset: -6px; }
  &:hover { opacity: 1; border-color: ${colors.highlight}; }
`;

/** The small "i" for things that are a choice right now (their own click chooses them). */
export function InfoButton({ subject, label }: { subject: Subject; label: string }) {
  const open = useDetail();
  if (!open) return null;
  return (
    <Info aria-label={`Details: ${label}`} data-detail={subject.k} onClick={(e) => { e.stopPropagation(); open(subject); }}>i</Info>
  );
}

/**
 * Props that make a non-interactive element open its detail on click, tap, Enter or Space. Without a board
 * (no provider) it stays a plain element.
 */
export function useOpenable(subject: Subject, label: string): Record<string, unknown> {
  const open = useDetail();
  if (!open) return {};
  return {
    role: 'button',
    tabIndex: 0,
    // Named by its own content, not an aria-label: a widget's name must contain its visible text (WCAG 2.5.3,
    // axe label-content-name-mismatch); `label` only names it where the content says nothing (data-label).
    'aria-haspopup': 'dialog',
    'data-label': `${label} — details`,
    'data-detail': subject.k,
    onClick: () => open(subject),
    onKeyDown: (e: React.KeyboardEvent) => {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        open(subject);
      }
    },
    style: { cursor: 'pointer' },
  };
}
