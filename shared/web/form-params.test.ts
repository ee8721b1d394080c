import { describe, expect, it } from 'vitest';
import { formValues, searchParams } from './form-params.ts';

const KNOWN = ['q', 'category', 'location', 'company', 'limit'];

describe('searchParams', () => {
  it('drops empty and whitespace-only fields and keeps the known ones as sent, repeated ones included', () => {
    expect(searchParams({ q: '', category: 'brand', location: '  ', company: ['a', 'b'], limit: '0' }, KNOWN)).toEqual({
      category: 'brand',
      company: ['a', 'b'],
      limit: '0',
    });
  });

  it('drops parameters the page has no field for, such as the tracking ones of shared links', () => {
    const query = JSON.parse('{"q":"ana","utm_source":"newsletter","fbclid":"x","categroy":"brand","__proto__":"y","q[a]":"b"}');
    expect(searchParams(query, KNOWN)).toEqual({ q: 'ana' });
  });
});

describe('formValues', () => {
  it('echoes typed values, invalid ones included, and the first of a repeated field', () => {
    expect(formValues({ q: 'ana', category: 'designers', location: ['US', 'CH'], other: 'x' }, ['q', 'category', 'location', 'company'])).toEqual({
      q: 'ana',
      category: 'designers',
      location: 'US',
    });
  });

  it('shows a character a page does not show back as U+FFFD, and keeps tabs, line breaks and every other character', () => {
    expect(formValues({ q: 'a\u0000b\u0007\u009F', location: 'x\uD800y\uFFFE\uFDD0', company: 'Tab\tNew\nLine ü 🎨 \u200F\u05D0' }, ['q', 'location', 'company'])).toEqual({
      q: 'a\uFFFDb\uFFFD\uFFFD',
      location: 'x\uFFFDy\uFFFD\uFFFD',
      company: 'Tab\tNew\nLine ü 🎨 \u200F\u05D0',
    });
    // The overrides every public string refuses would show the title reversed beside the 400 naming them.
    expect(formValues({ q: 'a\u202Eb\u2066c' }, ['q'])).toEqual({ q: 'a\uFFFDb\uFFFDc' });
  });
});
