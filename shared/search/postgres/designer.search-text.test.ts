import { describe, expect, it } from 'vitest';
import { buildDesignerRecord } from '../../domain/designer.builder.ts';
import { toDesignerSearchText } from './designer.search-text.ts';

describe('toDesignerSearchText: the role vectors', () => {
  it("hold each role's words (D), its title's stems (A) and its company's words again (C), current role first", () => {
    const designer = buildDesignerRecord({
      current_role: { title: 'Motion Designer', company: 'Spotify Studios', company_url: null },
      previous_roles: [{ title: 'Animator', company: 'Buck', company_url: null }],
    });
    const { roles, currentRole } = toDesignerSearchText(designer);
    expect(currentRole).toBe(roles![0]);
    // Each value at positions of its own, apart from the one before (no phrase joins them).
    expect(roles![0]).toBe("'motion':1D 'designer':2D 'spotify':3D,207C 'studios':4D,208C '~motion':105A '~design':106A");
    expect(roles![1]).toBe("'animator':1D 'buck':2D,204C '~anim':103A");
  });
});
