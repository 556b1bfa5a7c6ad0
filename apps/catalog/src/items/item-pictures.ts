/**
 * Product pictures of the demo items, drawn as SVG (sharp turns them into PNG): a pictogram of the product
 * kind on a tinted card, with its size or colour written under it. The same family and variant always give
 * the same picture; nothing is downloaded or kept in the repository.
 */
export type PictureKind =
  | 'screw'
  | 'socket'
  | 'countersunk'
  | 'nut'
  | 'washer'
  | 'plug'
  | 'rod'
  | 'tie'
  | 'lug'
  | 'ferrule'
  | 'sleeve'
  | 'tape'
  | 'glove'
  | 'glasses'
  | 'earplug'
  | 'mask'
  | 'marker'
  | 'battery'
  | 'spray'
  | 'wipes'
  | 'clamp'
  | 'oring'
  | 'rivet'
  | 'drill'
  | 'disc';

const WIDTH = 400;
const HEIGHT = 300;

/** Colours named in variants (cable ties, tape, markers, ...); the first match wins. */
const NAMED_COLOURS: [RegExp, string][] = [
  [/green-yellow/, '#4d9b2f'],
  [/black/, '#2b2b2b'],
  [/blue/, '#1f5fbf'],
  [/red/, '#c62828'],
  [/green/, '#2e7d32'],
  [/yellow/, '#f2c200'],
  [/white/, '#f4f4f4'],
  [/brown/, '#6d4c2f'],
  [/grey|silver/, '#9ea4aa'],
  [/natural/, '#efe4c8'],
];

const METAL = { zinc: '#a8b0b8', stainless: '#cfd5da', black: '#3a3a3a', brass: '#c9a24a', copper: '#c27c4a' };

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The main colour of a variant: a colour it names, else the family's material. */
function colourOf(name: string, kind: PictureKind): string {
  const lower = name.toLowerCase();
  for (const [pattern, colour] of NAMED_COLOURS) if (pattern.test(lower)) return colour;
  if (/stainless|a2|a4/.test(lower)) return METAL.stainless;
  if (/12\.9|10\.9/.test(lower)) return METAL.black;
  if (kind === 'lug') return METAL.copper;
  if (kind === 'glove') return /leather/.test(lower) ? '#b9834a' : /cut/.test(lower) ? '#5b6b7a' : '#3f7fd8';
  if (kind === 'oring') return /fkm/.test(lower) ? '#5a3d2b' : '#1f1f1f';
  if (kind === 'plug' || kind === 'earplug') return kind === 'earplug' ? '#f28c28' : '#e9e2d0';
  if (kind === 'tape') return /masking/.test(lower) ? '#e8d9a8' : /double/.test(lower) ? '#f0f0f0' : '#2b2b2b';
  if (kind === 'spray' || kind === 'wipes') return /brake|contact/.test(lower) ? '#c62828' : '#1f5fbf';
  if (kind === 'battery') return '#2b2b2b';
  if (kind === 'mask') return '#f4f4f4';
  if (kind === 'disc') return '#3b4a6b';
  if (kind === 'ferrule') return '#c62828';
  return METAL.zinc;
}

/** Thread lines along a horizontal shaft from x1 to x2 between y1 and y2. */
function thread(x1: number, x2: number, y1: number, y2: number): string {
  let lines = '';
  for (let x = x1 + 6; x < x2 - 4; x += 11) lines += `<line x1="${x}" y1="${y1}" x2="${x + 7}" y2="${y2}" stroke="#4b5563" stroke-width="2"/>`;
  return lines;
}

const STROKE = 'stroke="#374151" stroke-width="3"';

/** The pictogram of a kind, drawn in the upper 220 px of the card. */
function pictogram(kind: PictureKind, c: string): string {
  switch (kind) {
    case 'screw':
      return `<rect x="70" y="70" width="50" height="100" rx="4" fill="${c}" ${STROKE}/><line x1="70" y1="103" x2="120" y2="103" stroke="#374151" stroke-width="2"/><line x1="70" y1="137" x2="120" y2="137" stroke="#374151" stroke-width="2"/><rect x="120" y="102" width="210" height="36" fill="${c}" ${STROKE}/>${thread(150, 330, 102, 138)}`;
    case 'socket':
      return `<rect x="70" y="78" width="60" height="84" rx="10" fill="${c}" ${STROKE}/><polygon points="88,120 95,106 110,106 117,120 110,134 95,134" fill="#111827"/><rect x="130" y="104" width="200" height="32" fill="${c}" ${STROKE}/>${thread(160, 330, 104, 136)}`;
    case 'countersunk':
      return `<polygon points="80,70 80,170 135,138 135,102" fill="${c}" ${STROKE}/><rect x="135" y="102" width="195" height="36" fill="${c}" ${STROKE}/>${thread(150, 330, 102, 138)}<polygon points="330,102 352,120 330,138" fill="${c}" ${STROKE}/>`;
    case 'nut':
      return `<polygon points="200,30 278,75 278,165 200,210 122,165 122,75" fill="${c}" ${STROKE}/><circle cx="200" cy="120" r="40" fill="#f8fafc" ${STROKE}/><circle cx="200" cy="120" r="32" fill="none" stroke="#9ca3af" stroke-width="3" stroke-dasharray="6 5"/>`;
    case 'washer':
      return `<circle cx="200" cy="120" r="90" fill="${c}" ${STROKE}/><circle cx="200" cy="120" r="38" fill="#f8fafc" ${STROKE}/>`;
    case 'plug':
      return `<rect x="80" y="95" width="240" height="50" rx="18" fill="${c}" ${STROKE}/>${[120, 150, 180, 210, 240, 270].map((x) => `<line x1="${x}" y1="95" x2="${x}" y2="145" stroke="#9a8f70" stroke-width="3"/>`).join('')}<rect x="70" y="85" width="18" height="70" rx="4" fill="${c}" ${STROKE}/>`;
    case 'rod':
      return `<rect x="30" y="104" width="340" height="32" fill="${c}" ${STROKE}/>${thread(30, 370, 104, 136)}`;
    case 'tie':
      return `<rect x="40" y="112" width="290" height="16" rx="4" fill="${c}" ${STROKE}/>${thread(60, 320, 112, 128)}<rect x="325" y="98" width="40" height="44" rx="6" fill="${c}" ${STROKE}/><rect x="337" y="112" width="16" height="16" fill="#1f2937"/>`;
    case 'lug':
      return `<rect x="70" y="98" width="150" height="44" rx="8" fill="${c}" ${STROKE}/><path d="M220,104 L270,104 A44,44 0 1 1 270,136 L220,136 Z" fill="${c}" ${STROKE}/><circle cx="300" cy="120" r="16" fill="#f8fafc" ${STROKE}/>`;
    case 'ferrule':
      return `<polygon points="90,85 190,100 190,140 90,155" fill="${c}" ${STROKE}/><rect x="190" y="106" width="140" height="28" fill="${METAL.stainless}" ${STROKE}/>`;
    case 'sleeve':
      return `<rect x="70" y="90" width="260" height="60" fill="${c}" ${STROKE}/><ellipse cx="70" cy="120" rx="14" ry="30" fill="#4b5563" ${STROKE}/><ellipse cx="330" cy="120" rx="14" ry="30" fill="${c}" ${STROKE}/>`;
    case 'tape':
      return `<circle cx="200" cy="120" r="92" fill="${c}" ${STROKE}/><circle cx="200" cy="120" r="66" fill="none" stroke="#00000022" stroke-width="6"/><circle cx="200" cy="120" r="44" fill="#d6c7a1" ${STROKE}/><circle cx="200" cy="120" r="34" fill="#f8fafc" ${STROKE}/>`;
    case 'glove':
      return `<g fill="${c}" ${STROKE}><rect x="150" y="100" width="110" height="110" rx="28"/><rect x="152" y="30" width="24" height="90" rx="12"/><rect x="180" y="20" width="24" height="95" rx="12"/><rect x="208" y="25" width="24" height="92" rx="12"/><rect x="236" y="40" width="22" height="80" rx="11"/><rect x="108" y="110" width="24" height="70" rx="12" transform="rotate(-40 120 145)"/></g>`;
    case 'glasses':
      return `<g ${STROKE}><ellipse cx="140" cy="120" rx="62" ry="44" fill="${c}" fill-opacity="0.55"/><ellipse cx="260" cy="120" rx="62" ry="44" fill="${c}" fill-opacity="0.55"/><path d="M190,112 Q200,98 210,112" fill="none"/><line x1="78" y1="108" x2="40" y2="100"/><line x1="322" y1="108" x2="360" y2="100"/></g>`;
    case 'earplug':
      return `<g fill="${c}" ${STROKE}><rect x="110" y="70" width="56" height="110" rx="26" transform="rotate(-15 138 125)"/><rect x="230" y="70" width="56" height="110" rx="26" transform="rotate(15 258 125)"/></g><path d="M150,180 Q200,230 250,180" fill="none" stroke="#1f5fbf" stroke-width="4"/>`;
    case 'mask':
      return `<path d="M110,90 Q200,40 290,90 L280,160 Q200,215 120,160 Z" fill="${c}" ${STROKE}/><line x1="110" y1="100" x2="50" y2="80" stroke="#374151" stroke-width="4"/><line x1="290" y1="100" x2="350" y2="80" stroke="#374151" stroke-width="4"/><circle cx="230" cy="140" r="20" fill="#9ca3af" ${STROKE}/>`;
    case 'marker':
      return `<rect x="70" y="98" width="210" height="44" rx="10" fill="#e5e7eb" ${STROKE}/><rect x="280" y="98" width="70" height="44" rx="10" fill="${c}" ${STROKE}/><rect x="90" y="108" width="120" height="24" rx="4" fill="${c}"/>`;
    case 'battery':
      return `<rect x="90" y="80" width="210" height="80" rx="10" fill="${c}" ${STROKE}/><rect x="300" y="104" width="16" height="32" rx="3" fill="${METAL.stainless}" ${STROKE}/><rect x="230" y="80" width="70" height="80" fill="#c9a24a"/><text x="150" y="135" font-family="DejaVu Sans, Arial, sans-serif" font-size="40" font-weight="bold" fill="#ffffff">+</text>`;
    case 'spray':
      return `<rect x="150" y="70" width="100" height="140" rx="12" fill="${c}" ${STROKE}/><rect x="165" y="40" width="70" height="30" rx="8" fill="#e5e7eb" ${STROKE}/><rect x="235" y="48" width="26" height="10" fill="#374151"/><rect x="160" y="110" width="80" height="50" fill="#ffffff" fill-opacity="0.85"/>`;
    case 'wipes':
      return `<rect x="120" y="90" width="160" height="120" rx="14" fill="${c}" ${STROKE}/><ellipse cx="200" cy="90" rx="80" ry="16" fill="#e5e7eb" ${STROKE}/><path d="M185,88 Q170,40 200,30 Q230,40 215,88 Z" fill="#ffffff" ${STROKE}/>`;
    case 'clamp':
      return `<circle cx="180" cy="125" r="78" fill="none" stroke="#374151" stroke-width="20"/><circle cx="180" cy="125" r="78" fill="none" stroke="${c}" stroke-width="14"/><rect x="230" y="40" width="70" height="40" rx="6" fill="${c}" ${STROKE}/><circle cx="265" cy="60" r="12" fill="#e5e7eb" ${STROKE}/>`;
    case 'oring':
      return `<circle cx="200" cy="120" r="78" fill="none" stroke="${c}" stroke-width="26"/><circle cx="200" cy="120" r="78" fill="none" stroke="#ffffff" stroke-opacity="0.25" stroke-width="4"/>`;
    case 'rivet':
      return `<path d="M90,80 Q60,120 90,160 L110,160 L110,80 Z" fill="${METAL.stainless}" ${STROKE}/><rect x="110" y="104" width="120" height="32" fill="${METAL.stainless}" ${STROKE}/><rect x="230" y="114" width="120" height="12" fill="${METAL.zinc}" ${STROKE}/><circle cx="355" cy="120" r="10" fill="${METAL.zinc}" ${STROKE}/>`;
    case 'drill':
      return `<rect x="40" y="106" width="110" height="28" fill="${METAL.stainless}" ${STROKE}/><rect x="150" y="104" width="180" height="32" fill="#b08d3c" ${STROKE}/>${[165, 190, 215, 240, 265, 290, 315].map((x) => `<path d="M${x},104 Q${x + 14},120 ${x},136" fill="none" stroke="#5b4a1f" stroke-width="3"/>`).join('')}<polygon points="330,104 362,120 330,136" fill="#b08d3c" ${STROKE}/>`;
    case 'disc':
      return `<circle cx="200" cy="120" r="92" fill="${c}" ${STROKE}/><circle cx="200" cy="120" r="60" fill="none" stroke="#f2c200" stroke-width="6"/><circle cx="200" cy="120" r="22" fill="#f8fafc" ${STROKE}/>`;
  }
}

/** A product picture as SVG: pictogram, family code top left, size or colour under it. */
export function itemPictureSvg(kind: PictureKind, code: string, variant: string, name: string, tint: string): string {
  const colour = colourOf(`${name} ${variant}`, kind);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/><rect x="6" y="6" width="${WIDTH - 12}" height="${HEIGHT - 12}" rx="18" fill="${tint}" fill-opacity="0.14"/>` +
    pictogram(kind, colour) +
    `<text x="22" y="34" font-family="DejaVu Sans, Arial, sans-serif" font-size="18" fill="#374151">${escapeXml(code)}</text>` +
    `<rect x="20" y="236" width="${WIDTH - 40}" height="46" rx="10" fill="#ffffff" fill-opacity="0.9"/>` +
    `<text x="${WIDTH / 2}" y="268" font-family="DejaVu Sans, Arial, sans-serif" font-size="26" font-weight="bold" fill="#111827" text-anchor="middle">${escapeXml(variant)}</text>` +
    '</svg>'
  );
}
