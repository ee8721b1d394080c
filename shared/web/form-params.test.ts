import { describe, expect, it } from 'vitest';
import { dropBlankParams, formValues } from './form-params.ts';

describe('dropBlankParams', () => {
  it('drops empty and whitespace-only fields and keeps everything else as sent', () => {
    expect(dropBlankParams({ q: '', category: 'brand', location: '  ', company: ['a', 'b'], limit: '0' })).toEqual({
      category: 'brand',
      company: ['a', 'b'],
      limit: '0',
    });
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
});
