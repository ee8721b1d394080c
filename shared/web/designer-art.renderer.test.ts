import { describe, expect, it } from 'vitest';
import { initialsOf, renderDesignerImage } from './designer-art.renderer.ts';

describe('generated designer images', () => {
  it('draws the same picture for the same slug and another for another slug', () => {
    expect(renderDesignerImage('ana-lopez', 'preview')).toBe(renderDesignerImage('ana-lopez', 'preview'));
    expect(renderDesignerImage('ana-lopez', 'preview')).not.toBe(renderDesignerImage('geraldine-boyer', 'preview'));
  });

  it('is a standalone SVG with no script, style or outside reference', () => {
    for (const slug of ['ana-lopez', 'geraldine-boyer', 'x', 'a-b-c-2']) {
      for (const kind of ['avatar', 'preview'] as const) {
        const svg = renderDesignerImage(slug, kind);
        expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
        expect(svg).not.toMatch(/<script|<style|href=|url\((?!#)/);
        expect(svg).not.toMatch(/NaN|undefined/);
      }
    }
  });

  it('puts the initials of the name words on the avatar', () => {
    expect(initialsOf('ana-lopez')).toBe('AL');
    expect(initialsOf('geraldine-boyer-2')).toBe('GB');
    expect(initialsOf('mary-jo-smith')).toBe('MS');
    expect(initialsOf('cher')).toBe('C');
    expect(renderDesignerImage('ana-lopez', 'avatar')).toContain('>AL</text>');
  });
});
