// Summarises a V8 .cpuprofile (from --cpu-prof): self time per function and per package/file, top N.
// Usage: node tools/scripts/cpu-profile-top.mjs <file.cpuprofile> [N]
import { readFileSync } from 'node:fs';

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: cpu-profile-top.mjs <file.cpuprofile> [N]');
  process.exit(2);
}
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
// PROFILE_LAST=<seconds>: only the samples of the profile's last seconds (e.g. the load phase of a bench).
const last = Number(process.env.PROFILE_LAST ?? 0) * 1e6;
const stamps = [];
for (let i = 0, t = 0; i < profile.samples.length; i++) stamps.push((t += profile.timeDeltas[i] ?? 0));
const from = last ? stamps[stamps.length - 1] - last : -Infinity;
const self = new Map();
for (let i = 0; i < profile.samples.length; i++) {
  if (stamps[i] < from) continue;
  const dt = profile.timeDeltas[i] ?? 0;
  self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + dt);
}
const total = [...self.values()].reduce((a, b) => a + b, 0);
const fn = new Map();
const pkg = new Map();
for (const [id, t] of self) {
  const { callFrame: f } = byId.get(id);
  const where = f.url.replace(/^file:\/\//, '');
  const key = `${f.functionName || '(anonymous)'} ${where.split('/').slice(-2).join('/')}:${f.lineNumber + 1}`;
  fn.set(key, (fn.get(key) ?? 0) + t);
  const m = where.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  const group = m ? m[1] : where.startsWith('node:') || where === '' ? f.functionName.startsWith('(') ? f.functionName : `node:${where || 'native'}` : where.includes('/dist/') ? `dist/${where.split('/dist/')[1].split('/').slice(0, 3).join('/')}` : where;
  pkg.set(group, (pkg.get(group) ?? 0) + t);
}
const show = (title, map) => {
  console.log(`\n${title}`);
  for (const [k, t] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${((100 * t) / total).toFixed(1).padStart(5)}%  ${(t / 1000).toFixed(0).padStart(6)} ms  ${k}`);
};
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
show('by package / file', pkg);
show('by function (self time)', fn);

// A third argument names a function: prints the call stacks (5 frames up) that spend the most self time in it.
const focus = process.argv[4];
if (focus) {
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stacks = new Map();
  for (const [id, t] of self) {
    if (byId.get(id).callFrame.functionName !== focus) continue;
    const frames = [];
    for (let p = parent.get(id), k = 0; p !== undefined && k < 8; p = parent.get(p), k++) {
      const f = byId.get(p).callFrame;
      frames.push(`${f.functionName || '(anon)'}@${f.url.split('/').slice(-2).join('/')}:${f.lineNumber + 1}`);
    }
    const key = frames.join(' < ');
    stacks.set(key, (stacks.get(key) ?? 0) + t);
  }
  console.log(`\ncallers of ${focus}`);
  for (const [k, t] of [...stacks].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`${(t / 1000).toFixed(0).padStart(6)} ms  ${k}`);
}
