import type { ReactNode } from 'react';
import { type Base, cx, M, rem, type Vars } from './kit-classes';

/* The kit's button (see kit-classes.ts), in the looks the public pages use. */

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
