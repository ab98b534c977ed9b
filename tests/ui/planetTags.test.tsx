// @vitest-environment happy-dom
/**
 * Issue 13 item 9: a disrupt token (R6.3) is labelled on its planet like a loyalty marker, not only drawn as an
 * unlabelled stripe.
 */
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createState, seededRng } from '../../src/game/rules';
import { viewFor } from '../../src/game/rules/view';
import { PlanetCard } from '../../src/ui/board/PlanetCard';

describe('planet card tags', () => {
  it('R6.3: a disrupted planet says "Disrupted"; an undisturbed one does not', () => {
    const s = createState(seededRng('tags'));
    s.planets.A.disrupt = true;
    const view = viewFor(s, 'R');
    const disrupted = render(<PlanetCard view={view} seat="R" id="A" clickable={false} />);
    expect(disrupted.container.textContent).toContain('Disrupted');
    disrupted.unmount();
    const calm = render(<PlanetCard view={view} seat="R" id="B" clickable={false} />);
    expect(calm.container.textContent).not.toContain('Disrupted');
  });
});
