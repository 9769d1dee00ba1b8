import type { ReactNode } from 'react';
import { type Base, cx, M, type Radius, rem, type Vars } from './kit';

// Pictures, grids, placeholders, badges and alerts for the public pages, with Mantine's markup (see kit.tsx).

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
