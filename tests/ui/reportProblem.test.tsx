// @vitest-environment happy-dom
/**
 * "Report a problem" (issue 9 item 4, src/ui/online/ReportProblem.tsx) with `fetch` mocked (the server side is
 * tests/integration/server-reports.test.ts): the request carries the seat's playerID and credentials and the
 * trimmed text; the success message; the server's error on a 4xx; empty text cannot be sent; text is cut at 1000
 * characters; Escape closes and gives the focus back; spectators get no button.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REPORT_MAX, ReportProblem } from '../../src/ui/online/ReportProblem';

const SERVER = 'http://mint.test/';
const SEAT = { matchID: 'm 1', playerID: '1', credentials: 'secret' };

interface Call { url: string; method: string; body: unknown }
let calls: Call[];
let answer: (c: Call) => { status: number; json: unknown };

beforeEach(() => {
  calls = [];
  answer = () => ({ status: 200, json: { reportID: 'r1' } });
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    const c: Call = { url: String(url), method: (init?.method ?? 'GET').toUpperCase(), body: init?.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(c);
    const { status, json } = answer(c);
    return new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } });
  }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const tick = () => act(() => new Promise<void>((r) => setTimeout(r, 10)));
const open = () => {
  render(<ReportProblem server={SERVER} seat={SEAT} />);
  fireEvent.click(screen.getByRole('button', { name: 'Report a problem' }));
  return screen.getByRole('dialog', { name: 'Report a problem' });
};
const textarea = () => screen.getByRole('textbox') as HTMLTextAreaElement;
const send = () => screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;

describe('report a problem', () => {
  it('posts playerID, credentials and the trimmed text to the match\'s report route, then thanks', async () => {
    open();
    expect(document.activeElement).toBe(textarea());
    fireEvent.change(textarea(), { target: { value: '  The fleet vanished\nafter combat  ' } });
    expect(screen.getByTestId('report-count').textContent).toBe(`31 / ${REPORT_MAX}`);
    fireEvent.click(send());
    await tick();
    expect(calls).toEqual([{
      url: 'http://mint.test/games/mint-imperium/m%201/report', method: 'POST',
      body: { playerID: '1', credentials: 'secret', text: 'The fleet vanished\nafter combat' },
    }]);
    expect(screen.getByRole('status').textContent).toBe('Thanks — your report was sent.');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the server\'s error message on a 4xx and keeps the text', async () => {
    answer = () => ({ status: 429, json: { error: 'at most 20 reports per seat and match' } });
    open();
    fireEvent.change(textarea(), { target: { value: 'again' } });
    fireEvent.click(send());
    await tick();
    expect(calls).toHaveLength(1);
    expect(screen.getByRole('alert').textContent).toBe('at most 20 reports per seat and match');
    expect(screen.queryByTestId('report-sent')).toBeNull();
    expect(textarea().value).toBe('again');
  });

  it('cannot send an empty or blank text', async () => {
    open();
    expect(send().disabled).toBe(true);
    fireEvent.change(textarea(), { target: { value: '  \n\t ' } });
    expect(send().disabled).toBe(true);
    fireEvent.submit(screen.getByTestId('report-dialog'));
    await tick();
    expect(calls).toEqual([]);
  });

  it('cuts the text at 1000 characters (code points) and sends at most that', async () => {
    open();
    fireEvent.change(textarea(), { target: { value: '🚀'.repeat(1200) } });
    expect([...textarea().value]).toHaveLength(REPORT_MAX);
    expect(screen.getByTestId('report-count').textContent).toBe(`${REPORT_MAX} / ${REPORT_MAX}`);
    fireEvent.click(send());
    await tick();
    expect([...(calls[0].body as { text: string }).text]).toHaveLength(REPORT_MAX);
  });

  it('Escape and Cancel close the dialog without sending and give the focus back to the button', () => {
    const dialog = open();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    const button = screen.getByRole('button', { name: 'Report a problem' });
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(calls).toEqual([]);
  });

  it('spectators (no seat) get no button', () => {
    const { container } = render(<ReportProblem server={SERVER} seat={null} />);
    expect(container.innerHTML).toBe('');
    expect(screen.queryByRole('button', { name: 'Report a problem' })).toBeNull();
  });
});
