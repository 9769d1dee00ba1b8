import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

export const PRIMARY = '#7b2cbf';
const CLOSE_LABEL = 'بستن';

function hexToRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
function rgbToHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}
function mix(a: [number, number, number], b: [number, number, number], t: number): [number, number, number] {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

/**
 * Ten shades around one brand colour: index 6 is the colour itself, lighter shades are mixed with
 * white, darker ones with black, in even steps.
 */
export function shadesOf(hex: string): MantineColorsTuple {
  const base = hexToRgb(hex);
  const white: [number, number, number] = [255, 255, 255];
  const black: [number, number, number] = [0, 0, 0];
  const light = [0.92, 0.82, 0.68, 0.52, 0.36, 0.18].map((t) => rgbToHex(mix(base, white, t)));
  const dark = [0.14, 0.28, 0.42].map((t) => rgbToHex(mix(base, black, t)));
  return [...light, hex, ...dark] as unknown as MantineColorsTuple;
}

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 6,
  colors: { brand: shadesOf(PRIMARY) },
  fontFamily: 'Vazirmatn, Tahoma, sans-serif',
  headings: { fontFamily: 'Vazirmatn, Tahoma, sans-serif', fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Card: { defaultProps: { shadow: 'sm', radius: 'lg', withBorder: true } },
    // Mantine's close buttons have no name of their own; screen readers would announce "button".
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': CLOSE_LABEL } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': CLOSE_LABEL } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': CLOSE_LABEL } } },
  },
});

/**
 * Text dark enough for WCAG AA contrast (4.5:1): dimmed text and placeholders on the page and card
 * backgrounds (Mantine's placeholder grey reaches about 2:1), and the text of light badges and
 * buttons on their own tinted background (Mantine's shade 9 reaches 3.6:1 for orange, 4.3:1 for teal, less for yellow).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c5f66',
    '--mantine-color-placeholder': '#6c7279',
    '--mantine-color-orange-light-color': '#a63a0b',
    '--mantine-color-yellow-light-color': '#8a5a00',
    '--mantine-color-green-light-color': '#237032',
    '--mantine-color-red-light-color': '#b02525',
    '--mantine-color-teal-light-color': '#066649',
  },
  dark: {},
});
