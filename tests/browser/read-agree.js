/* Reads what a person sees of some functions on cgannotate's HTML page,
 * in headless Chromium, for tests/agree-check.py to compare with the
 * other views: no check here, only the rendered text.
 *
 *   - the function table, every row and every event's columns shown: the
 *     header's names and, per row, each cell's count and share as drawn,
 *     the full name and where it lives (their tooltips);
 *   - each named function's page: its title, the costs table (per event
 *     its cells, under the table's headers) and the line of calls into it;
 *   - the flame graph: for each named frame name, the tooltips of its
 *     frames drawn (their lines after the name and counts), and what a
 *     search for exactly that name says it covers.
 *
 * usage: node read-agree.js MANIFEST  (a JSON array written by
 * tests/agree-check.py: {html, out, functions: [{file, function, where}],
 * names: [frame names]}); writes to each case's OUT the JSON object
 * {table, pages, flame, errors}.
 * Environment: CHROMIUM, the browser to run [/usr/bin/chromium]. */
'use strict';

const fs = require('fs');
const { eachCase } = require('./cdp.js');
const { readTable } = require('./check-page.js');

/* In the page: the view of HASH, drawn by the page's own router as a
 * click on a link would have it drawn (without waiting for the event). */
function goTo(hash) {
	history.replaceState(null, '', hash);
	window.cgaReport.route();
}

function pageHash(f) {
	return '#function/' + encodeURIComponent(f.file) + '/' + encodeURIComponent(f.function);
}

/* In the page: the function table, every column and row shown; of its
 * rows those of WANTED (full name and where, as the tooltips give them). */
function readWholeTable(wanted) {
	goTo('#functions');
	for (const box of document.querySelectorAll('fieldset.columns input[type=checkbox]'))
		if (!box.checked)
			box.click();
	const more = document.querySelector('button.more');
	if (more)
		more.click();
	const t = readTable('table.functions');
	const keys = new Set(wanted.map(f => f.function + '\u0000' + f.where));
	t.rows = t.rows.filter(r => keys.has(r.full + '\u0000' + r.whereTitle));
	return t;
}

/* In the page: each of HASHES' function page, as text. */
function readPages(hashes) {
	const out = [];
	for (const hash of hashes) {
		goTo(hash);
		const t = readTable('table.costs');
		const calls = Array.from(document.querySelectorAll('#app p'), p => p.textContent)
			.find(s => s.startsWith('Calls into it:'));
		out.push({
			hash,
			title: (document.querySelector('#app h2') || {}).textContent || null,
			where: (document.querySelector('#app h2 + p.where') || {}).textContent || null,
			heads: t ? t.heads : null,
			events: Array.from(document.querySelectorAll('table.costs tbody th'), th => th.textContent),
			rows: t ? t.rows.map(r => r.cells.map(c => ({ count: c.count, pct: c.pct }))) : null,
			calls: calls === undefined ? null : calls,
		});
	}
	return out;
}

/* In the page: for each of NAMES, the tooltips of its frames drawn (the
 * lines after its name and counts, distinct) and the search's result for
 * exactly that name, as the search box says it. */
function readFlame(names) {
	goTo('#flame');
	const flame = window.cgaReport.flame;
	if (!flame)
		return null;
	const titles = new Map();
	for (const f of flame.frames) {
		if (!f.g || f.depth === 0)
			continue;
		const lines = f.g.querySelector('title').textContent.split('\n');
		if (!titles.has(lines[0]))
			titles.set(lines[0], new Set());
		titles.get(lines[0]).add(lines.slice(2).join('\n'));
	}
	const box = document.getElementById('flame-search');
	const result = document.querySelector('.search-result');
	const esc = s => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
	const out = {};
	for (const name of names) {
		box.value = '^' + esc(name) + '$';
		box.dispatchEvent(new Event('input'));
		out[name] = { about: titles.has(name) ? [...titles.get(name)] : null, search: result.textContent };
	}
	box.value = '';
	box.dispatchEvent(new Event('input'));
	return out;
}

async function readCase(browser, kase) {
	const page = await browser.newPage(1366, 768);
	try {
		/* Opened on a view that draws little: the table is drawn later, whole. */
		await page.open(kase.html, '#help');
		for (let i = 0; i < 200 && !await page.eval('!!(window.cgaReport && window.cgaReport.ready)'); i++)
			await new Promise(r => setTimeout(r, 50));
		const helpers = [readTable, goTo, readWholeTable, readPages, readFlame].map(f => f.toString()).join('\n');
		const got = await page.eval(`(() => {
			${helpers}
			return { table: readWholeTable(${JSON.stringify(kase.functions)}),
				pages: readPages(${JSON.stringify(kase.functions.map(pageHash))}),
				flame: readFlame(${JSON.stringify(kase.names)}) };
		})()`);
		got.errors = page.errors;
		return got;
	} finally {
		await page.close();
	}
}

async function main() {
	await eachCase(process.argv[2], async (browser, kase) =>
		fs.writeFileSync(kase.out, JSON.stringify(await readCase(browser, kase))));
}

main().catch(e => {
	console.error('read-agree.js: ' + (e.stack || e));
	process.exit(1);
});
