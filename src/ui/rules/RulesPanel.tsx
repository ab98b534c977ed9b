/**
 * The rules reference (issue 12 item 2): RULES.md's sections in this project's own words (ruleText.ts), a search
 * box, and the entry asked for scrolled into view and focused. A side sheet on the desktop, full screen on a
 * phone; Escape or "Close" returns to the board. Loaded lazily by RulesContext.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { colors, phone } from '../theme';
import { findRule, searchRules } from './ruleSearch';
import type { GameConfig } from '../../game/content';
import { ruleSections } from './ruleText';

const Sheet = styled.div`
  position: fixed;
  top: 0;
  right: 0;
  bottom: 0;
  z-index: 60;
  width: min(460px, 100vw);
  display: flex;
  flex-direction: column;
  background: ${colors.surface};
  border-left: 2px solid ${colors.border};
  box-shadow: -8px 0 24px rgba(0, 0, 0, 0.5);
  ${phone} { width: 100vw; border-left: none; }
`;

const Head = styled.div`
  display: flex;
  gap: 8px;
  align-items: center;
  padding: 10px 12px;
  border-bottom: 1px solid ${colors.border};
  h2 { margin: 0; font-size: 17px; flex: 1; }
`;

const Search = styled.input`
  margin: 8px 12px;
  min-height: 40px;
  padding: 6px 10px;
  border-radius: 8px;
  border: 1px solid ${colors.border};
  background: ${colors.bg};
  color: ${colors.text};
  font: inherit;
`;

const Body = styled.div`
  flex: 1;
  overflow-y: auto;
  padding: 0 12px 16px;
  h3 { font-size: 15px; margin: 14px 0 6px; color: ${colors.highlight}; }
`;

const Entry = styled.article<{ $target: boolean }>`
  margin: 0 0 8px;
  padding: 6px 8px;
  border-radius: 6px;
  border: 1px solid ${(p) => (p.$target ? colors.highlight : 'transparent')};
  background: ${(p) => (p.$target ? colors.surface2 : 'transparent')};
  h4 { margin: 0 0 2px; font-size: 14px; }
  p { margin: 2px 0; }
  &:focus { outline: 3px solid #7fb2ff; outline-offset: 1px; }
`;

const Id = styled.span`
  color: ${colors.muted};
  font-weight: 400;
  margin-right: 6px;
`;

const Close = styled.button.attrs({ type: 'button' })`
  min-height: 40px;
  min-width: 44px;
  padding: 4px 12px;
  border-radius: 8px;
  border: 1px solid ${colors.border};
  background: ${colors.surface2};
  font-weight: 600;
  cursor: pointer;
`;

export const ruleDomId = (id: string) => `rule-${id.replace(/[^A-Za-z0-9-]/g, '_')}`;

/** `config`: the knobs (RULES B7) of the game on screen, or DEFAULT_CONFIG (RulesContext). */
export default function RulesPanel({ target, onClose, config }: { target: string | null; onClose(): void; config: GameConfig }) {
  const [query, setQuery] = useState('');
  const all = useMemo(() => ruleSections(config), [config]);
  const entry = useMemo(() => (target ? findRule(all, target) : null), [all, target]);
  const sections = useMemo(() => searchRules(all, query), [all, query]);
  const searchRef = useRef<HTMLInputElement>(null);
  const count = sections.reduce((n, s) => n + s.entries.length, 0);

  useEffect(() => {
    const el = entry ? document.getElementById(ruleDomId(entry.id)) : null;
    if (el) {
      el.scrollIntoView?.({ block: 'start' });
      el.focus();
    } else searchRef.current?.focus();
  }, [entry]);

  return (
    <Sheet role="dialog" aria-modal="true" aria-labelledby="rules-title" data-testid="rules"
      onKeyDown={(ev) => {
        if (ev.key === 'Escape') {
          ev.preventDefault();
          ev.stopPropagation();
          onClose();
        }
      }}>
      <Head>
        <h2 id="rules-title">Rules</h2>
        <Close onClick={onClose} aria-label="Close the rules">Close</Close>
      </Head>
      <Search type="search" ref={searchRef} value={query} placeholder="Search the rules (e.g. deploy, Secret Plans)"
        aria-label="Search the rules" aria-controls="rules-body" onChange={(ev) => setQuery(ev.target.value)} />
      <div role="status" aria-live="polite" className="sr-only">{query ? `${count} matching rules` : ''}</div>
      {/* Focusable: the keyboard can scroll the rules (axe scrollable-region-focusable). */}
      <Body id="rules-body" tabIndex={0} role="region" aria-label="The rules">
        {sections.length === 0 && <p>No rule mentions “{query}”.</p>}
        {sections.map((s) => (
          <section key={s.id} aria-labelledby={`sec-${s.id}`}>
            <h3 id={`sec-${s.id}`}>{s.id} · {s.title}</h3>
            {s.entries.map((en) => (
              <Entry key={en.id} id={ruleDomId(en.id)} tabIndex={-1} data-rule={en.id} $target={entry?.id === en.id}
                aria-labelledby={`${ruleDomId(en.id)}-h`}>
                <h4 id={`${ruleDomId(en.id)}-h`}><Id>{en.id}</Id>{en.title}</h4>
                {en.text.map((t, i) => <p key={i}>{t}</p>)}
              </Entry>
            ))}
          </section>
        ))}
      </Body>
    </Sheet>
  );
}
