/**
 * The end of the game (issue 20 item 1): who won and why, then the whole truth — where the base was, the story of
 * the game (the base hidden, found and moved, the objectives scored), each side's unplayed cards and the probe
 * deck — with each moment a link into the replay at that moment. Once the game is over the view is the whole state
 * (src/game/rules/view.ts), so the same screen tells every seat and every spectator the same story
 * (./../story/endStory.ts). "See the board" folds the screen into a bar so the board, where the base is now
 * marked, can be looked at.
 */
import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { MISSIONS, OBJECTIVES } from '../../game/content';
import type { GameState } from '../../game/rules';
import { endStory, planetName, type StoryMoment } from '../story/endStory';
import type { MomentLink } from '../replay/ReplayButtons';
import { colors, factionColor, factionName } from '../theme';
import { ChoiceButton } from '../prompt/ChoiceButton';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 50;
  display: flex;
  align-items: center;
  justify-content: center;
  background: rgba(5, 8, 14, 0.72);
  padding: 16px;
`;

const Box = styled.div<{ $c: string }>`
  max-width: 560px;
  width: 100%;
  max-height: calc(100vh - 32px);
  overflow-y: auto;
  padding: 20px 24px;
  border-radius: 12px;
  background: ${colors.surface2};
  border: 3px solid ${(p) => p.$c};
  text-align: center;
  display: flex;
  flex-direction: column;
  gap: 10px;
  align-items: center;
`;

const Section = styled.section`
  width: 100%;
  text-align: left;
  h2 { font-size: 15px; margin: 4px 0; color: ${colors.muted}; font-weight: 600; }
  ol, ul { margin: 0; padding-left: 20px; }
  li { margin: 2px 0; }
`;

const BaseLine = styled.p`
  margin: 0;
  padding: 6px 12px;
  border-radius: 8px;
  background: ${colors.rebelDeep};
  color: ${colors.text};
  font-weight: 600;
`;

const Bar = styled.div`
  position: fixed;
  left: 50%;
  bottom: 12px;
  transform: translateX(-50%);
  z-index: 50;
  display: flex;
  gap: 10px;
  align-items: center;
  padding: 8px 14px;
  border-radius: 10px;
  background: ${colors.surface2};
  border: 2px solid ${colors.border};
`;

const MomentLinkA = styled.a`
  color: ${colors.text};
  text-decoration: underline dotted;
  &:hover { color: ${colors.highlight}; }
`;

const MomentButton = styled.button`
  all: unset;
  cursor: pointer;
  text-decoration: underline dotted;
  &:hover, &:focus-visible { color: ${colors.highlight}; }
`;

function Moment({ m, link }: { m: StoryMoment; link?: MomentLink }) {
  const text = `${m.round === 0 ? 'Set-up' : `Round ${m.round}`}: ${m.text}`; // round 0: before round 1 (R3)
  if (!link) return <>{text}</>;
  const title = 'Open the replay at this moment';
  if ('href' in link) return <MomentLinkA href={link.href(m.event)} title={title} data-moment={m.kind}>{text}</MomentLinkA>;
  return <MomentButton type="button" onClick={() => link.go(m.event)} title={title} data-moment={m.kind}>{text}</MomentButton>;
}

const names = (ids: string[], name: (id: string) => string) => (ids.length ? ids.map(name).join(', ') : 'none');
const mission = (id: string) => MISSIONS[id as keyof typeof MISSIONS]?.name ?? id;
const objective = (id: string) => OBJECTIVES[id as keyof typeof OBJECTIVES]?.name ?? id;

export function EndScreen({ view, onExit, actions, momentLink }: {
  view: GameState; onExit?: () => void; actions?: ReactNode; momentLink?: MomentLink;
}) {
  const [folded, setFolded] = useState(false);
  const w = view.winner;
  if (!w) return null;
  const story = endStory(view);
  const title = `The ${factionName(w.faction)} wins!`;
  if (folded) {
    return (
      <Bar data-testid="end-bar" data-winner={w.faction}>
        <strong style={{ color: factionColor(w.faction) }}>{title}</strong>
        <ChoiceButton $primary onClick={() => setFolded(false)} data-choice="end-unfold">Show the end of the game</ChoiceButton>
      </Bar>
    );
  }
  const base = story?.base.planet;
  return (
    <Backdrop>
      <Box $c={factionColor(w.faction)} role="dialog" aria-modal="false" aria-labelledby="end-title" data-testid="end-screen" data-winner={w.faction}>
        <h1 id="end-title" style={{ margin: 0 }}>{title}</h1>
        <p style={{ margin: 0 }}>{story?.headline ?? `Round ${view.round}.`}</p>
        <p style={{ margin: 0, color: colors.muted }}>Time token {view.time} · objective token {view.objective}</p>
        {story && (
          <BaseLine data-testid="end-base" data-planet={base ?? ''}>
            {base ? `The Rebel base was on ${planetName(base)}${story.base.found ? '' : ', and the Imperial never found it'}.` : 'The Rebel base was never hidden.'}
          </BaseLine>
        )}
        {story && story.moments.length > 0 && (
          <Section aria-label="The story of the game" data-testid="end-story">
            <h2>How it went{momentLink ? ' (each line opens the replay there)' : ''}</h2>
            <ol>{story.moments.map((m) => <li key={m.event}><Moment m={m} link={momentLink} /></li>)}</ol>
          </Section>
        )}
        {story && (
          <Section aria-label="What was never played" data-testid="end-cards">
            <h2>Never played</h2>
            <ul>
              <li><strong style={{ color: colors.rebel }}>Rebel missions:</strong> {names(story.unplayed.R, mission)}</li>
              <li><strong style={{ color: colors.rebel }}>Rebel objectives in hand:</strong> {names(story.unplayed.objectives, objective)}</li>
              <li><strong style={{ color: colors.imperial }}>Imperial missions:</strong> {names(story.unplayed.I, mission)}</li>
              <li><strong style={{ color: colors.imperial }}>Imperial probe hand:</strong> {names(story.probes.hand, planetName)}</li>
              <li data-testid="end-probe-deck"><strong>Probe deck:</strong> {names(story.probes.deck, planetName)}</li>
            </ul>
          </Section>
        )}
        {actions}
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', justifyContent: 'center' }}>
          <ChoiceButton onClick={() => setFolded(true)} data-choice="end-fold">See the board</ChoiceButton>
          {onExit && <ChoiceButton $primary onClick={onExit} data-choice="exit">Back to the start screen</ChoiceButton>}
        </div>
      </Box>
    </Backdrop>
  );
}
