import type { CSSProperties, ElementType, ReactNode } from 'react';

/**
 * The kit: the few layout and text pieces the public pages need, as plain React — the same elements,
 * class names and CSS variables Mantine's components render, so Mantine's stylesheet (loaded on every page
 * as CSS, app/styles.ts) draws them exactly as before, without Mantine's JavaScript on a first visit to the
 * public site (docs/decisions/0014). The pieces live in kit-layout, kit-text, kit-button and kit-feedback
 * (forms in kit-input, kit-select and kit-steps); this file holds what they share: Mantine's class
 * names, its units and the props every piece takes. The class names are those of the Mantine version in package.json;
 * kit-classes.test.ts checks that each one is in its stylesheet, so an upgrade that renames one fails there.
 */

export type Spacing = 'xs' | 'sm' | 'md' | 'lg' | 'xl';
export type FontSize = Spacing | 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

/** Pixels as Mantine writes them: rem, times the theme's scale. */
export const rem = (px: number) => `calc(${px / 16}rem * var(--mantine-scale))`;
export const space = (v: Spacing | number) => (typeof v === 'number' ? rem(v) : `var(--mantine-spacing-${v})`);
export const fontSize = (v: FontSize | number) =>
  typeof v === 'number'
    ? rem(v)
    : v.startsWith('h')
      ? `var(--mantine-${v}-font-size)`
      : `var(--mantine-font-size-${v})`;
/** `dimmed`, `white`, or a theme colour and shade such as `brand.8`. */
export const color = (c: string) =>
  c === 'dimmed' || c === 'white' || c === 'black'
    ? `var(--mantine-color-${c})`
    : `var(--mantine-color-${c.replace('.', '-')})`;

export const cx = (...names: (string | false | null | undefined)[]) => names.filter(Boolean).join(' ');

/** The class names of the Mantine components drawn here (kit-classes.test.ts checks them against the stylesheet). */
export const M = {
  container: 'm_7485cace mantine-Container-root',
  group: 'm_4081bf90 mantine-Group-root',
  stack: 'm_6d731127 mantine-Stack-root',
  title: 'm_8a5d1357 mantine-Title-root',
  text: 'mantine-focus-auto m_b6d8b162 mantine-Text-root',
  anchor: 'mantine-focus-auto m_849cf0da m_b6d8b162 mantine-Text-root mantine-Anchor-root',
  button: 'mantine-focus-auto mantine-active m_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root',
  buttonInner: 'm_80f1301b mantine-Button-inner',
  buttonSection: 'm_a74036a mantine-Button-section',
  buttonLabel: 'm_811560b9 mantine-Button-label',
  paper: 'm_1b7284a3 mantine-Paper-root',
  card: 'm_e615b15f mantine-Card-root m_1b7284a3 mantine-Paper-root',
  cardSection: 'm_599a2148 mantine-Card-section',
  image: 'm_9e117634 mantine-Image-root',
  simpleGrid: 'm_2415a157 mantine-SimpleGrid-root',
  skeleton: 'm_18320242 mantine-Skeleton-root',
  badge: 'm_347db0ec mantine-Badge-root',
  badgeSection: 'm_91fdda9b mantine-Badge-section',
  badgeLabel: 'm_5add502a mantine-Badge-label',
  themeIcon: 'm_7341320d mantine-ThemeIcon-root',
  alert: 'm_66836ed3 mantine-Alert-root',
  alertWrapper: 'm_a5d60502 mantine-Alert-wrapper',
  alertIcon: 'm_667f2a6a mantine-Alert-icon',
  alertBody: 'm_667c2793 mantine-Alert-body',
  alertMessage: 'm_7fa78076 mantine-Alert-message',
  alertTitle: 'm_6a03f287 mantine-Alert-title',
  alertLabel: 'm_698f4f23 mantine-Alert-label',
  grid: 'm_410352e9 mantine-Grid-root',
  gridInner: 'm_dee7bd2f mantine-Grid-inner',
  gridCol: 'm_96bdd299 mantine-Grid-col',
  typography: 'm_d08caa0 mantine-Typography-root',
  burger: 'mantine-focus-auto m_fea6bf1a mantine-Burger-root m_87cf2631 mantine-UnstyledButton-root',
  burgerLines: 'm_d4fb9cad mantine-Burger-burger',
  breadcrumbs: 'm_8b3717df mantine-Breadcrumbs-root',
  breadcrumb: 'm_f678d540 mantine-Breadcrumbs-breadcrumb',
  breadcrumbSeparator: 'm_3b8f2208 mantine-Breadcrumbs-separator',
  center: 'm_4451eb3a mantine-Center-root',
  unstyledButton: 'm_87cf2631 mantine-UnstyledButton-root',
  inputWrapper: 'm_46b77525 mantine-InputWrapper-root',
  inputLabel: 'm_8fdc1311 mantine-InputWrapper-label',
  inputRequired: 'm_78a94662 mantine-InputWrapper-required',
  input: 'm_6c018570 mantine-Input-wrapper',
  inputField: 'm_8fb7ebe7 mantine-Input-input',
  inputError: 'm_8f816625 mantine-InputWrapper-error',
  inputSection: 'm_82577fc2 mantine-Input-section',
  buttonLoader: 'm_a25b86ee mantine-Button-loader',
  loader: 'm_5ae2e3c mantine-Loader-root m_b34414df',
  chip: 'm_f59ffda3 mantine-Chip-root',
  chipInput: 'm_bde07329 mantine-Chip-input',
  chipLabel: 'm_fa109255 m_be049a53 mantine-Chip-label',
  chipIconWrapper: 'm_9ac86df9 mantine-Chip-iconWrapper',
  chipCheckIcon: 'm_d6d72580 mantine-Chip-checkIcon',
} as const;

/** What every piece takes besides its own props: another element to render, a class, a style, and any attribute. */
export type Base = {
  component?: ElementType;
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
  [attribute: string]: unknown;
};

export type Vars = CSSProperties & Record<`--${string}`, string>;

export type Radius = 'sm' | 'md' | 'lg' | 'xl';
