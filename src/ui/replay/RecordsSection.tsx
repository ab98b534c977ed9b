/**
 * The start screen's "Replays": the finished local games this browser keeps (the last 20, newest first) with
 * "Watch" and "Download", and "Open a game record" for a record file (downloaded here, from `npm run simulate
 * -- --record-dir`, or from a friend), of either game: a record of Imperios Milenarios opens in its own viewer.
 */
import { useRef, useState } from 'react';
import styled from 'styled-components';
import { ChoiceButton } from '../prompt/ChoiceButton';
import { colors, factionColor } from '../theme';
import { downloadRecord, listRecords, readRecordFile } from './localRecords';
import { recordTitle, resultText } from './describeRecord';
import type { ReplaySource } from './routes';

const Group = styled.section`
  display: flex;
  flex-direction: column;
  gap: 8px;
  padding: 12px;
  border: 1px solid ${colors.border};
  border-radius: 10px;
  background: ${colors.surface};
  h2 { margin: 0; font-size: 17px; }
`;

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 4px;
  max-height: 240px;
  overflow-y: auto;
`;

const Row = styled.li`
  display: flex;
  align-items: center;
  gap: 8px;
  padding: 4px 6px;
  border-radius: 6px;
  background: ${colors.surface2};
  font-size: 13px;
  & > span { flex: 1; min-width: 0; }
`;

export function RecordsSection({ onOpen }: { onOpen(src: ReplaySource): void }) {
  const [records] = useState(listRecords);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const r = await readRecordFile(file);
    if ('error' in r) { setError(r.error); return; }
    setError(null);
    onOpen(r.game === 'imperios' ? { kind: 'file', game: 'imperios', record: r, name: file.name } : { kind: 'file', record: r, name: file.name });
  };
  return (
    <Group aria-label="Replays">
      <h2>Replays</h2>
      {records.length > 0 ? (
        <List aria-label="Your finished games in this browser" data-testid="local-records">
          {records.map((e) => (
            <Row key={e.id} data-record={e.id}>
              <span>
                <strong style={{ color: e.record.result ? factionColor(e.record.result.winner) : colors.text }}>{resultText(e.record)}</strong>
                <br /><small style={{ color: colors.muted }}>{recordTitle(e.record)}</small>
              </span>
              <ChoiceButton $primary onClick={() => onOpen({ kind: 'local', id: e.id })} data-replay="watch-local">Watch</ChoiceButton>
              <ChoiceButton onClick={() => downloadRecord(e.record)} title="Download the record (JSON)">Download</ChoiceButton>
            </Row>
          ))}
        </List>
      ) : (
        <p style={{ margin: 0, color: colors.muted, fontSize: 13 }}>Finished games on this device (the last 20) appear here to watch again.</p>
      )}
      <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
        <ChoiceButton onClick={() => input.current?.click()} data-replay="open-file">Open a game record…</ChoiceButton>
        <input ref={input} type="file" accept=".json,application/json" aria-label="Open a game record" data-testid="record-file"
          style={{ display: 'none' }} onChange={(e) => { void onFile(e.target.files?.[0]); e.target.value = ''; }} />
        {error && <span role="alert" style={{ color: colors.danger, fontSize: 13 }}>{error}</span>}
      </div>
    </Group>
  );
}
