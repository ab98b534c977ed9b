/** R7.9 — the time track 1–12 with the time token, the objective token and the build icons. */
import styled from 'styled-components';
import type { GameState } from '../../game/rules';
import { colors, phone } from '../theme';

const Track = styled.ol`
  display: flex;
  gap: 2px;
  list-style: none;
  margin: 0;
  padding: 0;
`;

const Space = styled.li<{ $build: boolean; $beyond?: boolean }>`
  position: relative;
  width: 30px;
  height: 34px;
  border-radius: 4px;
  background: ${(p) => (p.$build ? '#2b3550' : colors.surface)};
  border: 1px ${(p) => (p.$beyond ? 'dashed' : 'solid')} ${colors.border};
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: space-between;
  font-size: 10px;
  color: ${colors.muted};
  padding: 1px 0;
  ${phone} { width: 24px; height: 30px; font-size: 9px; }
`;

const Tokens = styled.span`
  display: flex;
  gap: 1px;
`;

const Token = styled.span<{ $c: string; $round: boolean }>`
  display: inline-block;
  width: 11px;
  height: 11px;
  background: ${(p) => p.$c};
  border: 1.5px solid #fff;
  border-radius: ${(p) => (p.$round ? '50%' : '2px')};
  ${phone} { width: 9px; height: 9px; }
`;

function Hammer() {
  return (
    <svg width="10" height="10" viewBox="0 0 10 10" aria-label="build" role="img">
      <title>Build: production happens when the time token reaches this space</title>
      <rect x="1" y="1" width="6" height="3" fill={colors.highlight} />
      <rect x="3.5" y="4" width="1.6" height="6" fill={colors.highlight} />
    </svg>
  );
}

/** The printed track's spaces (R7.9). A solo Imperial rival's time bonus (R9.11) can start the objective token beyond it. */
const PRINTED = 12;

export function TimeTrack({ view }: { view: GameState }) {
  const spaces = Array.from({ length: Math.max(PRINTED, view.objective) }, (_, i) => i + 1);
  const label = `Time track: time token on ${view.time}, objective token on ${view.objective}. The Rebel wins when the objective token reaches the time token.`;
  return (
    <Track aria-label={label} title={label}>
      {spaces.map((n) => {
        const build = view.config.buildSpaces.includes(n);
        return (
          <Space key={n} $build={build} $beyond={n > PRINTED} data-space={n} title={`Space ${n}${n > PRINTED ? ' — beyond the printed track: the solo rival\'s extra time' : ''}${build ? ' — build icon' : ''}${view.time === n ? ' — time token (Imperial green square)' : ''}${view.objective === n ? ' — objective token (Rebel red disc)' : ''}`}>
            <span>{n}</span>
            <Tokens>
              {view.time === n && <Token $c={colors.imperial} $round={false} role="img" aria-label="time token" data-token="time" />}
              {view.objective === n && <Token $c={colors.rebel} $round role="img" aria-label="objective token" data-token="objective" />}
              {build && view.time !== n && view.objective !== n && <Hammer />}
            </Tokens>
          </Space>
        );
      })}
    </Track>
  );
}
