import { Box, Text } from '@chakra-ui/react';

export interface DayValue {
  day: string;
  value: number;
  /** a second series drawn as a line (e.g. lines per day) */
  line?: number;
}

/**
 * A bar chart of one value per day (orders) with an optional line (order lines), drawn as SVG: no chart
 * library, so the page chunk stays small. Each bar has a title (hover) with day and values; the labels of the
 * x axis show every n-th day so they never overlap.
 */
export function DayChart({
  data,
  label,
  barName,
  lineName,
  formatDay,
}: {
  data: DayValue[];
  label: string;
  barName: string;
  lineName?: string;
  formatDay: (day: string) => string;
}) {
  const width = 760;
  const height = 240;
  const pad = { left: 40, right: 12, top: 12, bottom: 36 };
  const innerW = width - pad.left - pad.right;
  const innerH = height - pad.top - pad.bottom;
  const max = Math.max(1, ...data.map((d) => Math.max(d.value, d.line ?? 0)));
  const step = niceStep(max);
  const top = Math.ceil(max / step) * step;
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  const slot = data.length > 0 ? innerW / data.length : innerW;
  const barW = Math.max(2, slot * 0.7);
  const y = (v: number) => pad.top + innerH - (v / top) * innerH;
  const every = Math.max(1, Math.ceil(data.length / 10));
  const points = data.map((d, i) => `${pad.left + slot * i + slot / 2},${y(d.line ?? 0)}`).join(' ');
  return (
    <Box overflowX="auto" data-testid="day-chart">
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
              <title>{`${formatDay(d.day)}: ${barName} ${d.value}${lineName ? `, ${lineName} ${d.line ?? 0}` : ''}`}</title>
            </rect>
            {i % every === 0 ? (
              <text x={pad.left + slot * i + slot / 2} y={height - pad.bottom + 16} fontSize="11" textAnchor="middle" fill="#4A5568">
                {formatDay(d.day)}
              </text>
            ) : null}
          </g>
        ))}
        {lineName && data.length > 1 ? <polyline points={points} fill="none" stroke="#DD6B20" strokeWidth="2" /> : null}
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
