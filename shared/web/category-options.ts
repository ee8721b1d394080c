import { CATEGORIES, CATEGORY_GLOSSES, type Category } from '../domain/category.schema.ts';

const LABELS: Record<Category, string> = {
  product: 'Product',
  brand: 'Brand',
  graphic: 'Graphic',
  motion: 'Motion',
  '3d': '3D',
  director: 'Design director',
  engineer: 'Design engineer',
};

export const categoryLabel = (category: Category) => LABELS[category];

export const CATEGORY_OPTIONS = [
  { value: '', label: 'Any category' },
  ...CATEGORIES.map((c) => ({ value: c, label: `${LABELS[c]} (${CATEGORY_GLOSSES[c].replace(/^design leadership: /, '')})` })),
];
