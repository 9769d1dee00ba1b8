import type { CSSProperties, ElementType, ReactNode } from 'react';

/**
 * The few layout and text pieces the public pages need, as plain React: the same elements, class names
 * and CSS variables Mantine's components render, so Mantine's stylesheet (loaded on every page as CSS,
 * app/styles.ts) draws them exactly as before — without Mantine's JavaScript on a first visit to the
 * public site (docs/decisions/0014). The class names are those of the Mantine version in package.json;
 * kit.test.ts checks that each one is in its stylesheet, so an upgrade that renames one fails there.
 */

type Spacing = 'xs' | 'sm' | 'md' | 'lg' | 'xl';
type FontSize = Spacing | 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

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

/** The class names of the Mantine components drawn here (kit.test.ts checks them against the stylesheet). */
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
  buttonLoader: 'm_a25b86ee mantine-Button-loader',
  loader: 'm_5ae2e3c mantine-Loader-root m_b34414df',
  chip: 'm_f59ffda3 mantine-Chip-root',
  chipInput: 'm_bde07329 mantine-Chip-input',
  chipLabel: 'm_fa109255 m_be049a53 mantine-Chip-label',
  chipIconWrapper: 'm_9ac86df9 mantine-Chip-iconWrapper',
  chipCheckIcon: 'm_d6d72580 mantine-Chip-checkIcon',
} as const;

/** What every piece takes besides its own props: another element to render, a class, a style, and any attribute. */
type Base = {
  component?: ElementType;
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
  [attribute: string]: unknown;
};

type Vars = CSSProperties & Record<`--${string}`, string>;

export function Container({ component: C = 'div', className, style, ...rest }: Base) {
  return (
    <C
      className={cx(M.container, className)}
      data-size="lg"
      data-strategy="block"
      style={{ '--container-size': 'var(--container-size-lg)', ...style } as Vars}
      {...rest}
    />
  );
}

/** A public page's column: centred, at most `width` px wide, with the page's margins. */
export function PublicPage({ width, style, ...rest }: Base & { width: 860 | 1100 | 1200 }) {
  return (
    <div
      style={{
        marginInline: 'auto',
        paddingInline: 'var(--mantine-spacing-md)',
        paddingBlock: 'var(--mantine-spacing-xl)',
        maxWidth: rem(width),
        ...style,
      }}
      {...rest}
    />
  );
}

export function Group({
  component: C = 'div',
  gap = 'md',
  align = 'center',
  justify = 'flex-start',
  wrap = 'wrap',
  className,
  style,
  ...rest
}: Base & { gap?: Spacing | number; align?: string; justify?: string; wrap?: 'wrap' | 'nowrap' }) {
  return (
    <C
      className={cx(M.group, className)}
      style={
        {
          '--group-gap': space(gap),
          '--group-align': align,
          '--group-justify': justify,
          '--group-wrap': wrap,
          ...style,
        } as Vars
      }
      {...rest}
    />
  );
}

export function Stack({
  component: C = 'div',
  gap = 'md',
  align = 'stretch',
  className,
  style,
  ...rest
}: Base & { gap?: Spacing | number; align?: string }) {
  return (
    <C
      className={cx(M.stack, className)}
      style={{ '--stack-gap': space(gap), '--stack-align': align, '--stack-justify': 'flex-start', ...style } as Vars}
      {...rest}
    />
  );
}

export function Title({ order, className, style, ...rest }: Base & { order: 1 | 2 | 3 | 4 }) {
  const H = `h${order}` as ElementType;
  return (
    <H
      className={cx(M.title, className)}
      data-order={order}
      style={
        {
          '--title-fw': `var(--mantine-h${order}-font-weight)`,
          '--title-lh': `var(--mantine-h${order}-line-height)`,
          '--title-fz': `var(--mantine-h${order}-font-size)`,
          ...style,
        } as Vars
      }
      {...rest}
    />
  );
}

export function Text({ component: C = 'p', className, ...rest }: Base) {
  return <C className={cx(M.text, className)} {...rest} />;
}

export function Anchor({
  component: C = 'a',
  underline = 'hover',
  className,
  ...rest
}: Base & { underline?: 'hover' | 'never' }) {
  return <C className={cx(M.anchor, className)} data-underline={underline} {...rest} />;
}

type ButtonLook = 'filled' | 'default' | 'light' | 'white' | 'outline-white';

const BUTTON_LOOK: Record<ButtonLook, { variant?: string; vars: Vars }> = {
  filled: { vars: { '--button-color': 'var(--mantine-color-white)' } },
  default: {
    variant: 'default',
    vars: {
      '--button-bg': 'var(--mantine-color-default)',
      '--button-hover': 'var(--mantine-color-default-hover)',
      '--button-color': 'var(--mantine-color-default-color)',
      '--button-bd': `${rem(1)} solid var(--mantine-color-default-border)`,
    },
  },
  light: {
    variant: 'light',
    vars: {
      '--button-bg': 'var(--mantine-color-brand-light)',
      '--button-hover': 'var(--mantine-color-brand-light-hover)',
      '--button-color': 'var(--mantine-color-brand-light-color)',
      '--button-bd': `${rem(1)} solid transparent`,
    },
  },
  // Mantine's filled button in the colour white (the hero's call to action), brand-coloured text.
  white: {
    vars: {
      '--button-bg': 'white',
      '--button-hover': 'rgba(0, 0, 0, 1)',
      '--button-color': 'var(--mantine-color-white)',
      '--button-bd': `${rem(1)} solid transparent`,
      color: 'var(--mantine-color-brand-8)',
    },
  },
  'outline-white': {
    variant: 'outline',
    vars: {
      '--button-bg': 'transparent',
      '--button-hover': 'rgba(0, 0, 0, 0.05)',
      '--button-color': 'white',
      '--button-bd': `${rem(1)} solid white`,
    },
  },
};

export function Button({
  component: C = 'button',
  look = 'filled',
  size = 'sm',
  leftSection,
  className,
  style,
  children,
  loading = false,
  disabled = false,
  ...rest
}: Base & { look?: ButtonLook; size?: 'sm' | 'md'; leftSection?: ReactNode; loading?: boolean; disabled?: boolean }) {
  const { variant, vars } = BUTTON_LOOK[look];
  const sized: Vars =
    size === 'md'
      ? {
          '--button-height': 'var(--button-height-md)',
          '--button-padding-x': 'var(--button-padding-x-md)',
          '--button-fz': 'var(--mantine-font-size-md)',
        }
      : {};
  return (
    <C
      className={cx(disabled || loading ? M.button.replace(' mantine-active', '') : M.button, className)}
      disabled={C === 'button' ? disabled || loading : undefined}
      data-disabled={disabled || undefined}
      data-loading={loading || undefined}
      data-variant={variant}
      data-size={size === 'sm' ? undefined : size}
      data-with-left-section={leftSection ? true : undefined}
      type={C === 'button' ? 'button' : undefined}
      style={{ ...sized, ...vars, ...style } as Vars}
      {...rest}
    >
      {loading && (
        <span className={M.buttonLoader} aria-hidden>
          <span
            className={M.loader}
            style={
              { '--loader-size': 'calc(var(--button-height) / 1.8)', '--loader-color': 'var(--button-color)' } as Vars
            }
          />
        </span>
      )}
      <span className={M.buttonInner}>
        {leftSection && (
          <span className={M.buttonSection} data-position="left">
            {leftSection}
          </span>
        )}
        <span className={M.buttonLabel} data-loading={loading || undefined}>
          {children}
        </span>
      </span>
    </C>
  );
}

type Radius = 'sm' | 'md' | 'lg' | 'xl';

export function Paper({
  component: C = 'div',
  radius = 'md',
  withBorder = false,
  className,
  style,
  ...rest
}: Base & { radius?: Radius; withBorder?: boolean }) {
  return (
    <C
      className={cx(M.paper, className)}
      data-with-border={withBorder || undefined}
      style={{ '--paper-radius': `var(--mantine-radius-${radius})`, ...style } as Vars}
      {...rest}
    />
  );
}

/** Mantine's Card as the theme sets it up (app/theme.ts: shadow sm, a border). */
export function Card({ component: C = 'div', radius = 'lg', className, style, ...rest }: Base & { radius?: Radius }) {
  return (
    <C
      className={cx(M.card, className)}
      data-with-border
      data-orientation="vertical"
      style={
        {
          '--paper-radius': `var(--mantine-radius-${radius})`,
          '--paper-shadow': 'var(--mantine-shadow-sm)',
          '--card-padding': 'var(--mantine-spacing-md)',
          ...style,
        } as Vars
      }
      {...rest}
    />
  );
}

/** The first section of a card (its cover picture), edge to edge. */
export function CardSection({ className, ...rest }: Base) {
  return <div className={cx(M.cardSection, className)} data-orientation="vertical" data-first-section {...rest} />;
}

export function Image({ className, style, radius, alt, ...rest }: Base & { radius?: Radius; alt: string }) {
  return (
    <img
      alt={alt}
      className={cx(M.image, className)}
      style={(radius ? { '--image-radius': `var(--mantine-radius-${radius})`, ...style } : style) as Vars}
      {...rest}
    />
  );
}

/**
 * Mantine's SimpleGrid; its responsive columns come from a class of the page's CSS module that sets
 * `--sg-cols` (and `--sg-spacing-x/y`) per breakpoint, as Mantine's own generated rules do.
 */
export function SimpleGrid({ component: C = 'div', className, ...rest }: Base) {
  return <C className={cx(M.simpleGrid, className)} {...rest} />;
}

export function Skeleton({
  height,
  radius = 'md',
  className,
  style,
  ...rest
}: Base & { height: number; radius?: Radius }) {
  return (
    <div
      className={cx(M.skeleton, className)}
      data-visible
      data-animate
      style={{ '--skeleton-radius': `var(--mantine-radius-${radius})`, height: rem(height), ...style } as Vars}
      {...rest}
    />
  );
}

export function Badge({ leftSection, className, style, children, ...rest }: Base & { leftSection?: ReactNode }) {
  return (
    <div
      className={cx(M.badge, className)}
      data-variant="light"
      data-size="sm"
      data-with-left-section={leftSection ? true : undefined}
      style={
        {
          '--badge-height': 'var(--badge-height-sm)',
          '--badge-padding-x': 'var(--badge-padding-x-sm)',
          '--badge-fz': 'var(--badge-fz-sm)',
          '--badge-bg': 'var(--mantine-color-brand-light)',
          '--badge-color': 'var(--mantine-color-brand-light-color)',
          '--badge-bd': `${rem(1)} solid transparent`,
          ...style,
        } as Vars
      }
      {...rest}
    >
      {leftSection && (
        <span className={M.badgeSection} data-position="left">
          {leftSection}
        </span>
      )}
      <span className={M.badgeLabel}>{children}</span>
    </div>
  );
}

/** A light, round icon in a theme colour (the achievements' trophies). */
export function ThemeIcon({ tone, size, className, style, ...rest }: Base & { tone: string; size: number }) {
  return (
    <div
      className={cx(M.themeIcon, className)}
      data-variant="light"
      style={
        {
          '--ti-size': rem(size),
          '--ti-radius': 'var(--mantine-radius-xl)',
          '--ti-bg': `var(--mantine-color-${tone}-light)`,
          '--ti-color': `var(--mantine-color-${tone}-light-color)`,
          '--ti-bd': `${rem(1)} solid transparent`,
          ...style,
        } as Vars
      }
      {...rest}
    />
  );
}

/** Mantine's Alert in the light variant, with an icon or a title; `role` as Mantine gives it (alert) unless told. */
export function Alert({
  tone,
  icon,
  title,
  role = 'alert',
  className,
  style,
  children,
  ...rest
}: Base & { tone: string; icon?: ReactNode; title?: ReactNode; role?: string }) {
  return (
    <div
      className={cx(M.alert, className)}
      data-variant="light"
      role={role}
      style={
        {
          '--alert-bg': `var(--mantine-color-${tone}-light)`,
          '--alert-color': `var(--mantine-color-${tone}-light-color)`,
          '--alert-bd': `${rem(1)} solid transparent`,
          ...style,
        } as Vars
      }
      {...rest}
    >
      <div className={M.alertWrapper}>
        {icon && <div className={M.alertIcon}>{icon}</div>}
        <div className={M.alertBody}>
          {title && (
            <div className={M.alertTitle}>
              <span className={M.alertLabel}>{title}</span>
            </div>
          )}
          <div className={M.alertMessage} data-variant="light">
            {children}
          </div>
        </div>
      </div>
    </div>
  );
}

/**
 * Mantine's Grid with its columns; the gap and each column's span per breakpoint come from classes of
 * the page's CSS module (`--grid-gap`, `--col-flex-basis`, `--col-max-width`), as Mantine's own rules.
 */
export function Grid({ className, children, ...rest }: Base) {
  return (
    <div className={cx(M.grid, className)} {...rest}>
      <div className={M.gridInner}>{children}</div>
    </div>
  );
}

export function GridCol({ className, ...rest }: Base) {
  return <div className={cx(M.gridCol, className)} {...rest} />;
}
