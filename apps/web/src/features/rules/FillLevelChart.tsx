import { Box, Text } from '@chakra-ui/react';
import type { FillHistoryDto, FillOrder } from '@kanban/contracts';
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/useFormat';
import { niceStep } from '../stats';
import { stockSteps, timeTicks, type TimePoint, valueMax } from './fillChart';

const COLORS = { stock: '#3182CE', reading: '#DD6B20', threshold: '#E53E3E', capacity: '#718096', order: '#805AD5', delivery: '#38A169', grid: '#E2E8F0', axis: '#A0AEC0', text: '#4A5568' };

/** A marker of an order: when it was placed or delivered. */
interface Marker {
  key: string;
  order: FillOrder;
  kind: 'ordered' | 'delivered';
  t: number;
}

/** The width of an element, following resizes (the chart draws at its real width so its texts keep their size). */
function useWidth(fallback: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(Math.max(280, Math.round(element.getBoundingClientRect().width)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/**
 * A bin's fill level over a period, drawn as SVG like the statistics' charts (DayChart: no chart library): the stock
 * as steps with a point at each change, the sensor's readings in pieces as a line (with the min–max band of hourly or
 * daily aggregates), the threshold and the capacity as dashed lines, and the orders as markers above the plot — ▼ when
 * placed, ● when delivered. A marker shows order number, time and quantity on hover and keyboard focus (Tab) and opens
 * the order on click, Enter or Space. The chart's label says what it shows in words.
 */
export function FillLevelChart({
  fill,
  summary,
  unit,
  onOpenOrder,
}: {
  fill: FillHistoryDto;
  /** what the chart shows, in words (aria-label) */
  summary: string;
  /** the item's unit after a number, e.g. "Pcs" */
  unit: (count: number) => string;
  onOpenOrder: (orderID: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const { ref, width } = useWidth(760);
  const [active, setActive] = useState<Marker | null>(null);
  const narrow = width < 520;
  const height = narrow ? 220 : 260;
  const pad = { left: 40, right: 14, top: 30, bottom: 26 };
  const innerW = width - pad.left - pad.right;
  const innerH = height - pad.top - pad.bottom;
  const from = Date.parse(fill.from);
  const to = Date.parse(fill.to);
  const steps = stockSteps(fill);
  const max = valueMax(fill, steps);
  const step = niceStep(max);
  const top = Math.ceil((max * 1.05) / step) * step;
  const x = (time: number) => pad.left + ((Math.min(to, Math.max(from, time)) - from) / (to - from)) * innerW;
  const y = (value: number) => pad.top + innerH - (Math.max(0, value) / top) * innerH;
  const path = (points: TimePoint[]) => points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.t).toFixed(1)},${y(p.v).toFixed(1)}`).join(' ');
  const readings = fill.readings?.unit === 'pieces' ? fill.readings : null;
  const aggregated = readings !== null && readings.resolution !== 'raw';
  const band = aggregated
    ? `${readings.points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(Date.parse(p.at)).toFixed(1)},${y(p.max).toFixed(1)}`).join(' ')} ${[...readings.points]
        .reverse()
        .map((p) => `L${x(Date.parse(p.at)).toFixed(1)},${y(p.min).toFixed(1)}`)
        .join(' ')} Z`
    : null;
  const short = to - from <= 2 * 86_400_000;
  const tickText = new Intl.DateTimeFormat(i18n.language, short ? { hour: '2-digit', minute: '2-digit' } : { day: '2-digit', month: '2-digit' });
  // dates beyond two days: a tick a day at least (two ticks of one date would read the same)
  const ticks = timeTicks(from, to, Math.max(3, Math.floor(innerW / (short ? 64 : 56))), short ? 0 : 86_400_000);
  const markers: Marker[] = fill.orders.flatMap((order) => [
    ...(Date.parse(order.ordered_at) >= from ? [{ key: `o${order.order_id}-${order.ordered_at}`, order, kind: 'ordered' as const, t: Date.parse(order.ordered_at) }] : []),
    ...(order.delivered_at && Date.parse(order.delivered_at) >= from && Date.parse(order.delivered_at) < to
      ? [{ key: `d${order.order_id}-${order.delivered_at}`, order, kind: 'delivered' as const, t: Date.parse(order.delivered_at) }]
      : []),
  ]);
  const markerText = (m: Marker) =>
    t(m.kind === 'ordered' ? 'fillLevel.orderPlaced' : 'fillLevel.orderDelivered', {
      id: m.order.order_id,
      time: format.dateTime(new Date(m.t)),
      quantity: format.number(m.order.quantity),
    });
  const open = (m: Marker) => onOpenOrder(m.order.order_id);
  const onKey = (m: Marker) => (event: KeyboardEvent<SVGGElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open(m);
    }
  };
  const lineLabel = (value: number, text: string, color: string, testId: string, dash: string) => (
    <g data-testid={testId} data-value={value} aria-hidden="true">
      <line x1={pad.left} x2={width - pad.right} y1={y(value)} y2={y(value)} stroke={color} strokeWidth="1.5" strokeDasharray={dash} />
      <text x={width - pad.right - 4} y={y(value) - 4} fontSize="11" textAnchor="end" fill={color}>
        {text}
      </text>
    </g>
  );
  // the tooltip opens away from the nearer edge, so it stays inside the chart
  const tipLeft = active ? x(active.t) < width / 2 : true;
  return (
    <Box ref={ref} position="relative" w="full" data-testid="fill-chart-frame">
      <svg width={width} height={height} role="group" aria-label={summary} data-testid="fill-chart" style={{ display: 'block', overflow: 'visible' }}>
        <g aria-hidden="true">
          {Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step).map((tick) => (
            <g key={tick}>
              <line x1={pad.left} x2={width - pad.right} y1={y(tick)} y2={y(tick)} stroke={COLORS.grid} />
              <text x={pad.left - 6} y={y(tick) + 4} fontSize="11" textAnchor="end" fill={COLORS.text}>
                {format.number(tick)}
              </text>
            </g>
          ))}
          {ticks.map((tick) => (
            <g key={tick}>
              <line x1={x(tick)} x2={x(tick)} y1={pad.top + innerH} y2={pad.top + innerH + 4} stroke={COLORS.axis} />
              <text x={x(tick)} y={height - 8} fontSize="11" textAnchor="middle" fill={COLORS.text}>
                {tickText.format(new Date(tick))}
              </text>
            </g>
          ))}
          <line x1={pad.left} x2={width - pad.right} y1={pad.top + innerH} y2={pad.top + innerH} stroke={COLORS.axis} />
        </g>
        {fill.capacity > 0 ? lineLabel(fill.capacity, t('fillLevel.capacityLine', { value: format.number(fill.capacity) }), COLORS.capacity, 'fill-capacity', '2 4') : null}
        {lineLabel(fill.threshold, t('fillLevel.thresholdLine', { value: format.number(fill.threshold) }), COLORS.threshold, 'fill-threshold', '6 4')}
        {band ? <path d={band} fill={COLORS.reading} fillOpacity="0.15" stroke="none" aria-hidden="true" /> : null}
        {readings && readings.points.length > 0 ? (
          <path
            d={path(readings.points.map((p) => ({ t: Date.parse(p.at), v: aggregated ? p.avg : p.last })))}
            fill="none"
            stroke={COLORS.reading}
            strokeWidth="1.5"
            data-testid="fill-readings"
            aria-hidden="true"
          />
        ) : null}
        {readings && readings.points.length === 1 ? (
          <circle cx={x(Date.parse(readings.points[0]!.at))} cy={y(readings.points[0]!.last)} r="3" fill={COLORS.reading} aria-hidden="true" />
        ) : null}
        {steps.length > 0 ? <path d={path(steps)} fill="none" stroke={COLORS.stock} strokeWidth="2" data-testid="fill-stock" aria-hidden="true" /> : null}
        {fill.events.map((event, i) => (
          <circle key={`${event.at}-${i}`} cx={x(Date.parse(event.at))} cy={y(event.stock)} r="3.5" fill="#fff" stroke={COLORS.stock} strokeWidth="2" data-testid="fill-stock-point" aria-hidden="true">
            <title>{`${format.dateTime(event.at)}: ${t(`rules.stockKinds.${event.kind}`, { defaultValue: event.kind })} ${format.number(event.stock_before)} → ${format.number(event.stock)} ${unit(event.stock)}`}</title>
          </circle>
        ))}
        {markers.map((m) => {
          const mx = x(m.t);
          const color = m.kind === 'ordered' ? COLORS.order : COLORS.delivery;
          return (
            <g key={m.key}>
              <line x1={mx} x2={mx} y1={pad.top - 6} y2={pad.top + innerH} stroke={color} strokeDasharray="1 3" aria-hidden="true" pointerEvents="none" />
              <g
              role="link"
              tabIndex={0}
              aria-label={markerText(m)}
              data-testid={m.kind === 'ordered' ? 'fill-order' : 'fill-delivery'}
              data-order={m.order.order_id}
              style={{ cursor: 'pointer', outline: 'none' }}
              onClick={() => open(m)}
              onKeyDown={onKey(m)}
              onMouseEnter={() => setActive(m)}
              onMouseLeave={() => setActive(null)}
              onFocus={() => setActive(m)}
              onBlur={() => setActive(null)}
            >
              {/* a larger invisible target for fingers and the focus ring */}
              <circle cx={mx} cy={pad.top - 14} r="11" fill={active?.key === m.key ? `${color}22` : 'transparent'} stroke={active?.key === m.key ? color : 'none'} strokeWidth="2" />
              {m.kind === 'ordered' ? (
                <path d={`M${mx - 6},${pad.top - 19} L${mx + 6},${pad.top - 19} L${mx},${pad.top - 9} Z`} fill={color} />
              ) : (
                <circle cx={mx} cy={pad.top - 14} r="5" fill={color} />
              )}
              </g>
            </g>
          );
        })}
      </svg>
      {active ? (
        <Box
          position="absolute"
          top={`${pad.top + 4}px`}
          left={active && tipLeft ? `${Math.max(0, x(active.t) - 12)}px` : undefined}
          right={active && !tipLeft ? `${Math.max(0, width - x(active.t) - 12)}px` : undefined}
          bg="gray.800"
          color="white"
          fontSize="xs"
          px="2"
          py="1"
          borderRadius="sm"
          pointerEvents="none"
          whiteSpace="nowrap"
          data-testid="fill-tooltip"
          role="tooltip"
        >
          {markerText(active)}
        </Box>
      ) : null}
      <Text fontSize="xs" color="gray.600" mt="1" display="flex" flexWrap="wrap" columnGap="4" rowGap="1" aria-hidden="true">
        {steps.length > 0 ? <Legend color={COLORS.stock} text={t('fillLevel.legendStock')} /> : null}
        {readings ? <Legend color={COLORS.reading} text={t('fillLevel.legendReadings')} /> : null}
        <Legend color={COLORS.threshold} text={t('fillLevel.legendThreshold')} dashed />
        {fill.capacity > 0 ? <Legend color={COLORS.capacity} text={t('fillLevel.legendCapacity')} dashed /> : null}
        {markers.length > 0 ? <Legend color={COLORS.order} text={t('fillLevel.legendOrders')} marker="▼" /> : null}
        {markers.some((m) => m.kind === 'delivered') ? <Legend color={COLORS.delivery} text={t('fillLevel.legendDeliveries')} marker="●" /> : null}
      </Text>
    </Box>
  );
}

function Legend({ color, text, dashed = false, marker }: { color: string; text: string; dashed?: boolean; marker?: string }) {
  return (
    <span>
      {marker ? (
        <span style={{ color, marginRight: 4 }}>{marker}</span>
      ) : (
        <span style={{ display: 'inline-block', width: 14, marginRight: 4, verticalAlign: 'middle', borderTop: `2px ${dashed ? 'dashed' : 'solid'} ${color}` }} />
      )}
      {text}
    </span>
  );
}
