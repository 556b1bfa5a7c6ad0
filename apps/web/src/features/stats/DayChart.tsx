import { Box, Text } from '@chakra-ui/react';

export interface DayValue {
  /** the day (or the first day of a week) */
  day: string;
  value: number;
  /** a second series drawn as a line (e.g. lines per day); null leaves a gap */
  line?: number | null;
}

const SHARE_TICKS = [0, 0.25, 0.5, 0.75, 1];

/**
 * A bar chart of one value per day (orders) with an optional line (order lines), drawn as SVG: no chart
 * library, so the page chunk stays small. Each bar has a title (hover) with day and values; the labels of the
 * x axis show every n-th day so they never overlap. With `lineShare` the line is a share (0..1, e.g. the on-time
 * rate) on an axis of its own at the right, labelled by `lineShare`, with a dot per value and gaps where it is null.
 */
export function DayChart({
  data,
  label,
  barName,
  lineName,
  lineShare,
  formatDay,
  testId = 'day-chart',
}: {
  data: DayValue[];
  label: string;
  barName: string;
  lineName?: string;
  lineShare?: (share: number) => string;
  formatDay: (day: string) => string;
  testId?: string;
}) {
  const width = 760;
  const height = 240;
  const pad = { left: 40, right: lineShare ? 60 : 12, top: 12, bottom: 36 };
  const innerW = width - pad.left - pad.right;
  const innerH = height - pad.top - pad.bottom;
  const max = Math.max(1, ...data.map((d) => Math.max(d.value, lineShare ? 0 : (d.line ?? 0))));
  const step = niceStep(max);
  const top = Math.ceil(max / step) * step;
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  const slot = data.length > 0 ? innerW / data.length : innerW;
  const barW = Math.max(2, slot * 0.7);
  const y = (v: number) => pad.top + innerH - (v / top) * innerH;
  const yLine = (v: number) => (lineShare ? pad.top + innerH - Math.min(1, Math.max(0, v)) * innerH : y(v));
  const x = (i: number) => pad.left + slot * i + slot / 2;
  const every = Math.max(1, Math.ceil(data.length / 10));
  // the line in runs of values (a null ends a run: nothing to draw for that day)
  const runs: string[][] = [[]];
  data.forEach((d, i) => {
    const value = d.line === null || d.line === undefined ? (lineShare ? null : 0) : d.line;
    if (value === null) runs.push([]);
    else runs.at(-1)!.push(`${x(i)},${yLine(value)}`);
  });
  const lineText = (d: DayValue) => (lineShare ? (d.line === null || d.line === undefined ? '–' : lineShare(d.line)) : String(d.line ?? 0));
  return (
    <Box overflowX="auto" data-testid={testId}>
      <svg viewBox={`0 0 ${width} ${height}`} width="100%" role="img" aria-label={label} style={{ minWidth: 480, display: 'block' }}>
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={pad.left} x2={width - pad.right} y1={y(tick)} y2={y(tick)} stroke="#E2E8F0" />
            <text x={pad.left - 6} y={y(tick) + 4} fontSize="11" textAnchor="end" fill="#4A5568">
              {tick}
            </text>
          </g>
        ))}
        {data.map((d, i) => (
          <g key={d.day}>
            <rect
              x={pad.left + slot * i + (slot - barW) / 2}
              y={y(d.value)}
              width={barW}
              height={Math.max(0, pad.top + innerH - y(d.value))}
              fill="#3182CE"
              rx="2"
              data-testid="day-bar"
            >
              <title>{`${formatDay(d.day)}: ${barName} ${d.value}${lineName ? `, ${lineName} ${lineText(d)}` : ''}`}</title>
            </rect>
            {i % every === 0 ? (
              <text x={pad.left + slot * i + slot / 2} y={height - pad.bottom + 16} fontSize="11" textAnchor="middle" fill="#4A5568">
                {formatDay(d.day)}
              </text>
            ) : null}
          </g>
        ))}
        {lineName
          ? runs.map((run, i) => (run.length > 1 ? <polyline key={i} points={run.join(' ')} fill="none" stroke="#DD6B20" strokeWidth="2" /> : null))
          : null}
        {lineName && lineShare
          ? data.map((d, i) =>
              d.line === null || d.line === undefined ? null : (
                <circle key={d.day} cx={x(i)} cy={yLine(d.line)} r="3" fill="#DD6B20" data-testid="chart-point">
                  <title>{`${formatDay(d.day)}: ${lineName} ${lineShare(d.line)}`}</title>
                </circle>
              ),
            )
          : null}
        {lineShare
          ? SHARE_TICKS.map((tick) => (
              <text key={tick} x={width - pad.right + 6} y={yLine(tick) + 4} fontSize="11" textAnchor="start" fill="#C05621">
                {lineShare(tick)}
              </text>
            ))
          : null}
        <line x1={pad.left} x2={width - pad.right} y1={pad.top + innerH} y2={pad.top + innerH} stroke="#A0AEC0" />
      </svg>
      <Text fontSize="xs" color="gray.600" mt="1">
        <Box as="span" display="inline-block" w="3" h="3" bg="blue.500" mr="1" borderRadius="sm" />
        {barName}
        {lineName ? (
          <>
            <Box as="span" display="inline-block" w="3" h="1" bg="orange.500" ml="4" mr="1" verticalAlign="middle" />
            {lineName}
          </>
        ) : null}
      </Text>
    </Box>
  );
}

/** 1, 2 or 5 times a power of ten, so that about five ticks cover `max`. */
export function niceStep(max: number): number {
  const rough = max / 5;
  const power = 10 ** Math.floor(Math.log10(Math.max(rough, 1)));
  for (const factor of [1, 2, 5, 10]) if (factor * power >= rough) return factor * power;
  return 10 * power;
}
