/* Loads HTML reports of cgannotate in headless Chromium and checks, after
 * their scripts ran, what the page shows against what cgannotate writes
 * with the same options in --format=json and --format=folded (TAP on
 * standard output):
 *
 *   - the function table's rows, in order, with every shown event's
 *     inclusive and self counts and the calls, are the JSON report's
 *     functions; cycles, when the JSON has them, are rows too;
 *   - clicking a column's header sorts the rows by it, down then up;
 *   - the filter box hides exactly the rows that do not match;
 *   - a function's page lists the callers and callees the JSON lists, with
 *     their counts and costs, and the instructions and jumps it has, with
 *     their counts, amid the lines the text report's --asm listing shows;
 *   - the flame graph's frames are as wide as the folded stacks through
 *     them (in a diff, OLD's and NEW's);
 *   - no label runs past its frame (measured in the fonts the browser
 *     draws with), no line of text past the picture, drawn, zoomed and
 *     reset, and hovering a frame of a long name writes a line that ends
 *     before the search's result with the frame's counts and share; in
 *     the SVGs of --format=flamegraph too (kind "svg"), whose labels the
 *     script must cut as the program did;
 *   - a zoom into a frame draws its descendants at their widths scaled,
 *     making those that were too narrow to be drawn, and hides the rest;
 *     one control resets it, and the reset puts every frame back;
 *   - the call graph's nodes are linked to their functions; fitted to the
 *     window it is all in it and never larger than dot drew it;
 *   - aprof reports: the routine table against the JSON's routines, its
 *     sorting and filter, a routine's page with its plot;
 *   - a link to no view, function, cycle or routine of the report, or one
 *     whose %-escapes are malformed, shows a note in the page's frame;
 *   - no view scrolls sideways in a window 1366 pixels wide;
 *   - no error reaches the console, no request leaves the file, and no
 *     script of the profile's runs (window.__pwned stays unset).
 *
 * usage: node check.js MANIFEST  (a JSON array of cases written by
 * tests/browser.sh: {name, kind, html, json, folded, text, old, new}, or
 * {name, kind: "svg", svg})
 * Environment: CHROMIUM, the browser to run [/usr/bin/chromium]. */
'use strict';

const fs = require('fs');
const { eachCase } = require('./cdp.js');
const pageChecks = require('./check-page.js');

let n = 0;
let failed = 0;

function tap(ok, what, why) {
	n++;
	if (!ok)
		failed++;
	console.log((ok ? 'ok ' : 'not ok ') + n + ' - ' + what + (ok || !why ? '' : ': ' + why));
}

function check(what, fn) {
	return fn().then(why => tap(!why, what, why), e => tap(false, what, e.stack || String(e)));
}

const sleep = ms => new Promise(r => setTimeout(r, ms));

function readFolded(file) {
	const width = new Map();
	for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
		if (line === '')
			continue;
		const at = line.lastIndexOf(' ');
		const frames = line.slice(0, at).split(';');
		const count = BigInt(line.slice(at + 1));
		for (let k = 1; k <= frames.length; k++) {
			const key = frames.slice(0, k).join(';');
			width.set(key, (width.get(key) || 0n) + count);
		}
	}
	return width;
}

/* Names as the page holds them: JSON turned bytes that are no UTF-8 into
 * U+FFFD, and so did the reading of the folded file. */
const same = (a, b) => String(a) === String(b);

/* A call count as the text report writes it: grouped digits, and in a diff
 * signed, "±0" where it did not change. */
function countText(n, diff) {
	const s = String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
	if (!diff)
		return s;
	return s === '0' ? '\u00b10' : s.startsWith('-') ? s : '+' + s;
}

async function goTo(page, hash) {
	await page.eval('location.hash = ' + JSON.stringify(hash) + '; new Promise(r => setTimeout(r, 30))');
}

async function tableRows(page) {
	return page.eval(`(() => {
		const more = document.querySelector('button.more');
		if (more) more.click();
		for (const box of document.querySelectorAll('fieldset.columns input[type=checkbox]'))
			if (!box.checked) box.click();
		const heads = Array.from(document.querySelectorAll('table.functions thead th button'))
			.map(b => [b.dataset.sort, b.dataset.event === undefined ? null : Number(b.dataset.event)]);
		return { heads, rows: Array.from(document.querySelectorAll('table.functions tbody tr')).map(tr => ({
			index: tr.dataset.index === undefined ? null : Number(tr.dataset.index),
			cycle: tr.dataset.cycle === undefined ? null : Number(tr.dataset.cycle),
			name: (a => a.title || a.textContent)(tr.querySelector('td.name a')),
			where: tr.querySelector('td.name .where').textContent,
			values: Array.from(tr.querySelectorAll('td.num')).map(td => td.dataset.value),
		})) };
	})()`);
}

async function checkTable(page, json, data) {
	const { heads, rows } = await tableRows(page);
	const fs_ = rows.filter(r => r.cycle === null);
	if (fs_.length !== json.functions.length)
		return fs_.length + ' function rows, the JSON has ' + json.functions.length;
	for (let i = 0; i < fs_.length; i++) {
		const r = fs_[i], j = json.functions[i], f = data.functions[r.index];
		if (f.file !== j.file || f.function !== j.function)
			return 'row ' + i + ' is ' + f.function + ', the JSON has ' + j.function;
		if (r.name !== j.function)
			return 'row ' + i + ' shows ' + JSON.stringify(r.name);
		for (let k = 0; k < heads.length - 1; k++) {
			const [kind, ev] = heads[k];
			if (kind === 'inclusive_estimate') continue;   /* check-page.js */
			const want = kind === 'calls' ? j.calls : j[kind][ev];
			if (!same(r.values[k], want === null ? '' : want))
				return j.function + ': ' + kind + ' of event ' + ev + ' is ' + r.values[k] + ', JSON ' + want;
		}
	}
	const cycles = json.cycles || [];
	const cycleRows = rows.filter(r => r.cycle !== null);
	if (data.page.inclusive !== 'no' && cycleRows.length !== cycles.length)
		return cycleRows.length + ' cycle rows, the JSON has ' + cycles.length + ' cycles';
	return null;
}

function numeric(v) {
	return v === '' ? -Infinity : Number(v);
}

async function checkSort(page, data) {
	const ev = data.page.primary;
	for (const [kind, dir] of [['inclusive', -1], ['inclusive', 1], ['self', -1], ['calls', -1], ['name', 1]]) {
		const rows = await page.eval(`(() => {
			const sel = 'table.functions thead button[data-sort="${kind}"]' +
				(${JSON.stringify(kind)} === 'calls' || ${JSON.stringify(kind)} === 'name' ? '' : '[data-event="${ev}"]');
			const wanted = ${dir} < 0 ? 'descending' : 'ascending';
			for (let k = 0; k < 2 && document.querySelector(sel).closest('th').getAttribute('aria-sort') !== wanted; k++)
				document.querySelector(sel).click();
			const heads = Array.from(document.querySelectorAll('table.functions thead th button'));
			const col = heads.indexOf(document.querySelector(sel));
			return Array.from(document.querySelectorAll('table.functions tbody tr')).map(tr =>
				'${kind}' === 'name' ? (a => a.title || a.textContent)(tr.querySelector('td.name a'))
					: tr.querySelectorAll('td.num')[col].dataset.value);
		})()`);
		const diff = data.base !== undefined;
		for (let i = 1; i < rows.length; i++) {
			let a = rows[i - 1], b = rows[i];
			let c;
			if (kind === 'name') {
				c = a < b ? -1 : a > b ? 1 : 0;
			} else {
				a = numeric(a);
				b = numeric(b);
				if (diff && kind !== 'calls') {
					a = Math.abs(a);
					b = Math.abs(b);
				}
				c = a < b ? -1 : a > b ? 1 : 0;
			}
			if (c * dir > 0)
				return 'sorted by ' + kind + (dir < 0 ? ' down' : ' up') + ': row ' + i + ' ' + rows[i] +
					' after ' + rows[i - 1];
		}
	}
	return null;
}

async function checkFilter(page, json, filters) {
	for (const text of filters) {
		const rows = await page.eval(`(() => {
			const box = document.getElementById('filter');
			box.value = ${JSON.stringify(text)};
			box.dispatchEvent(new Event('input'));
			const more = document.querySelector('button.more');
			if (more) more.click();
			return Array.from(document.querySelectorAll('table.functions tbody tr:not(.cycle)')).map(tr =>
				(a => a.title || a.textContent)(tr.querySelector('td.name a')) + '\\u0000' + tr.querySelector('td.name .where').textContent);
		})()`);
		const re = new RegExp(text);
		const want = json.functions.filter(f => re.test(f.function) ||
			re.test(f.file + (f.object ? ' [' + f.object + ']' : '')));
		if (rows.length !== want.length)
			return 'filter ' + text + ': ' + rows.length + ' rows, ' + want.length + ' functions match';
		for (const r of rows) {
			const [name, where] = r.split('\u0000');
			if (!re.test(name) && !re.test(where))
				return 'filter ' + text + ': ' + name + ' shown';
		}
	}
	await page.eval(`(() => { const box = document.getElementById('filter');
		box.value = ''; box.dispatchEvent(new Event('input')); })()`);
	return null;
}

/* The machine-code listings of a text report: per listing its header
 * ("file:function [object] 0xLOW-0xHIGH") and its lines as [kind, text],
 * a run of "-- address" markers as one gap. */
function readAsmText(file) {
	const listings = [];
	const lines = fs.readFileSync(file, 'utf8').split('\n');
	let cur = null;
	for (let k = 0; k < lines.length; k++) {
		const line = lines[k];
		const head = /^-- Machine code: (.*)$/.exec(line);
		if (head) {
			cur = { head: head[1], lines: [] };
			listings.push(cur);
			k++;                        /* the rule under it */
			continue;
		}
		if (/^-{80}$/.test(line))
			cur = null;
		if (cur === null || line === '' || /^[A-Za-z][A-Za-z0-9_ ]*$/.test(line))
			continue;                   /* the events' names */
		let m;
		const add = (kind, text) => cur.lines.push([kind, text]);
		if ((m = /^ +No disassembly: (.*)$/.exec(line)))
			add('note', 'No disassembly: ' + m[1]);
		else if (/^-- address 0x/.test(line)) {
			const last = cur.lines[cur.lines.length - 1];
			if (!last || last[0] !== 'gap')
				add('gap', '');
		} else if ((m = /^ *# (.*)$/.exec(line)))
			add('at', m[1]);
		else if ((m = /^ *(jump .*)$/.exec(line)))
			add('jump', m[1]);
		else if ((m = / => .* \((.*)x\)$/.exec(line)))
			add('call', m[1]);
		else if ((m = / (annotated: .*)$/.exec(line)))
			add('annotated', m[1]);
		else if ((m = /^[-+\d,.()% \u00b1]*(0x[0-9a-f]+)(?: {2}(.*))?$/.exec(line)))
			add('instr', m[1] + (m[2] === undefined ? '' : '  ' + m[2]));
		else
			add('unknown', line);
	}
	return listings;
}

/* The function's machine code on its page against the JSON and the text
 * report: the instructions with counts are the JSON's, with its counts;
 * the page shows the lines the text's --asm listing shows. */
function checkCode(j, got, text) {
	const instr = j.instructions || [];
	const rows = got.blocks.flatMap(b => b.counted);
	if (rows.map(r => r.address).join() !== instr.map(x => x.address).join())
		return j.function + ': instructions with counts at ' + rows.slice(0, 3).map(r => r.address) +
			'..., the JSON has ' + instr.slice(0, 3).map(x => x.address);
	for (let k = 0; k < rows.length; k++) {
		if (rows[k].index !== k)
			return j.function + ': row of ' + rows[k].address + ' is instruction ' + rows[k].index;
		for (let e = 0; e < got.codeEvents.length; e++) {
			const want = instr[k].self[got.codeEvents[e]];
			if (!same(rows[k].cells[e], want === null ? '' : want))
				return j.function + ' ' + instr[k].address + ': ' + rows[k].cells[e] + ', JSON ' + want;
		}
	}
	const jumps = instr.reduce((n, x) => n + x.jumps.length, 0);
	const jumpLines = got.blocks.reduce((n, b) => n + b.lines.filter(l => l[0] === 'jump').length, 0);
	if (jumpLines !== jumps)
		return j.function + ': ' + jumpLines + ' jump lines, the JSON has ' + jumps + ' jumps';
	if (!text)
		return null;
	const name = j.file + ':' + j.function + ' ';
	const want = text.filter(l => l.head.startsWith(name) &&
		/^(\[.*\] )?0x[0-9a-f]+-0x[0-9a-f]+$/.test(l.head.slice(name.length)));
	if (want.length !== got.blocks.length)
		return j.function + ': ' + got.blocks.length + ' listings, the text report has ' + want.length;
	for (let b = 0; b < want.length; b++) {
		if (got.blocks[b].head !== want[b].head)
			return 'listing ' + JSON.stringify(got.blocks[b].head) + ', the text report has ' +
				JSON.stringify(want[b].head);
		const w = want[b].lines, g = got.blocks[b].lines;
		for (let k = 0; k < Math.max(w.length, g.length); k++)
			if (!w[k] || !g[k] || w[k][0] !== g[k][0] || w[k][1] !== g[k][1])
				return want[b].head + ' line ' + k + ': ' + JSON.stringify(g[k]) + ', the text report has ' +
					JSON.stringify(w[k]);
	}
	return null;
}

async function checkPages(page, json, data, max, text) {
	let seen = 0;
	for (let i = 0; i < json.functions.length && seen < max; i++) {
		const j = json.functions[i];
		const f = data.functions[i];
		if (f.callers === undefined)
			continue;
		seen++;
		const hash = '#function/' + encodeURIComponent(j.file) + '/' + encodeURIComponent(j.function);
		await goTo(page, hash);
		const lists = await page.eval(`(() => {
			const events = sel => Array.from(document.querySelectorAll(sel + ' thead th[data-event]'))
				.map(th => Number(th.dataset.event));
			const read = sel => Array.from(document.querySelectorAll(sel + ' tbody tr')).map(tr => ({
				index: tr.dataset.index === undefined ? null : Number(tr.dataset.index),
				name: tr.querySelector('td.name .fname').textContent,
				cells: Array.from(tr.querySelectorAll('td.num')).map(td => td.dataset.value !== undefined
					? td.dataset.value : td.textContent.replace(/,/g, '')),
				countText: Array.from(tr.querySelectorAll('td.num')).pop().textContent,
			}));
			const listing = sec => {
				const rows = Array.from(sec.querySelectorAll('table.asm tr.instr, table.asm tr.at, ' +
					'table.asm tr.gap, table.asm tr.call, table.asm tr.jump, table.asm tr.annotated'));
				const line = tr => {
					const code = Array.from(tr.querySelectorAll('td.code'), td => td.textContent);
					const kind = ['instr', 'at', 'gap', 'call', 'jump', 'annotated']
						.find(c => tr.classList.contains(c));
					if (kind === 'instr')
						return [kind, code[0] + (code[1] ? '  ' + code[1] : '')];
					if (kind === 'call')
						return [kind, /\\((.*)x\\)$/.exec(code[0])[1]];
					return [kind, kind === 'gap' ? '' : kind === 'at' ? code[0].replace(/^# /, '') : code[0]];
				};
				const note = sec.querySelector('.note');
				return { head: sec.querySelector('.asm-head').textContent,
					lines: (note ? [['note', note.textContent]] : []).concat(rows.map(line)),
					counted: Array.from(sec.querySelectorAll('table.asm tr.instr[data-instr]'), tr => ({
						index: Number(tr.dataset.instr), address: tr.querySelector('td.code').textContent,
						cells: Array.from(tr.querySelectorAll('td.num'), td => td.dataset.value) })) };
			};
			return { title: document.querySelector('h2').textContent,
				blocks: Array.from(document.querySelectorAll('section.asm-listing'), listing),
				codeEvents: events('section.asm-listing:not(.asm-listing ~ .asm-listing)'),
				callers: read('section.callers'),
				callees: read('section.callees'), callersEvents: events('section.callers'),
				calleesEvents: events('section.callees') };
		})()`);
		if (lists.title !== j.function)
			return hash + ': the page is of ' + lists.title;
		const code = checkCode(j, lists, text);
		if (code)
			return code;
		for (const kind of ['callers', 'callees']) {
			const want = j[kind], got = lists[kind];
			if (want.length !== got.length)
				return j.function + ': ' + got.length + ' ' + kind + ', the JSON lists ' + want.length;
			for (let k = 0; k < want.length; k++) {
				const w = want[k], g = got[k];
				const other = g.index !== null ? data.functions[g.index] : { file: null, function: g.name };
				if (other.function !== w.function || (other.file !== null && other.file !== w.file))
					return j.function + ': ' + kind + ' ' + k + ' is ' + other.function + ', JSON ' + w.function;
				const shown = lists[kind + 'Events'];
				for (let e = 0; e < shown.length; e++)
					if (!same(g.cells[e], w.inclusive[shown[e]] === null ? '' : w.inclusive[shown[e]]))
						return j.function + ': ' + kind + ' ' + w.function + ' costs ' + g.cells[e] +
							', JSON ' + w.inclusive[shown[e]];
				if (!same(g.cells[shown.length], w.count))
					return j.function + ': ' + kind + ' ' + w.function + ' count ' + g.cells[shown.length];
				if (g.countText !== countText(w.count, data.base !== undefined))
					return j.function + ': ' + kind + ' ' + w.function + ' count written ' + g.countText +
						', not ' + countText(w.count, data.base !== undefined);
			}
		}
	}
	return seen === 0 ? 'no function has a page' : null;
}

async function checkFlame(page, kase, json, data) {
	await goTo(page, '#flame');
	const frames = await page.eval(`(() => {
		const f = window.cgaReport.flame;
		if (!f) return null;
		return f.frames.map(x => [x.name, x.depth, x.count, x.old]);
	})()`);
	if (frames === null)
		return 'no flame graph: ' + await page.eval('document.querySelector(".note") && document.querySelector(".note").textContent');
	const sides = kase.kind === 'diff'
		? [[readFolded(kase.new), 2], [readFolded(kase.old), 3]] : [[readFolded(kase.folded), 2]];
	const stack = [];
	const total = [0n, 0n];
	for (let s = 0; s < sides.length; s++)
		for (const [key, v] of sides[s][0])
			if (!key.includes(';'))
				total[s] += v;
	const seen = new Set();
	for (const [name, depth, count, old] of frames) {
		stack.length = depth;
		stack.push(name);
		const key = stack.slice(1).join(';');
		if (depth === 0) {
			if (BigInt(count) !== total[0] || (old !== null && BigInt(old) !== total[1]))
				return '"all" is ' + count + ', the folded stacks add up to ' + total[0];
			continue;
		}
		seen.add(key);
		const values = [count, old];
		for (let s = 0; s < sides.length; s++) {
			const want = sides[s][0].get(key) || 0n;
			if (BigInt(values[s]) !== want)
				return key + ': ' + values[s] + ', folded ' + want;
		}
	}
	for (const [folded] of sides)
		for (const key of folded.keys())
			if (!seen.has(key))
				return key + ': in the folded stacks, not in the flame graph';
	const search = await page.eval(`(() => {
		const box = document.getElementById('flame-search');
		box.value = '.';
		box.dispatchEvent(new Event('input'));
		return [document.querySelector('#cga-matched').textContent,
			document.querySelector('svg.cga-flame').dataset.shareTotal];
	})()`);
	/* Every stack, as a share of the whole program's total: the JSON's,
	 * focused or not (a diff's are changes, not what its shares are of). */
	const program = json.totals[data.page.primary];
	if (kase.kind !== 'diff' && program !== null && String(search[1]) !== String(program))
		return 'shares are of ' + search[1] + ', the program\'s total is ' + program;
	const whole = Number(search[1] || total[0]);
	const share = whole > 0 ? (Number(total[0]) * 100 / whole).toFixed(2) : '0.00';
	if (search[0] !== 'Matched: ' + share + '%' && frames.length > 1)
		return 'searching "." matched ' + search[0] + ', not ' + share + '%';
	return null;
}

/* In the page: the text of the flame graph SVG that runs past where it
 * must end: a frame's label past its frame, a line of text past the
 * picture.  Run in the page as its source text. */
function textOverflows(svg) {
	const bad = [];
	const width = svg.viewBox.baseVal.width;
	for (const g of svg.querySelectorAll('#cga-frames > .frame')) {
		const label = g.querySelector('text');
		if (g.style.display === 'none' || label.textContent === '')
			continue;
		const rect = g.querySelector('rect');
		const end = Number(label.getAttribute('x')) + label.getComputedTextLength();
		const edge = Number(rect.getAttribute('x')) + Number(rect.getAttribute('width'));
		if (end > edge + 0.01)
			bad.push('the label ' + JSON.stringify(label.textContent) + ' ends at ' + end.toFixed(2) +
				', its frame at ' + edge.toFixed(2));
	}
	for (const id of ['cga-subtitle', 'cga-focus', 'cga-details']) {
		const line = svg.querySelector('#' + id);
		if (line === null)
			continue;
		const box = line.getBBox();
		if (box.x < 0 || box.x + box.width > width)
			bad.push(id + ' spans ' + box.x.toFixed(2) + ' to ' + (box.x + box.width).toFixed(2) +
				' in a picture ' + width + ' wide');
		const title = line.querySelector('title');
		const shown = Array.from(line.childNodes).filter(e => e.nodeType === 3).map(e => e.data).join('');
		if (title !== null && (!shown.includes('..') || !title.textContent.startsWith(shown.split('..')[0])))
			bad.push(id + ' shows ' + JSON.stringify(shown) + ' of ' + JSON.stringify(title.textContent));
	}
	return bad;
}

/* In the page: hovering the frames of the longest names and counts lines
 * of FLAME (cgaFlame.attach's) writes a line that ends before the
 * search's result and shows the whole counts line; leaving them puts the
 * total line back. */
function hoverOverflows(flame) {
	const bad = [];
	const details = flame.svg.querySelector('#cga-details');
	const before = details.innerHTML;
	flame.search(/./);
	const limit = flame.svg.querySelector('#cga-matched').getBBox().x;
	const drawn = flame.frames.filter(f => f.g && f.g.style.display !== 'none');
	drawn.sort((a, b) => b.name.length + b.info.length - a.name.length - a.info.length);
	for (const f of drawn.slice(0, 12)) {
		const rect = f.g.querySelector('rect');
		rect.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
		const box = details.getBBox();
		if (box.x + box.width > limit)
			bad.push('hovering ' + JSON.stringify(f.name.slice(0, 40)) + ': the line ends at ' +
				(box.x + box.width).toFixed(2) + ', the search\'s result starts at ' + limit.toFixed(2));
		if (!details.textContent.endsWith(' (' + f.info + ')'))
			bad.push('hovering ' + JSON.stringify(f.name.slice(0, 40)) + ': ' +
				JSON.stringify(details.textContent.slice(-60)) + ' does not end with the counts');
		rect.dispatchEvent(new MouseEvent('mouseout', { bubbles: true }));
		if (details.innerHTML !== before)
			bad.push('leaving ' + JSON.stringify(f.name.slice(0, 40)) + ' leaves ' +
				JSON.stringify(details.innerHTML.slice(0, 60)));
	}
	flame.search(null);
	return bad;
}

/* The flame graph FLAME (an expression for the page) drawn, zoomed into
 * the widest frames of its second row and reset: no text runs past where
 * it must end, and a hover's line fits.  With SAME, the labels the program
 * wrote must be those the script writes after the reset. */
async function checkFit(page, flame, same) {
	const bad = await page.eval(`(() => {
		const textOverflows = ${textOverflows.toString()};
		const hoverOverflows = ${hoverOverflows.toString()};
		const flame = ${flame};
		const labels = () => flame.frames.map(f => f.g ? f.label.textContent : null);
		const written = labels();
		const bad = textOverflows(flame.svg);
		const picks = flame.frames.filter(f => f.depth === 2).sort((a, b) => b.w - a.w).slice(0, 10);
		for (const f of picks) {
			flame.zoom(f);
			bad.push(...textOverflows(flame.svg).map(why => why + ', zoomed into ' + f.name.slice(0, 40)));
		}
		flame.reset();
		if (${same}) {
			const again = labels();
			const k = written.findIndex((w, i) => w !== again[i]);
			if (k >= 0)
				bad.push('the script cuts ' + JSON.stringify(flame.frames[k].name.slice(0, 40)) + ' as ' +
					JSON.stringify(again[k]) + ', the program as ' + JSON.stringify(written[k]));
		}
		bad.push(...hoverOverflows(flame));
		return bad;
	})()`);
	return bad.length ? bad.length + ' problems: ' + bad.slice(0, 4).join('; ') : null;
}

/* Zoom into the frame with the most descendants that were too narrow to
 * be drawn and are wide enough zoomed (else the widest below "all" with
 * children), then reset: each drawn frame must sit where its share puts
 * it. */
async function checkZoom(page) {
	await goTo(page, '#flame');
	return page.eval(`(() => {
		const flame = window.cgaReport.flame;
		if (!flame || flame.frames.length < 2)
			return null;
		const frames = flame.frames;
		const full = frames[0].w;
		let pick = null, best = -1;
		for (const f of frames) {
			if (f.depth === 0 || f.end === f.index + 1)
				continue;
			let hidden = 0;
			for (let i = f.index + 1; i < f.end; i++)
				hidden += !frames[i].g && frames[i].w * full / f.w >= 0.1;
			if (hidden > best || (hidden === best && f.w > pick.w)) {
				pick = f;
				best = hidden;
			}
		}
		if (pick === null)
			return null;
		const shown = f => f.g && f.g.style.display !== 'none';
		const at = f => [Number(f.rect.getAttribute('x')), Number(f.rect.getAttribute('width'))];
		const near = (a, b) => Math.abs(a - b) <= 0.011;
		const xpad = Number(flame.svg.dataset.xpad);
		const check = (zoomed) => {
			const scale = zoomed ? full / pick.w : 1;
			const ancestors = new Set();
			for (let a = zoomed ? pick.parent : -1; a >= 0; a = frames[a].parent)
				ancestors.add(a);
			for (const f of frames) {
				let x = f.x, w = f.w;
				if (zoomed && (f === pick || ancestors.has(f.index))) {
					x = 0;
					w = full;
				} else if (zoomed && f.index > pick.index && f.index < pick.end) {
					x = (f.x - pick.x) * scale;
					w = f.w * scale;
				} else if (zoomed) {
					w = 0;
				}
				const want = w >= 0.1;
				if (want !== !!shown(f))
					return f.name + (want ? ' is not drawn' : ' is drawn') + ' at width ' + w.toFixed(3) +
						(zoomed ? ' zoomed into ' + pick.name : ' after the reset');
				if (want && (!near(at(f)[0], xpad + x) || !near(at(f)[1], w)))
					return f.name + ' at ' + at(f) + ', not ' + [xpad + x, w] +
						(zoomed ? ' zoomed into ' + pick.name : ' after the reset');
			}
			return null;
		};
		flame.zoom(pick);
		const zoomed = check(true);
		/* One control resets the zoom, not the page's and the picture's. */
		const resets = Array.from(document.querySelectorAll('#app button, #app svg .cga-button')).filter(e =>
			/reset zoom/i.test(e.textContent) && e.checkVisibility()).length;
		flame.reset();
		return zoomed || check(false) || (resets === 1 ? null : resets + ' reset controls show zoomed');
	})()`);
}

async function checkCallgraph(page, kase) {
	await goTo(page, '#callgraph');
	const r = await page.eval(`({ nodes: document.querySelectorAll('svg.callgraph g.node').length,
		linked: document.querySelectorAll('svg.callgraph g.node.linked').length,
		note: document.querySelector('.note') && document.querySelector('.note').textContent })`);
	if (r.note)
		return kase.dot ? 'no call graph: ' + r.note : null;
	if (r.nodes === 0)
		return 'no node drawn';
	if (r.linked < r.nodes * (kase.hostile ? 0.5 : 1))
		return r.linked + ' of ' + r.nodes + ' nodes linked to their function';
	return checkGraphFit(page);
}

/* "fit the window" shows the whole graph in the window, both ways, never
 * larger than dot drew it (its width and height, in points); unticked, the
 * graph is at that size. */
async function checkGraphFit(page) {
	const r = await page.eval(`(() => {
		const svg = document.querySelector('svg.callgraph');
		const drawn = new DOMParser().parseFromString(window.cgaReport.data.callgraph.svg,
			'image/svg+xml').documentElement;
		const px = v => parseFloat(v) * (/pt$/.test(v) ? 4 / 3 : 1);
		const vb = svg.viewBox.baseVal;
		const measure = () => {
			const b = svg.getBoundingClientRect();
			return { scale: Math.min(b.width / vb.width, b.height / vb.height), right: b.right, bottom: b.bottom };
		};
		const fit = document.querySelector('.tools input[type=checkbox]');
		if (!fit.checked) fit.click();
		const fitted = measure();
		fit.click();
		const natural = measure();
		fit.click();
		return { want: Math.min(px(drawn.getAttribute('width')) / vb.width,
			px(drawn.getAttribute('height')) / vb.height), fitted, natural,
			width: window.innerWidth, height: window.innerHeight };
	})()`);
	const f = r.fitted;
	if (f.scale > r.want * 1.001)
		return 'fitted, the graph is drawn ' + (f.scale / r.want).toFixed(2) + ' times its size';
	if (f.right > r.width + 0.5 || f.bottom > r.height + 0.5)
		return 'fitted, the graph ends at ' + f.right.toFixed(0) + ',' + f.bottom.toFixed(0) +
			' in a window of ' + r.width + 'x' + r.height;
	if (Math.abs(r.natural.scale / r.want - 1) > 0.001)
		return 'not fitted, the graph is drawn ' + (r.natural.scale / r.want).toFixed(2) + ' times its size';
	return null;
}

async function checkHostile(page, data) {
	const hashes = ['#functions', '#flame', '#callgraph', '#help'];
	for (const f of data.functions)
		hashes.push('#function/' + encodeURIComponent(f.file) + '/' + encodeURIComponent(f.function));
	for (const h of hashes) {
		await goTo(page, h);
		const r = await page.eval(`(() => {
			const bad = [];
			for (const e of document.querySelectorAll('*')) {
				for (const a of e.attributes) {
					if (/^on/i.test(a.name)) bad.push(e.localName + ' ' + a.name);
					if (/href$/i.test(a.name) && /^\\s*javascript:/i.test(a.value)) bad.push(e.localName + ' ' + a.value);
				}
				if (['img', 'iframe', 'object', 'embed', 'image', 'foreignObject', 'use'].includes(e.localName))
					bad.push(e.localName);
			}
			return { pwned: window.__pwned === undefined ? null : window.__pwned, scripts: document.scripts.length, bad };
		})()`);
		if (r.pwned !== null)
			return h + ': a script of the profile ran (' + r.pwned + ')';
		if (r.scripts !== 3)
			return h + ': ' + r.scripts + ' scripts';
		if (r.bad.length)
			return h + ': ' + r.bad.slice(0, 3).join(', ');
	}
	return null;
}

async function checkAprof(page, json) {
	const ids = await page.eval(`Array.from(document.querySelectorAll('table.functions tbody tr')).map(tr => Number(tr.dataset.id))`);
	const want = json.routines.map(r => Number(r.id));
	if (ids.join() !== want.join())
		return 'routine rows ' + ids.slice(0, 5) + '..., the JSON has ' + want.slice(0, 5) + '...';
	const sorted = await page.eval(`(() => {
		document.querySelector('button[data-sort="calls"]').click();
		return Array.from(document.querySelectorAll('table.functions tbody tr')).map(tr => Number(tr.dataset.id));
	})()`);
	const calls = new Map(json.routines.map(r => [Number(r.id), Number(r.calls)]));
	for (let i = 1; i < sorted.length; i++)
		if (calls.get(sorted[i]) > calls.get(sorted[i - 1]))
			return 'sorted by calls: ' + sorted[i] + ' after ' + sorted[i - 1];
	const shown = await page.eval(`(() => {
		const box = document.getElementById('filter');
		box.value = 'a';
		box.dispatchEvent(new Event('input'));
		return document.querySelectorAll('table.functions tbody tr').length;
	})()`);
	const name = r => r.full_name || r.name || String(r.id);
	const match = json.routines.filter(r => /a/.test(name(r))).length;
	if (shown !== match)
		return 'filter a: ' + shown + ' rows, ' + match + ' routines match';
	for (const r of json.routines.slice(0, 3)) {
		await goTo(page, '#routine/' + r.id);
		const got = await page.eval(`({ title: document.querySelector('h2').textContent,
			rows: document.querySelectorAll('table.costs tbody tr').length,
			marks: document.querySelectorAll('svg.plot circle').length })`);
		if (got.title !== name(r) || got.rows !== r.points.length)
			return 'routine ' + r.id + ': page of ' + got.title + ' with ' + got.rows + ' points';
		if (got.marks !== r.points.filter(p => p.occ > 0).length)
			return 'routine ' + r.id + ': ' + got.marks + ' points plotted';
	}
	return null;
}

/* Links to nothing the report holds (typed by hand, cut short, or of
 * another report), whether the page opens on one or goes to it: each shows
 * a note in the page's frame, naming nothing "undefined", and throws
 * nothing; a good link still works after them. */
async function checkBadLinks(browser, kase) {
	const links = kase.kind === 'aprof'
		? ['#routine/%E0%A4%A', '#%', '#function/x/100%', '#routine/999999999', '#nosuchview']
		: ['#function/table.c/100%', '#%', '#function/nofile', '#function/nofile/nofunction',
			'#cycle/999999', '#nosuchview'];
	const page = await browser.newPage(1366, 768);
	try {
		for (let k = 0; k < links.length; k++) {
			if (k === 0) {
				await page.open(kase.html, links[0]);
				for (let i = 0; i < 100 && !await page.eval('!!(window.cgaReport && window.cgaReport.ready)'); i++)
					await sleep(50);
			} else {
				await goTo(page, links[k]);
			}
			const r = await page.eval(`({ ready: !!(window.cgaReport && window.cgaReport.ready),
				nav: !!document.querySelector('#app header nav'),
				title: document.querySelector('#app h2') && document.querySelector('#app h2').textContent,
				note: document.querySelector('#app .note') && document.querySelector('#app .note').textContent })`);
			if (page.errors.length)
				return links[k] + ': ' + page.errors[0];
			if (!r.ready || !r.nav)
				return links[k] + ': no page drawn around the note';
			if (!r.note || !/^No such /.test(r.title || ''))
				return links[k] + ': no "No such ..." note (' + JSON.stringify(r.title) + ', ' +
					JSON.stringify(r.note) + ')';
			if (/undefined|null/.test(r.note))
				return links[k] + ': the note says ' + JSON.stringify(r.note);
		}
		const home = kase.kind === 'aprof' ? '#routines' : '#functions';
		await goTo(page, home);
		if (!await page.eval('!!document.querySelector("table.functions tbody tr")'))
			return home + ' shows no table after the bad links';
		return page.errors.length ? page.errors[0] : null;
	} finally {
		await page.close();
	}
}

/* No view scrolls sideways in a laptop's window (1366 pixels). */
async function checkWidth(page, data, aprof) {
	const hashes = aprof ? ['#routines', '#help'] : ['#functions', '#flame', '#callgraph', '#help'];
	if (!aprof && data.functions.length)
		hashes.push('#function/' + encodeURIComponent(data.functions[0].file) + '/' +
			encodeURIComponent(data.functions[0].function));
	if (aprof && data.routines.length)
		hashes.push('#routine/' + data.routines[0].id);
	let why = null;
	for (const h of hashes) {
		await goTo(page, h);
		const w = await page.eval('[document.documentElement.scrollWidth, window.innerWidth]');
		if (w[0] > w[1] && why === null)
			why = h + ' is ' + w[0] + ' pixels wide in a window of ' + w[1];
	}
	await goTo(page, aprof ? '#routines' : '#functions');
	return why;
}

async function runCase(browser, kase) {
	const page = await browser.newPage(1366, 768);
	const label = kase.name;
	let loaded = false;
	await check(label + ': loads, its script draws the report', async () => {
		const ms = await page.open(kase.html);
		for (let i = 0; i < 100 && !await page.eval('!!(window.cgaReport && window.cgaReport.ready)'); i++)
			await sleep(50);
		loaded = await page.eval('!!(window.cgaReport && window.cgaReport.ready)');
		return loaded ? null : 'not ready after ' + ms + ' ms';
	});
	if (!loaded) {
		await page.close();
		return;
	}
	const json = JSON.parse(fs.readFileSync(kase.json, 'utf8'));
	const data = await page.eval('window.cgaReport.data');
	await check(label + ': every view fits the window\'s width', () => checkWidth(page, data, kase.kind === 'aprof'));
	if (kase.kind === 'aprof') {
		await check(label + ': routine table, sorting, filter, routine pages', () => checkAprof(page, json));
	} else {
		await check(label + ': table rows and numbers are the JSON report\'s', () => checkTable(page, json, data));
		await check(label + ': clicking a header sorts by it', () => checkSort(page, data));
		await check(label + ': the filter hides the rows that do not match', () =>
			checkFilter(page, json, kase.filters || ['^_', 'main|malloc', 'a.*b']));
		await check(label + ': function pages list the JSON\'s callers and callees', () =>
			checkPages(page, json, data, kase.pages || 8, kase.text ? readAsmText(kase.text) : null));
		await check(label + ': the flame graph\'s frames add up to the folded stacks', () => checkFlame(page, kase, json, data));
		await check(label + ': a zoom draws the frames below at their scaled widths', () => checkZoom(page));
		await check(label + ': the flame graph\'s text fits its frames and the picture', async () => {
			await goTo(page, '#flame');
			return checkFit(page, 'window.cgaReport.flame', false);
		});
		await check(label + ': the call graph, its nodes linked', () => checkCallgraph(page, kase));
		if (kase.hostile)
			await check(label + ': no script, handler or link of the profile\'s in any view', () =>
				checkHostile(page, data));
	}
	await pageChecks.run(page, kase, json, data, check, browser);
	if (kase.links)
		await check(label + ': a link to nothing shows a note in the page\'s frame', () =>
			checkBadLinks(browser, kase));
	await check(label + ': no error on the console, no request leaves the file', async () => {
		await sleep(50);
		if (page.errors.length)
			return page.errors.slice(0, 3).join('; ');
		if (page.requests.length)
			return 'requests: ' + page.requests.slice(0, 3).join(', ');
		return null;
	});
	await page.close();
}

/* An SVG of --format=flamegraph, opened as it is. */
async function runSvg(browser, kase) {
	const page = await browser.newPage(1366, 768);
	const label = kase.name;
	await page.open(kase.svg);
	const attached = await page.eval('typeof cgaFlame !== "undefined" && !!cgaFlame.current');
	tap(attached, label + ': its script runs');
	if (attached)
		await check(label + ': its text fits its frames and the picture, cut as the script cuts it',
			() => checkFit(page, 'cgaFlame.current', true));
	tap(page.errors.length === 0, label + ': no error on the console', page.errors.slice(0, 3).join('; '));
	await page.close();
}

async function main() {
	await eachCase(process.argv[2], (browser, kase) => (kase.kind === 'svg' ? runSvg : runCase)(browser, kase));
	console.log('1..' + n);
	console.log('# ' + (n - failed) + ' passed, ' + failed + ' failed');
}

main().catch(e => {
	tap(false, 'the browser', e.stack || String(e));
	console.log('1..' + n);
	process.exit(0);
});
