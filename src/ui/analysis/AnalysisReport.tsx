/**
 * The finished analysis (a lazy chunk, loaded with the first analysis shown): the win-chance curve, the accuracy
 * figures and the turning points side by side (stacked on a phone).
 */
import styled from 'styled-components';
import { colors, phone } from '../theme';
import { Accuracy } from './Accuracy';
import type { ReplayAnalysis } from './settings';
import { TurningPoints } from './TurningPoints';
import { TurnMarker } from './TurnMarker';
import { WinCurve } from './WinCurve';

const Grid = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 3fr) minmax(260px, 2fr);
  gap: 6px 16px;
  ${phone} { grid-template-columns: minmax(0, 1fr); }
`;

const Side = styled.div`
  max-height: 196px;
  overflow-y: auto;
  padding-right: 4px;
  ${phone} { max-height: none; }
`;

export interface AnalysisReportProps {
  analysis: ReplayAnalysis;
  currentAction: number;
  onJump(action: number): void;
}

export default function AnalysisReport({ analysis, currentAction, onJump }: AnalysisReportProps) {
  return (
    <Grid data-testid="analysis-report">
      <div>
        <WinCurve curve={analysis.curve} turningPoints={analysis.turningPoints} currentAction={currentAction} onJump={onJump} />
        <p style={{ margin: '2px 0 0', fontSize: 12, color: colors.muted }}>
          The Rebel&apos;s chance of winning as the bot estimates it after each decision (above 50%: the Rebel is
          ahead). Dashed lines start a round; <TurnMarker seat="R" /> and <TurnMarker seat="I" /> mark each
          player&apos;s three costliest moves. Click a point to go there.
        </p>
      </div>
      <Side tabIndex={0} role="region" aria-label="Accuracy and turning points">
        <Accuracy accuracy={analysis.accuracy} />
        <TurningPoints seat="R" list={analysis.turningPoints.R} onJump={onJump} />
        <TurningPoints seat="I" list={analysis.turningPoints.I} onJump={onJump} />
      </Side>
    </Grid>
  );
}
