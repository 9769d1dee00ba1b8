import { type Base, cx, M, type Radius, rem, type Spacing, space, type Vars } from './kit-classes';

/* The kit's layout pieces (see kit-classes.ts): the page column, rows, stacks, grids, papers and cards. */

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

/**
 * Mantine's SimpleGrid; its responsive columns come from a class of the page's CSS module that sets
 * `--sg-cols` (and `--sg-spacing-x/y`) per breakpoint, as Mantine's own generated rules do.
 */
export function SimpleGrid({ component: C = 'div', className, ...rest }: Base) {
  return <C className={cx(M.simpleGrid, className)} {...rest} />;
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
