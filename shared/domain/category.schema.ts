import { z } from 'zod';

export const CATEGORIES = ['product', 'brand', 'graphic', 'motion', '3d', 'director', 'engineer'] as const;

export const CategorySchema = z.enum(CATEGORIES).meta({
  id: 'Category',
  description:
    'Primary specialty. product: UI/UX and digital products; brand: identity and visual systems; ' +
    'graphic: print, typography and illustration; motion: animation and video; 3d: spatial, CGI and modeling; ' +
    'director: design leadership (heads of design, design directors); engineer: design-focused engineers.',
});
export type Category = z.infer<typeof CategorySchema>;

/** Plural values of the earlier published API shape, still accepted on input. */
export const CATEGORY_ALIASES: Readonly<Record<string, Category>> = {
  directors: 'director',
  engineers: 'engineer',
};

export const CATEGORY_GLOSSES: Readonly<Record<Category, string>> = {
  product: 'UI/UX and digital products',
  brand: 'identity and visual systems',
  graphic: 'print, typography and illustration',
  motion: 'animation and video',
  '3d': 'spatial, CGI and modeling',
  director: 'design leadership: heads of design, design directors',
  engineer: 'design-focused engineers',
};
