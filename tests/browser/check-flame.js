/* Flame graphs of cgannotate in headless Chromium (TAP on standard
 * output), for tests/browser-flame.sh:
 *
 *   - an SVG of --format=flamegraph (kind "svg") shows its Search button
 *     where its script runs, and none where scripts do not run (as in an
 *     <img>); searching the name of each function (one function of that
 *     name, "^NAME$") finds the share of the whole program that the JSON
 *     report gives as its inclusive estimate, what the flame graph adds up
 *     to for it: the frames too narrow to draw are counted too;
 *   - the page of --format=html (kind "page") draws its flame graph with
 *     the tooltips and the colours of the SVG of the same profile, frame
 *     for frame.
 *
 * usage: node check-flame.js MANIFEST  (a JSON array of cases written by
 * tests/browser-flame.sh: {name, kind: "svg", svg, json} or
 * {name, kind: "page", svg, html})
 * Environment: CHROMIUM, the browser to run [/usr/bin/chromium]. */
'use strict';

const fs = require('fs');
const { eachCase } = require('./cdp.js');

let n = 0;
let failed = 0;

function tap(ok, what, why) {
	n++;
	if (!ok)
		failed++;
	console.log((ok ? 'ok ' : 'not ok ') + n + ' - ' + what + (ok || !why ? '' : ': ' + why));
}

async function check(what, fn) {
	try {
		const why = await fn();
		tap(!why, what, why);
	} catch (e) {
		tap(false, what, e.stack || String(e));
	}
}

/* In the page: each drawn frame of the flame graph FLAME (cgaFlame's) by
 * its stack, with its tooltip and colour. */
function drawnFrames(flame) {
	const out = {};
	const stack = [];
	for (const f of flame.frames) {
		stack.length = f.depth;
		stack.push(f.name);
		if (f.g && f.g.style.display !== 'none')
			out[stack.join(';')] = { title: f.g.querySelector('title').textContent,
				fill: f.g.querySelector('rect').getAttribute('fill') };
	}
	return out;
}

const searchButton = `getComputedStyle(document.getElementById('cga-search')).display`;

async function runSvg(browser, kase) {
	const json = JSON.parse(fs.readFileSync(kase.json, 'utf8'));
	let page = await browser.newPage(1366, 768);
	await page.open(kase.svg);
	await check(kase.name + ': its Search button shows where its script runs', async () => {
		const shown = await page.eval(searchButton);
		return shown === 'none' ? 'it is not displayed' : null;
	});
	await check(kase.name + ': searching each function finds its inclusive estimate, narrow frames included',
		async () => {
			const event = await page.eval('document.documentElement.dataset.event');
			const k = json.events.findIndex(e => e.name === event);
			const total = Number(json.totals[k]);
			const byName = new Map();
			for (const f of json.functions) {
				const frame = f.function.replace(/;/g, ':').replace(/\n/g, ' ');
				byName.set(frame, byName.has(frame) ? null : f);
			}
			const want = [];
			for (const [name, f] of byName)
				if (f !== null && f.inclusive_estimate[k] !== null && total > 0)
					want.push([name, Number(f.inclusive_estimate[k]) * 100 / total]);
			const got = await page.eval(`(() => {
				const esc = s => s.replace(/[.*+?^\${}()|[\\]\\\\]/g, '\\\\$&');
				return ${JSON.stringify(want.map(w => w[0]))}.map(name =>
					cgaFlame.current.search(new RegExp('^' + esc(name) + '$')).share);
			})()`);
			const bad = [];
			want.forEach(([name, share], i) => {
				if (Math.abs(got[i] - share) > 1e-6 * Math.max(1, share))
					bad.push(name + ': ' + got[i].toFixed(4) + '%, the JSON ' + share.toFixed(4) + '%');
			});
			return bad.length > 0 ? bad.length + ' of ' + want.length + ': ' + bad.slice(0, 4).join('; ')
				: null;
		});
	tap(page.errors.length === 0, kase.name + ': no error on the console', page.errors.slice(0, 3).join('; '));
	await page.close();
	page = await browser.newPage(1366, 768);
	await page.send('Emulation.setScriptExecutionDisabled', { value: true });
	await page.open(kase.svg);
	await check(kase.name + ': no Search button where scripts do not run', async () => {
		const shown = await page.eval(searchButton);
		return shown !== 'none' ? 'it is displayed (' + shown + ')' : null;
	});
	await page.close();
}

async function runPage(browser, kase) {
	let page = await browser.newPage(1366, 768);
	await page.open(kase.svg);
	const svg = await page.eval(`(${drawnFrames.toString()})(cgaFlame.current)`);
	await page.close();
	page = await browser.newPage(1366, 768);
	await page.open(kase.html, '#flame');
	await check(kase.name + ': the page\'s flame graph has the tooltips and colours of the SVG', async () => {
		const html = await page.eval(`(${drawnFrames.toString()})(window.cgaReport.flame)`);
		const bad = [];
		let same = 0;
		for (const [path, f] of Object.entries(svg)) {
			const g = html[path];
			if (g === undefined)
				bad.push(path + ': not drawn on the page');
			else if (g.title !== f.title)
				bad.push(path + ': ' + JSON.stringify(g.title) + ' on the page, ' + JSON.stringify(f.title) +
					' in the SVG');
			else if (g.fill !== f.fill)
				bad.push(path + ': ' + g.fill + ' on the page, ' + f.fill + ' in the SVG');
			else
				same++;
		}
		return bad.length > 0 ? bad.length + ' frames differ: ' + bad.slice(0, 3).join('; ') :
			same === 0 ? 'no frame' : null;
	});
	tap(page.errors.length === 0, kase.name + ': no error on the console', page.errors.slice(0, 3).join('; '));
	await page.close();
}

async function main() {
	await eachCase(process.argv[2], (browser, kase) => (kase.kind === 'svg' ? runSvg : runPage)(browser, kase));
	console.log('1..' + n);
	console.log('# ' + (n - failed) + ' passed, ' + failed + ' failed');
}

main().catch(e => {
	tap(false, 'the browser', e.stack || String(e));
	console.log('1..' + n);
	process.exit(0);
});
