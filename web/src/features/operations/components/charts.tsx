import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear, scaleOrdinal } from '@visx/scale';
import { BarStack } from '@visx/shape';
import { useId } from 'react';
import { useWidth } from '../hooks/use-width';

// The dashboard's two charts, drawn with visx (SVG: accessible names, text in the page's colours, light
// and dark through currentColor). This module and visx load only with the /admin/operations route.

/** Colour-blind-friendly hues that read on white and on slate-900 (Okabe-Ito, then Tableau). */
export const SERIES_COLOURS = [
  '#0072B2',
  '#E69F00',
  '#009E73',
  '#CC79A7',
  '#56B4E9',
  '#D55E00',
  '#8c6bb1',
  '#b8a200',
  '#e15759',
  '#76b7b2',
  '#9c755f',
  '#79706e',
];

const MARGIN = { top: 12, right: 12, bottom: 36, left: 44 };
const leftTick = () => ({ fill: 'currentColor', fontSize: 11, textAnchor: 'end' as const, dx: -4, dy: '0.33em' });
const bottomTick = () => ({ fill: 'currentColor', fontSize: 11, textAnchor: 'middle' as const });
/** A bar group never wider than this, however few the groups. */
const MAX_GROUP = 140;

function Legend({ items }: { items: Array<{ key: string; colour: string }> }) {
  return (
    <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1.5 text-xs text-slate-700 dark:text-slate-300">
      {items.map((item) => (
        <li key={item.key} className="flex items-center gap-1.5">
          <span aria-hidden="true" className="size-3 rounded-sm" style={{ backgroundColor: item.colour }} />
          {item.key}
        </li>
      ))}
    </ul>
  );
}

export interface WeekRow {
  week: string;
  label: string;
  counts: Record<string, number>;
}

/** Cases per week, stacked by specialty. */
export function CasesPerWeekChart({ rows, specialties }: { rows: WeekRow[]; specialties: string[] }) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const titleId = useId();
  const height = 260;
  const innerWidth = Math.max(width - MARGIN.left - MARGIN.right, 10);
  const innerHeight = height - MARGIN.top - MARGIN.bottom;
  const totals = rows.map((row) => specialties.reduce((sum, key) => sum + (row.counts[key] ?? 0), 0));
  const xScale = scaleBand<string>({ domain: rows.map((row) => row.week), range: [0, innerWidth], padding: 0.25 });
  const yScale = scaleLinear<number>({ domain: [0, Math.max(1, ...totals)], range: [innerHeight, 0], nice: true });
  const colour = scaleOrdinal<string, string>({ domain: specialties, range: SERIES_COLOURS });
  const labelOf = new Map(rows.map((row) => [row.week, row.label]));
  // Narrow screens: every other week label.
  const step = innerWidth / Math.max(rows.length, 1) < 44 ? 2 : 1;
  const data = rows.map((row) => ({ week: row.week, ...row.counts }));
  return (
    <div ref={ref} className="text-slate-600 dark:text-slate-300">
      <svg
        width={width}
        height={height}
        role="img"
        aria-labelledby={titleId}
        data-testid="cases-per-week-chart"
        className="block max-w-full"
      >
        <title id={titleId}>
          {`Cases per week by specialty: ${rows.map((row, i) => `week of ${row.label}, ${totals[i]}`).join('; ')}`}
        </title>
        <Group left={MARGIN.left} top={MARGIN.top}>
          <BarStack<Record<string, number | string>, string>
            data={data}
            keys={specialties}
            x={(d) => String(d.week)}
            value={(d, key) => Number(d[key] ?? 0)}
            xScale={xScale}
            yScale={yScale}
            color={colour}
          >
            {(stacks) =>
              stacks.map((stack) =>
                stack.bars
                  .filter((bar) => bar.height > 0)
                  .map((bar) => (
                    <rect
                      key={`${stack.key}-${bar.index}`}
                      x={bar.x}
                      y={bar.y}
                      width={bar.width}
                      height={bar.height}
                      fill={bar.color}
                      data-series={stack.key}
                    >
                      <title>{`Week of ${labelOf.get(String(bar.bar.data.week))}: ${stack.key}, ${bar.bar[1] - bar.bar[0]}`}</title>
                    </rect>
                  )),
              )
            }
          </BarStack>
          <AxisLeft
            scale={yScale}
            numTicks={5}
            tickFormat={(v) => String(v)}
            stroke="currentColor"
            tickStroke="currentColor"
            tickLabelProps={leftTick}
          />
          <AxisBottom
            top={innerHeight}
            scale={xScale}
            tickValues={rows.filter((_, i) => i % step === 0).map((row) => row.week)}
            tickFormat={(week) => labelOf.get(week) ?? week}
            stroke="currentColor"
            tickStroke="currentColor"
            tickLabelProps={bottomTick}
          />
        </Group>
      </svg>
      <Legend items={specialties.map((key) => ({ key, colour: colour(key) }))} />
    </div>
  );
}

export interface MoneyBar {
  key: string;
  net: number;
  tax: number;
}

const MONEY_SERIES = [
  { key: 'net', label: 'Net revenue', colour: SERIES_COLOURS[0] as string },
  { key: 'tax', label: 'Tax collected', colour: SERIES_COLOURS[1] as string },
] as const;

/** Net revenue and tax by province (and currency), side by side, in whole units. */
export function RevenueChart({ bars, format }: { bars: MoneyBar[]; format: (cents: number, key: string) => string }) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const titleId = useId();
  const height = 240;
  const margin = { ...MARGIN, left: 60 };
  const innerWidth = Math.max(width - margin.left - margin.right, 10);
  const innerHeight = height - margin.top - margin.bottom;
  const values = bars.flatMap((bar) => [bar.net, bar.tax]);
  const plotWidth = Math.min(innerWidth, bars.length * MAX_GROUP);
  const xScale = scaleBand<string>({ domain: bars.map((bar) => bar.key), range: [0, plotWidth], padding: 0.3 });
  const inner = scaleBand<string>({
    domain: MONEY_SERIES.map((s) => s.key),
    range: [0, xScale.bandwidth()],
    padding: 0.1,
  });
  const yScale = scaleLinear<number>({
    domain: [Math.min(0, ...values) / 100, Math.max(1, ...values) / 100],
    range: [innerHeight, 0],
    nice: true,
  });
  return (
    <div ref={ref} className="text-slate-600 dark:text-slate-300">
      <svg
        width={width}
        height={height}
        role="img"
        aria-labelledby={titleId}
        data-testid="revenue-chart"
        className="block max-w-full"
      >
        <title id={titleId}>
          {`Net revenue and tax by province: ${bars.map((bar) => `${bar.key}, net ${format(bar.net, bar.key)}, tax ${format(bar.tax, bar.key)}`).join('; ')}`}
        </title>
        <Group left={margin.left} top={margin.top}>
          {bars.map((bar) => (
            <Group key={bar.key} left={xScale(bar.key) ?? 0}>
              {MONEY_SERIES.map((series) => {
                const value = bar[series.key] / 100;
                const y = yScale(Math.max(value, 0));
                const h = Math.abs(yScale(value) - yScale(0));
                return (
                  <rect
                    key={series.key}
                    x={inner(series.key) ?? 0}
                    y={y}
                    width={inner.bandwidth()}
                    height={Math.max(h, 0)}
                    fill={series.colour}
                    data-series={series.key}
                  >
                    <title>{`${bar.key}: ${series.label} ${format(bar[series.key], bar.key)}`}</title>
                  </rect>
                );
              })}
            </Group>
          ))}
          <AxisLeft
            scale={yScale}
            numTicks={5}
            tickFormat={(v) => Number(v).toLocaleString('en-CA')}
            stroke="currentColor"
            tickStroke="currentColor"
            tickLabelProps={leftTick}
          />
          <AxisBottom
            top={yScale(0)}
            scale={xScale}
            stroke="currentColor"
            tickStroke="currentColor"
            tickLabelProps={bottomTick}
          />
        </Group>
      </svg>
      <Legend items={MONEY_SERIES.map((series) => ({ key: series.label, colour: series.colour }))} />
    </div>
  );
}
