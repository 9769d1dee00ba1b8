import { useEffect, useRef, useState } from 'react';
import { useNavigation } from 'react-router';

/** The loading bar (#c398f1) shown while a route's code or data is loading. */
export function RouteProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const [width, setWidth] = useState(0);
  const [visible, setVisible] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    window.clearInterval(timer.current);
    if (busy) {
      setVisible(true);
      setWidth(15);
      timer.current = window.setInterval(() => setWidth((w) => (w < 90 ? w + (90 - w) * 0.15 : w)), 200);
    } else if (visible) {
      setWidth(100);
      timer.current = window.setTimeout(() => {
        setVisible(false);
        setWidth(0);
      }, 300);
    }
    return () => window.clearInterval(timer.current);
  }, [busy, visible]);

  return (
    <div
      className="route-progress"
      role="progressbar"
      aria-label="در حال بارگذاری"
      aria-hidden={!visible}
      data-state={busy ? 'loading' : 'idle'}
      style={{ opacity: visible ? 1 : 0 }}
    >
      <div className="route-progress__bar" style={{ width: `${width}%` }} />
    </div>
  );
}
