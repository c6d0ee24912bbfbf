import { extent, line, scaleLinear, select } from 'd3';
import { useEffect, useRef } from 'react';

const WIDTH = 360;
const HEIGHT = 160;
const PAD = { top: 12, right: 48, bottom: 18, left: 4 };

/**
 * The NAV history as a line (d3), the first and last dates under it and the range on the right.
 * Display numbers only: the figures on the sheet are the server's exact strings.
 */
export function NavChart({ points }: { points: readonly { date: string; nav: string }[] }) {
  const ref = useRef<SVGSVGElement>(null);
  useEffect(() => {
    const svg = select(ref.current);
    svg.selectAll('*').remove();
    if (points.length < 2) return;
    const values = points.map((p) => Number(p.nav));
    const [low, high] = extent(values) as [number, number];
    const x = scaleLinear([0, points.length - 1], [PAD.left, WIDTH - PAD.right]);
    const y = scaleLinear([low, high === low ? high + 1 : high], [HEIGHT - PAD.bottom, PAD.top]);
    const path = line<number>()
      .x((_, i) => x(i))
      .y((v) => y(v));
    const rising = (values[values.length - 1] as number) >= (values[0] as number);
    svg
      .append('path')
      .attr('d', path(values))
      .attr('fill', 'none')
      .attr('stroke', rising ? 'var(--rise, #e93030)' : 'var(--fall, #1aa260)')
      .attr('stroke-width', 1.5);
    const label = (text: string, xAt: number, yAt: number, anchor: string) =>
      svg
        .append('text')
        .text(text)
        .attr('x', xAt)
        .attr('y', yAt)
        .attr('text-anchor', anchor)
        .attr('font-size', 10)
        .attr('fill', '#888');
    label(high.toFixed(4), WIDTH - 2, PAD.top + 4, 'end');
    label(low.toFixed(4), WIDTH - 2, HEIGHT - PAD.bottom, 'end');
    label(points[0]?.date ?? '', PAD.left, HEIGHT - 4, 'start');
    label(points[points.length - 1]?.date ?? '', WIDTH - PAD.right, HEIGHT - 4, 'end');
  }, [points]);
  const first = points[0];
  const last = points[points.length - 1];
  return (
    <svg
      ref={ref}
      data-testid="nav-chart"
      data-points={points.length}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      style={{ width: '100%', height: 'auto' }}
      role="img"
      aria-label={first && last ? `${first.date} ${first.nav} → ${last.date} ${last.nav}` : ''}
    />
  );
}
