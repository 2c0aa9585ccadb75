import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu-sandbox'] });
const p = await (await b.newContext()).newPage();
const inflight = new Map();
p.on('request', r => inflight.set(r, Date.now()));
p.on('requestfinished', r => inflight.delete(r));
p.on('requestfailed', r => inflight.delete(r));
p.on('console', m => console.log('console', m.type(), m.text().slice(0,200)));
await p.goto(process.argv[2] + '/machines');
try { await p.waitForLoadState('networkidle', { timeout: 15000 }); console.log('idle'); }
catch (e) { console.log('NOT idle', [...inflight.keys()].map(r => r.url())); }
await b.close();
