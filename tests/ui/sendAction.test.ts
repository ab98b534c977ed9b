/** A core action reaches boardgame.io as the move of the same name with one argument (the action without type). */
import { describe, expect, it, vi } from 'vitest';
import { sendAction, type GameClient } from '../../src/ui/session/clients';

function fakeClient() {
  const moves: Record<string, ReturnType<typeof vi.fn>> = {
    moveFleet: vi.fn(), pass: vi.fn(), revealMission: vi.fn(),
  };
  return { client: { moves } as unknown as GameClient, moves };
}

describe('sendAction', () => {
  it('calls the move named like the action with the action minus its type', () => {
    const { client, moves } = fakeClient();
    sendAction(client, { type: 'moveFleet', from: 'A', to: 'B', units: { f: 1, c: 0, s: 0 }, captive: false, leader: 'LD-R1' });
    expect(moves.moveFleet).toHaveBeenCalledWith({ from: 'A', to: 'B', units: { f: 1, c: 0, s: 0 }, captive: false, leader: 'LD-R1' });
    sendAction(client, { type: 'revealMission', card: 'R-S2', target: 'C' });
    expect(moves.revealMission).toHaveBeenCalledWith({ card: 'R-S2', target: 'C' });
  });

  it('sends actions without fields with no argument', () => {
    const { client, moves } = fakeClient();
    sendAction(client, { type: 'pass' });
    expect(moves.pass).toHaveBeenCalledWith();
  });
});
