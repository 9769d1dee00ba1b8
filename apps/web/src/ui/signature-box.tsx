import { useQuery } from '@tanstack/react-query';
import { schoolProfileQuery } from '../lib/school-profile';
import classes from './signature-box.module.css';

/**
 * A place to sign on a printed paper: room above a dashed line, the label under it. With `stamp`, the
 * room holds the school's stamp and signature image from the settings when one is set.
 */
export function SignatureBox({
  label,
  stamp = false,
  room = 72,
  width,
}: {
  label: string;
  stamp?: boolean;
  /** Height of the room to sign in, in pixels. */
  room?: number;
  /** A fixed width in pixels; without it the box shares its row with the others. */
  width?: number;
}) {
  const { data } = useQuery({ ...schoolProfileQuery(), enabled: stamp });
  const image = stamp ? data?.stamp : null;
  return (
    <div
      className={classes.box}
      style={width ? { flex: `0 1 ${width}px`, maxWidth: '100%' } : undefined}
      data-testid={stamp ? 'school-stamp' : undefined}
    >
      <div className={classes.room} style={{ height: room }}>
        {image && (
          <img
            src={image.thumb}
            alt={label}
            className={classes.stamp}
            style={{ maxHeight: room }}
            data-testid="school-stamp-image"
          />
        )}
      </div>
      <div className={classes.line}>{label}</div>
    </div>
  );
}
