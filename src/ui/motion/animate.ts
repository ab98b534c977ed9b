/**
 * Draws one motion step with the Web Animations API, on transform and opacity only (the compositor runs them,
 * so the phone keeps its frame rate and layout never changes). The board state is already final: a moving fleet
 * is a ghost copy in an overlay layer sliding onto the real chip (FLIP: first = the source planet's chip, last =
 * the chip where it now stands, invert with a translate, play to none); the overlay takes no pointer events.
 */
import { clipAway, dockedInset, placeBox, type Rect } from '../placement';
import { reservedTop } from '../theme';
import type { Playing } from './queue';
import { keepClear, screenBounds, visiblePart } from './screenRects';
import type { MotionStep } from './steps';

const EASE = 'cubic-bezier(0.2, 0.7, 0.2, 1)';
export const SLIDE_MS = 420;
const DIE_MS = 260;
const DIE_GAP_MS = 60;
const HIT_MS = 300;
const HIT_GAP_MS = 130;

let layer: HTMLDivElement | null = null;

/**
 * The overlay for ghosts, dice and hit marks: fixed, above the board, invisible to pointers and screen readers.
 * Its z-index (44) is above the phone's combat sheet (41) and toasts (40), below the event card and the tutorial's
 * coach (45) and the end screen (50): nothing of a combat's motion ever shows over the end of the game.
 */
function overlay(): HTMLDivElement {
  if (layer && layer.isConnected) return layer;
  layer = document.createElement('div');
  layer.setAttribute('aria-hidden', 'true');
  layer.dataset.motionLayer = '';
  // Clipped below a panel that reserves the top of the screen (the tutorial's coach, issue 20 item 6): a ghost or
  // a die over a planet scrolled under it stays under it.
  Object.assign(layer.style, { position: 'fixed', inset: '0', pointerEvents: 'none', zIndex: '44', overflow: 'hidden',
    clipPath: `inset(${reservedTop} 0 0 0)` });
  document.body.appendChild(layer);
  return layer;
}

/**
 * Before each step: the overlay ends above the prompt bar and the hand where they are docked at the foot of the
 * screen (issue 20 item 5), so nothing it draws — a die, a hit mark, a fleet's ghost — covers them.
 */
function fitOverlay(): void {
  overlay().style.clipPath = `inset(${reservedTop} 0 ${dockedInset(keepClear(), window.innerHeight)}px 0)`;
}

/** Removes everything the overlay shows (the board unmounts: nothing of it may stay on screen). */
export function clearOverlay(): void {
  layer?.replaceChildren();
}

function visible(el: Element | null): el is HTMLElement {
  if (!el) return false;
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0;
}

function placed(el: HTMLElement, r: Rect): HTMLElement {
  Object.assign(el.style, { position: 'absolute', left: `${r.left}px`, top: `${r.top}px`, width: `${r.width}px`, height: `${r.height}px`, margin: '0' });
  overlay().appendChild(el);
  return el;
}

/** A copy of a chip without ids, data attributes and titles (tests and tools must not find it as the board). */
function ghostOf(el: HTMLElement): HTMLElement {
  const copy = el.cloneNode(true) as HTMLElement;
  for (const n of [copy, ...copy.querySelectorAll<HTMLElement>('*')]) {
    for (const a of [...n.attributes]) if (a.name.startsWith('data-') || a.name === 'id' || a.name === 'title') n.removeAttribute(a.name);
  }
  copy.querySelectorAll('.sr-only').forEach((s) => s.remove());
  // The overlay is outside the card: carry the text metrics over, so the copy lays out like the chip.
  const cs = getComputedStyle(el);
  Object.assign(copy.style, { boxSizing: 'border-box', fontSize: cs.fontSize, lineHeight: cs.lineHeight, fontFamily: cs.fontFamily, color: cs.color, whiteSpace: 'nowrap' });
  return copy;
}

function run(el: Element, keyframes: Keyframe[], options: KeyframeAnimationOptions, id: string, list: Playing[], removeAfter = false): Animation {
  const a = el.animate(keyframes, { ...options, id });
  if (removeAfter) {
    const drop = () => (el as HTMLElement).remove();
    a.finished.then(drop, drop);
  }
  list.push(a);
  return a;
}

const planet = (p: string) => document.querySelector<HTMLElement>(`[data-planet="${p}"]`);
const chip = (p: string, f: string) => planet(p)?.querySelector<HTMLElement>(`[data-units="${f}"]`) ?? null;

function slide(s: Extract<MotionStep, { k: 'slide' }>, out: Playing[]): void {
  const last = chip(s.to, s.faction);
  const source = chip(s.from, s.faction) ?? planet(s.from);
  if (!visible(last) || !visible(source)) return;
  const to = last.getBoundingClientRect();
  const from = source.getBoundingClientRect();
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  const ghost = placed(ghostOf(last), to);
  run(ghost, [
    { transform: `translate(${dx}px, ${dy}px) scale(0.9)`, opacity: 0.85 },
    { transform: 'translate(0, 0) scale(1.12)', opacity: 1, offset: 0.85 },
    { transform: 'none', opacity: 1 },
  ], { duration: SLIDE_MS, easing: EASE }, 'motion-slide', out, true);
  // The real chip waits under the ghost and shows as it lands.
  run(last, [{ opacity: 0 }, { opacity: 0, offset: 0.9 }, { opacity: 1 }], { duration: SLIDE_MS }, 'motion-slide-hold', out);
}

function arrive(s: Extract<MotionStep, { k: 'arrive' }>, out: Playing[]): void {
  const el = chip(s.planet, s.faction);
  if (!visible(el)) return;
  run(el, [{ transform: 'translateY(-10px) scale(1.3)', opacity: 0.2 }, { transform: 'none', opacity: 1 }],
    { duration: 320, easing: EASE }, 'motion-arrive', out);
}

const tumble: Keyframe[] = [
  { transform: 'rotate(-300deg) scale(0.4)', opacity: 0 },
  { transform: 'rotate(20deg) scale(1.15)', opacity: 1, offset: 0.7 },
  { transform: 'none', opacity: 1 },
];

/** A small die for the strip over the planet. */
function dieFace(d: { colour: 'w' | 'b'; value: number }): HTMLElement {
  const el = document.createElement('span');
  el.textContent = String(d.value);
  const white = d.colour === 'w';
  Object.assign(el.style, {
    display: 'inline-flex', alignItems: 'center', justifyContent: 'center', width: '20px', height: '20px', borderRadius: '4px',
    font: '700 12px system-ui, sans-serif', background: white ? '#f4f4f4' : '#111', color: white ? '#111' : '#f4f4f4',
    border: `2px solid ${d.value >= 4 ? '#f2c14e' : '#666'}`,
  });
  return el;
}

function dice(s: Extract<MotionStep, { k: 'dice' }>, out: Playing[]): void {
  // The roll on the open sheet tumbles there: the die's svg only, its label keeps full opacity (contrast,
  // tests/ui/combatDice.test.tsx).
  const inSheet = [...document.querySelectorAll<HTMLElement>(`[data-combat="${s.planet}"] [data-die-roll="${s.wave}-${s.by}"]`)];
  inSheet.forEach((el, i) => run(el.querySelector<HTMLElement>('svg') ?? el, tumble, { duration: DIE_MS, delay: i * DIE_GAP_MS, easing: 'ease-out', fill: 'backwards' }, 'motion-die', out));
  // And in every case over the planet they were rolled for (issue 20 item 5: never over the sheet, which on a
  // desktop stands over the opponent's panel), in a strip with the roller named, clear of the prompt bar and the
  // hand. A planet scrolled out of sight gets no strip (the sheet and the log tell the roll).
  const where = planet(s.planet);
  const anchor = where ? visiblePart(where) : null;
  if (!anchor || s.dice.length === 0) return;
  const row = document.createElement('div');
  row.dataset.motion = 'dice';
  row.dataset.motionPlanet = s.planet;
  Object.assign(row.style, {
    position: 'absolute', left: '0', top: '0', margin: '0', boxSizing: 'border-box',
    // As wide as the planet (a phone's planet is narrow: the dice wrap onto a second line rather than cover its
    // neighbours), but never narrower than a few dice.
    maxWidth: `${Math.max(anchor.width, 112)}px`,
    display: 'flex', flexWrap: 'wrap', gap: '2px', alignItems: 'center', justifyContent: 'center', padding: '3px',
    borderRadius: '6px', background: 'rgba(15, 20, 32, 0.92)', border: '1px solid #f2c14e', color: '#e6e9ef',
    font: '600 11px system-ui, sans-serif',
  });
  const who = document.createElement('span');
  who.textContent = s.by === 'R' ? 'Rebel:' : 'Imperial:';
  row.appendChild(who);
  const faces = s.dice.map((d) => { const f = dieFace(d); row.appendChild(f); return f; });
  overlay().appendChild(row);
  const size = row.getBoundingClientRect();
  const spot = placeBox({ width: size.width, height: size.height }, anchor, keepClear(), screenBounds());
  Object.assign(row.style, { left: `${spot.left}px`, top: `${spot.top}px` });
  const total = DIE_MS + (faces.length - 1) * DIE_GAP_MS;
  faces.forEach((f, i) => run(f, tumble, { duration: DIE_MS, delay: i * DIE_GAP_MS, easing: 'ease-out', fill: 'backwards' }, 'motion-die-strip', out));
  run(row, [{ opacity: 1 }, { opacity: 1, offset: 0.75 }, { opacity: 0 }], { duration: total + 300 }, 'motion-dice-fade', out, true);
}

/** A "−1" / "✕" flash over `target`, cut clear of the prompt bar and the hand (none when nothing is left). */
function hitMark(target: HTMLElement, h: { hpLeft: number }, planetId: string, where: 'sheet' | 'planet', delay: number, out: Playing[]): void {
  const seen = visiblePart(target);
  const r = seen ? clipAway(seen, keepClear()) : null;
  if (!r) return;
  const mark = document.createElement('div');
  mark.dataset.motion = where === 'planet' ? 'hit' : 'hit-sheet';
  mark.dataset.motionPlanet = planetId;
  mark.textContent = h.hpLeft === 0 ? '✕' : '−1';
  Object.assign(mark.style, {
    display: 'flex', alignItems: 'center', justifyContent: 'center', borderRadius: '6px', background: 'rgba(255, 80, 80, 0.55)',
    border: '2px solid #ff6b6b', color: '#fff', font: '800 13px system-ui, sans-serif', opacity: '0', boxSizing: 'border-box',
  });
  placed(mark, r);
  run(mark, [{ opacity: 0, transform: 'scale(1.6)' }, { opacity: 1, transform: 'none', offset: 0.3 }, { opacity: 0, transform: 'none' }],
    { duration: HIT_MS + 120, delay, easing: 'ease-out' }, 'motion-hit-mark', out, true);
}

const shake: Keyframe[] = [
  { transform: 'none' }, { transform: 'translateX(-4px) scale(1.08)' }, { transform: 'translateX(4px)' },
  { transform: 'translateX(-2px)' }, { transform: 'none' },
];

function hits(s: Extract<MotionStep, { k: 'hits' }>, out: Playing[]): void {
  const sheet = document.querySelector(`[data-combat="${s.planet}"]`);
  const used = new Set<HTMLElement>();
  s.hits.forEach((h, i) => {
    const delay = i * HIT_GAP_MS;
    // On the open sheet, the unit that takes it (each hit its own box)...
    const boxes = sheet ? [...sheet.querySelectorAll<HTMLElement>(`[data-combat-unit="${h.faction}${h.unit}"]`)].filter((b) => !used.has(b)) : [];
    const box = boxes.find((b) => b.dataset.hp === String(h.hpLeft)) ?? boxes[0];
    if (box && visible(box)) {
      used.add(box);
      run(box, shake, { duration: HIT_MS, delay, easing: 'ease-out' }, 'motion-hit', out);
      hitMark(box, h, s.planet, 'sheet', delay, out);
    }
    // ...and on the planet (issue 20 item 5): the side's chip there, or the planet itself when none of that side
    // is left on it.
    const onPlanet = chip(s.planet, h.faction) ?? planet(s.planet);
    if (!visible(onPlanet)) return;
    run(onPlanet, shake, { duration: HIT_MS, delay, easing: 'ease-out' }, 'motion-hit', out);
    hitMark(onPlanet, h, s.planet, 'planet', delay, out);
  });
}

function token(s: Extract<MotionStep, { k: 'token' }>, out: Playing[]): void {
  const el = document.querySelector<HTMLElement>(`[data-token="${s.token}"]`);
  const from = document.querySelector<HTMLElement>(`[data-space="${s.from}"]`);
  if (!visible(el) || !visible(from)) return;
  const a = el.getBoundingClientRect();
  const b = from.getBoundingClientRect();
  const dx = b.left + b.width / 2 - (a.left + a.width / 2);
  run(el, [{ transform: `translateX(${dx}px)` }, { transform: 'translateX(0) scale(1.5)', offset: 0.8 }, { transform: 'none' }],
    { duration: 400, easing: EASE }, 'motion-token', out);
}

function flip(s: Extract<MotionStep, { k: 'flip' }>, out: Playing[]): void {
  const card = document.querySelector<HTMLElement>(`[data-testid="revealed-mission"][data-card="${s.card}"]`);
  if (visible(card)) {
    run(card, [
      { transform: 'perspective(700px) rotateY(90deg)', opacity: 0.4 },
      { transform: 'perspective(700px) rotateY(0deg)', opacity: 1 },
    ], { duration: 380, easing: EASE }, 'motion-flip', out);
  }
  const target = planet(s.planet);
  if (visible(target)) {
    run(target, [{ transform: 'none' }, { transform: 'scale(1.05)' }, { transform: 'none' }], { duration: 380, easing: 'ease-in-out' }, 'motion-flip-target', out);
  }
}

/**
 * While a step waits its turn in a burst, the chip it will move or bring in stands dimmed: the board already shows
 * the final state, the dimming says "still to come". Returns the hold, cancelled when the step plays or is dropped.
 */
export function holdFor(step: MotionStep): Playing | null {
  if (typeof document === 'undefined' || typeof Element.prototype.animate !== 'function') return null;
  const el = step.k === 'slide' ? chip(step.to, step.faction) : step.k === 'arrive' ? chip(step.planet, step.faction) : null;
  if (!visible(el)) return null;
  return el.animate([{ opacity: 0.3 }, { opacity: 0.3 }], { duration: 20_000, id: 'motion-hold' });
}

/** Starts the step's animations; returns them (none when its elements are not on screen). */
export function playStep(step: MotionStep): Playing[] {
  if (typeof document === 'undefined' || typeof Element.prototype.animate !== 'function') return [];
  const out: Playing[] = [];
  fitOverlay();
  switch (step.k) {
    case 'slide': slide(step, out); break;
    case 'arrive': arrive(step, out); break;
    case 'dice': dice(step, out); break;
    case 'hits': hits(step, out); break;
    case 'token': token(step, out); break;
    case 'flip': flip(step, out); break;
    default:
  }
  return out;
}
