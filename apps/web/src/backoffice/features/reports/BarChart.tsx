import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatPeso } from '@karera/shared';
import { useT } from '../../i18n/useT.ts';

export interface BarChartProps {
  title: string;
  labels: readonly string[];
  /** Centavos, one per label. */
  values: readonly number[];
}

const HEIGHT = 240;
/** Bars the text alternative names one by one; the table beside the chart has them all. */
const SPOKEN_BARS = 12;

/** The chart's text alternative: the title and each bar's figure (the first few when there are many). */
export function chartSummary(t: ReturnType<typeof useT>, { title, labels, values }: BarChartProps): string {
  const named = labels.slice(0, SPOKEN_BARS).map((label, i) => `${label} ${formatPeso(values[i] ?? 0)}`);
  const more = labels.length > SPOKEN_BARS ? [`+${labels.length - SPOKEN_BARS}`] : [];
  return t('reports.charts.summary', { title, values: [...named, ...more].join('; ') });
}

/**
 * A bar chart drawn by uPlot (decision 039: about 23 KB gzipped, loaded with the reports route only). The
 * canvas is an image to assistive technology, named by a summary of its figures; the table next to it is
 * the full text alternative.
 */
export function BarChart(props: BarChartProps) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const { labels, values } = props;

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const style = getComputedStyle(element);
    const colour = style.color || '#1a1a1a';
    const bar = style.getPropertyValue('--color-brand').trim() || colour;
    const chart = new uPlot(
      {
        width: Math.max(element.clientWidth, 240),
        height: HEIGHT,
        legend: { show: false },
        cursor: { show: false },
        scales: { x: { time: false, range: [-0.5, Math.max(labels.length, 1) - 0.5] } },
        axes: [
          {
            stroke: colour,
            grid: { show: false },
            splits: () => labels.map((_, i) => i),
            values: (_chart, splits) => splits.map((i) => labels[i] ?? ''),
          },
          {
            stroke: colour,
            size: 70,
            values: (_chart, splits) => splits.map((v) => formatPeso(Math.round(v * 100)).replace(/\.00$/, '')),
          },
        ],
        series: [
          {},
          {
            label: props.title,
            stroke: bar,
            fill: bar,
            paths: uPlot.paths.bars?.({ size: [0.6, 64] }),
            points: { show: false },
          },
        ],
      },
      [labels.map((_, i) => i), values.map((v) => v / 100)],
      element,
    );
    const resize = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(element.clientWidth, 240), height: HEIGHT }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [labels, values, props.title]);

  return (
    <figure className="bo-report-chart">
      <figcaption className="bo-report-chart__title">{props.title}</figcaption>
      <div ref={box} className="bo-report-chart__canvas" role="img" aria-label={chartSummary(t, props)} />
    </figure>
  );
}
