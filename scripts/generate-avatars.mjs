// Writes the avatar images that ship with the product (apps/web/public/avatars/*.svg): calm, abstract portraits
// drawn from a few palettes, so the app works offline and no outside URL is ever needed. Run once; output committed.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/public/avatars');
const palettes = [
  ['#D9F2EC', '#0F766E', '#F2C9A0', '#134E4A'],
  ['#E8E4F8', '#5B4B9A', '#8D5A3B', '#2E2350'],
  ['#FCE8D8', '#C2410C', '#F5D0B5', '#7C2D12'],
  ['#DCEBFA', '#1D4ED8', '#C68B59', '#1E3A8A'],
  ['#F6E7EF', '#9D174D', '#E8B796', '#500724'],
  ['#E6F4D7', '#3F6212', '#6B4226', '#1A2E05'],
  ['#FFF4CC', '#A16207', '#F1C27D', '#422006'],
  ['#E0F2FE', '#0369A1', '#5C3A21', '#0C4A6E'],
  ['#EDE9FE', '#6D28D9', '#FFDBB4', '#2E1065'],
  ['#FEE2E2', '#B91C1C', '#A0663C', '#450A0A'],
  ['#DCFCE7', '#15803D', '#EAC086', '#14532D'],
  ['#F1F5F9', '#334155', '#8A5A44', '#0F172A'],
];
const hair = [
  (c) => `<path d="M60 40c-22 0-34 16-32 38 6-12 18-18 32-18s26 6 32 18c2-22-10-38-32-38z" fill="${c}"/>`,
  (c) =>
    `<path d="M28 80c-4-30 10-46 32-46s36 16 32 46c-4 18-8 30-10 38h-8V70c-4-8-26-8-30 0v48h-8c-2-8-6-20-8-38z" fill="${c}"/>`,
  (c) => `<circle cx="60" cy="54" r="30" fill="${c}"/>`,
  (c) => `<path d="M30 66c0-20 12-32 30-32s30 12 30 32c-8-10-18-14-30-14s-22 4-30 14z" fill="${c}"/>`,
];
fs.mkdirSync(out, { recursive: true });
palettes.forEach(([bg, shirt, skin, hairColour], i) => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" width="240" height="240" role="img">
<defs><clipPath id="round"><circle cx="60" cy="60" r="60"/></clipPath></defs>
<g clip-path="url(#round)">
<rect width="120" height="120" fill="${bg}"/>
${hair[i % hair.length](hairColour)}
<path d="M22 120c2-24 18-36 38-36s36 12 38 36z" fill="${shirt}"/>
<rect x="52" y="70" width="16" height="18" rx="6" fill="${skin}"/>
<circle cx="60" cy="60" r="20" fill="${skin}"/>
${i % hair.length === 0 || i % hair.length === 3 ? `<path d="M40 56c2-12 10-18 20-18s18 6 20 18c-6-6-12-8-20-8s-14 2-20 8z" fill="${hairColour}"/>` : ''}
</g>
</svg>
`;
  fs.writeFileSync(path.join(out, `avatar-${String(i + 1).padStart(2, '0')}.svg`), svg);
});
console.log(`wrote ${palettes.length} avatars to ${out}`);
