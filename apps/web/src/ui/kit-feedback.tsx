import type { ReactNode } from 'react';
import { type Base, cx, M, type Radius, rem, type Vars } from './kit-classes';

/* The kit's feedback pieces (see kit-classes.ts): an alert and a loading placeholder. */

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
