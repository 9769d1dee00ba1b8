import type { ElementType, ReactNode } from 'react';
import { type Base, cx, M, type Radius, rem, type Spacing, space, type Vars } from './kit-classes';

/* The kit's text pieces (see kit-classes.ts): titles, text, links, pictures, badges and icons. */

/**
 * A heading of level `order`; `size` gives it the look of another level (a section's h2 drawn at the
 * h3 size), `mb` the space below it.
 */
export function Title({
  order,
  size = order,
  mb,
  className,
  style,
  ...rest
}: Base & { order: 1 | 2 | 3 | 4; size?: 1 | 2 | 3 | 4; mb?: Spacing }) {
  const H = `h${order}` as ElementType;
  return (
    <H
      className={cx(M.title, className)}
      data-order={order}
      style={
        {
          '--title-fw': `var(--mantine-h${order}-font-weight)`,
          '--title-lh': `var(--mantine-h${order}-line-height)`,
          '--title-fz': `var(--mantine-h${size}-font-size)`,
          ...(mb ? { marginBottom: space(mb) } : {}),
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
