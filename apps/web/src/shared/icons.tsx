import { Icon as ChakraIcon, type IconProps } from '@chakra-ui/react';

/** A small set of line icons (24 px grid, stroke), drawn here to keep the bundle small. */
const PATHS = {
  dashboard: 'M3 3h8v8H3zM13 3h8v5h-8zM13 10h8v11h-8zM3 13h8v8H3z',
  company: 'M3 21V5l8-3v19M11 8h10v13M6 8h2M6 12h2M6 16h2M14 12h4M14 16h4M2 21h20',
  changelog: 'M5 3h11l3 3v15H5zM8 9h8M8 13h8M8 17h5',
  order: 'M6 6h15l-2 8H8L6 3H3M9 20a1 1 0 1 0 0-.01M18 20a1 1 0 1 0 0-.01',
  add: 'M12 5v14M5 12h14',
  queue: 'M4 6h16M4 12h16M4 18h10',
  request: 'M4 4h16v12H8l-4 4z',
  customer: 'M16 11a4 4 0 1 0-8 0M4 21c0-4 4-6 8-6s8 2 8 6',
  supplier: 'M1 6h13v10H1zM14 10h4l3 3v3h-7M5 19a2 2 0 1 0 0-.01M17 19a2 2 0 1 0 0-.01',
  search: 'M11 4a7 7 0 1 0 0 14a7 7 0 1 0 0-14M21 21l-5-5',
  chart: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  journal: 'M6 3h12v18H6zM9 7h6M9 11h6M9 15h4',
  bell: 'M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 21h4',
  settings:
    'M12 9a3 3 0 1 0 0 6a3 3 0 1 0 0-6M12 2v3M12 19v3M2 12h3M19 12h3M5 5l2 2M17 17l2 2M5 19l2-2M17 7l2-2',
  dot: 'M12 11a1 1 0 1 0 0 2a1 1 0 1 0 0-2',
  contact: 'M4 4h16v16H4zM12 8a2.5 2.5 0 1 0 0 5a2.5 2.5 0 1 0 0-5M8 17c1-2 7-2 8 0',
  location: 'M12 21s-7-6-7-11a7 7 0 0 1 14 0c0 5-7 11-7 11zM12 8a2 2 0 1 0 0 4a2 2 0 1 0 0-4',
  item: 'M3 7l9-4 9 4-9 4zM3 7v10l9 4 9-4V7M12 11v10',
  print: 'M6 9V3h12v6M6 18H3v-8h18v8h-3M6 14h12v7H6z',
  storage: 'M3 4h18v5H3zM3 9h18v5H3zM3 14h18v6H3z',
  user: 'M12 4a4 4 0 1 0 0 8a4 4 0 1 0 0-8M4 21c0-4 4-6 8-6s8 2 8 6',
  menu: 'M3 6h18M3 12h18M3 18h18',
  star: 'M12 3l2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z',
  help: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.7M12 17v.01',
  globe: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18M3 12h18M12 3c3 3 3 15 0 18M12 3c-3 3-3 15 0 18',
  logout: 'M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10',
  back: 'M15 5l-7 7 7 7',
  chevron: 'M6 9l6 6 6-6',
  home: 'M3 11l9-8 9 8M5 9v12h14V9',
  clock: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18M12 7v5l3 3',
  close: 'M6 6l12 12M18 6L6 18',
  dots: 'M5 12h.01M12 12h.01M19 12h.01',
  download: 'M12 3v12M7 10l5 5 5-5M4 20h16',
  key: 'M8 14a4 4 0 1 0 0-8a4 4 0 1 0 0 8M11 10h10M17 10v4M20 10v3',
  image: 'M3 5h18v14H3zM3 16l5-5 4 4 3-3 6 6M15 9a1 1 0 1 0 0-.01',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, filled = false, ...props }: { name: IconName; filled?: boolean } & IconProps) {
  return (
    <ChakraIcon boxSize="5" aria-hidden="true" {...props}>
      <svg
        viewBox="0 0 24 24"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={PATHS[name]} />
      </svg>
    </ChakraIcon>
  );
}
