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

/**
 * Words people use for a specialty that are not its value, offered as a did-you-mean when refused (they are
 * not accepted: `ux` as a filter would hide that it means all of product design).
 */
export const CATEGORY_WORDS: Readonly<Record<string, Category>> = {
  ux: 'product',
  ui: 'product',
  'ui/ux': 'product',
  'ux/ui': 'product',
  uiux: 'product',
  interaction: 'product',
  web: 'product',
  digital: 'product',
  identity: 'brand',
  branding: 'brand',
  logo: 'brand',
  print: 'graphic',
  typography: 'graphic',
  illustration: 'graphic',
  illustrator: 'graphic',
  editorial: 'graphic',
  animation: 'motion',
  animator: 'motion',
  video: 'motion',
  cgi: '3d',
  spatial: '3d',
  modeling: '3d',
  modelling: '3d',
  lead: 'director',
  head: 'director',
  leadership: 'director',
  manager: 'director',
  developer: 'engineer',
  frontend: 'engineer',
  engineering: 'engineer',
};
