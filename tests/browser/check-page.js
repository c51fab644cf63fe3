/* Checks of what a person reads on cgannotate's HTML page, each against a
 * source independent of the page: the JSON report of the same run, the
 * text report, the call graph of --format=dot (its labels), the DOM as
 * Chromium lays it out.  Called by check.js for each case it loads
 * (run()), with its TAP helper:
 *
 *   - estimates: where the JSON says a function's inclusive cost is a
 *     bound (a member of a cycle of calls, or a caller of itself) that its
 *     estimate differs from, the table and the function's page show the
 *     bound marked "≥" and the estimate marked "≈", elsewhere one number,
 *     unmarked; the estimates' column sorts by the estimate; the legend
 *     says what the marks mean and links to the README's section;
 *   - calls inside cycles: a call the JSON marks recursive shows its cost
 *     marked "↻", without a share, in call lists and => lines; no share
 *     above 100% is shown bare on a profile that is no diff;
 *   - cycle pages: members by estimated cost with their self cost, bound,
 *     estimate and calls; the calls entering and leaving the cycle, as
 *     the JSON's calls between members and others;
 *   - whole reports: the table shows first the rows the text report lists
 *     (--threshold), and every function of the call graph and the flame
 *     graph opens a page with its callers and callees;
 *   - names: each name is shown as the call graph labels it (shortened the
 *     same way), on one line, the full name on hover and on its page; code
 *     inlined from another file says into what and from where, its host
 *     lists it, and the host's page says whether its own cost, calls and
 *     inlined code add up to its inclusive cost as the JSON's figures do;
 *   - the warnings of the JSON in a banner on every view (and on a page
 *     given warnings of its own);
 *   - typing into the flame graph's search box does not move the graph;
 *     the call graph opens fitted only where its text stays 8 pixels tall;
 *   - in a diff, growth is written with "+".
 *
 * Plants that each check must catch: tests/mutants.d/page.sh. */
'use strict';

const fs = require('fs');

const sleep = ms => new Promise(r => setTimeout(r, ms));
const GE = '\u2265', APPROX = '\u2248', NESTED = '\u21bb';

function group(v) {
	return String(v).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function signed(v) {
	const s = group(v);
	return s.startsWith('-') || s === '0' ? s : '+' + s;
}

function same(a, b) {
	return String(a === null || a === undefined ? 0 : a) === String(b === null || b === undefined ? 0 : b);
}

function whereOf(f) {
	return f.file + (f.object ? ' [' + f.object + ']' : '');
}

function keyOf(f) {
	return f.function + '\u0000' + whereOf(f);
}

/* Whether the JSON function F's inclusive cost is a bound: it is in a cycle
 * of calls, or a call of its own is inside one. */
function recursive(f) {
	return f.cycle !== null || (f.callers || []).some(c => c.recursive) ||
		(f.callees || []).some(c => c.recursive);
}

/* The JSON's estimate of F for event EV where it sits beside a bound, else
 * null. */
function estimateBeside(f, ev) {
	return recursive(f) && !same(f.inclusive[ev], f.inclusive_estimate[ev]) ? f.inclusive_estimate[ev] : null;
}

async function goTo(page, hash) {
	await page.eval('location.hash = ' + JSON.stringify(hash) + '; new Promise(r => setTimeout(r, 30))');
}

function pageHash(f) {
	return '#function/' + encodeURIComponent(f.file) + '/' + encodeURIComponent(f.function);
}

/* In the page: what a table shows, as text: its headers and, per row, its
 * cells (count line, share line, tooltip) and its name (shown, full,
 * where, where's tooltip).  Run in the page as its source text. */
function readTable(selector) {
	const norm = s => s.replace(/\u00a0/g, ' ').replace(/ [\u25be\u25b4]$/, '').trim();
	const table = document.querySelector(selector);
	if (!table)
		return null;
	const heads = Array.from(table.querySelectorAll('thead th'), th => norm(th.textContent));
	const rows = Array.from(table.querySelectorAll('tbody tr'), tr => {
		const name = tr.querySelector('td.name .fname');
		const where = tr.querySelector('td.name .where');
		return {
			cells: Array.from(tr.querySelectorAll('td.num'), td => ({
				count: norm(td.querySelector('.count') ? td.querySelector('.count').textContent : td.textContent),
				pct: td.querySelector('.pct') ? norm(td.querySelector('.pct').textContent) : '',
				title: td.title,
			})),
			name: name ? name.textContent : null,
			full: name ? name.title || name.textContent : null,
			where: where ? where.textContent : null,
			whereTitle: where ? where.title || where.textContent : null,
			names: Array.from(tr.querySelectorAll('td.name .fname'), a => a.title || a.textContent),
		};
	});
	return { heads, rows };
}

/* The function table with every column shown, and with ALL every row
 * (else those it shows first). */
async function wholeTable(page, all) {
	await goTo(page, '#functions');
	return page.eval(`(() => {
		for (const box of document.querySelectorAll('fieldset.columns input[type=checkbox]'))
			if (!box.checked) box.click();
		const more = document.querySelector('button.more');
		if (more && ${!!all}) more.click();
		return (${readTable.toString()})('table.functions');
	})()`);
}

/* The events of the table's columns: per header its kind and event name. */
function columnsOf(heads, json) {
	const names = new Set(json.events.map(e => e.name));
	const cols = [];
	for (const h of heads) {
		const m = /^(.*) (incl|self|\u2248)$/.exec(h);
		if (m && names.has(m[1]))
			cols.push({ ev: json.events.findIndex(e => e.name === m[1]), kind: m[2] });
		else if (h === 'calls')
			cols.push({ kind: 'calls' });
	}
	return cols;
}

/* The function the page's row R shows (by its full name and place), from
 * the JSON; null for a cycle's row; throws for a row of no function. */
function functionOf(byKey, r) {
	const f = byKey.get(r.full + '\u0000' + r.whereTitle);
	if (f !== undefined)
		return f;
	if (/^<cycle \d+>$/.test(r.full))
		return null;
	throw new Error('a row shows ' + JSON.stringify(r.full) + ' at ' + JSON.stringify(r.whereTitle) +
		', which is no function of the JSON (in full, with its place)');
}

async function checkEstimates(page, json) {
	const t = await wholeTable(page, false);
	const byKey = new Map(json.functions.map(f => [keyOf(f), f]));
	const cols = columnsOf(t.heads, json);
	const shownEvents = [...new Set(cols.filter(c => c.ev !== undefined).map(c => c.ev))];
	for (const ev of shownEvents) {
		const want = json.functions.some(f => estimateBeside(f, ev) !== null);
		const has = cols.some(c => c.ev === ev && c.kind === APPROX);
		if (want !== has)
			return json.events[ev].name + ': ' + (has ? 'a' : 'no') + ' column of estimates, while ' +
				(want ? 'some' : 'no') + ' bound has an estimate beside it';
	}
	let marked = 0;
	for (const r of t.rows) {
		const f = functionOf(byKey, r);
		if (f === null)
			continue;
		for (let k = 0; k < cols.length; k++) {
			const c = cols[k], cell = r.cells[k];
			if (c.kind !== 'incl' && c.kind !== APPROX)
				continue;
			const est = estimateBeside(f, c.ev);
			let want;
			if (c.kind === 'incl')
				want = (est !== null ? GE + ' ' : '') + group(f.inclusive[c.ev] === null ? '.' : f.inclusive[c.ev]);
			else
				want = est !== null ? APPROX + ' ' + group(est) : group(f.inclusive[c.ev] === null ? '.' : f.inclusive[c.ev]);
			if (cell.count !== want)
				return f.function + ': ' + json.events[c.ev].name + ' ' + c.kind + ' reads ' +
					JSON.stringify(cell.count) + ', not ' + JSON.stringify(want);
			const mark = est === null ? '' : c.kind === 'incl' ? GE : APPROX;
			if (cell.pct !== '' && (mark ? !cell.pct.startsWith(mark + ' ') : /^[\u2265\u2248]/.test(cell.pct)))
				return f.function + ': the share ' + JSON.stringify(cell.pct) + ' is ' + (mark ? 'not marked ' + mark : 'marked');
			if (mark && !/proven lower bound|estimated from the call graph/.test(cell.title))
				return f.function + ': no tooltip saying what ' + mark + ' means';
			marked += est !== null;
		}
	}
	if (marked === 0)
		return null;
	const legend = await page.eval(`(() => {
		const d = document.querySelector('details.legend');
		if (!d) return null;
		d.open = true;
		const a = d.querySelector('a');
		return { text: d.textContent, href: a && a.getAttribute('href'),
			visible: d.querySelector('p').getBoundingClientRect().height > 0 };
	})()`);
	if (!legend || !legend.visible || !/proven lower bound/.test(legend.text) || !/estimated/.test(legend.text))
		return 'no legend saying what \u2265 and \u2248 mean';
	if (legend.href !== 'README.md#exact-and-estimated')
		return 'the legend links to ' + legend.href;
	return checkEstimateSort(page, json, byKey, cols);
}

/* Clicking an estimates' header sorts the rows by the estimate, down. */
async function checkEstimateSort(page, json, byKey, cols) {
	const c = cols.find(x => x.kind === APPROX);
	const label = json.events[c.ev].name + ' ' + APPROX;
	const t = await page.eval(`(() => {
		const b = Array.from(document.querySelectorAll('table.functions thead th button'))
			.find(x => x.textContent.replace(/ [\\u25be\\u25b4]$/, '').trim() === ${JSON.stringify(label)});
		if (!b) return null;
		b.click();
		return (${readTable.toString()})('table.functions');
	})()`);
	if (t === null)
		return 'no header ' + label + ' to click';
	const value = f => {
		const est = estimateBeside(f, c.ev);
		return Number(est !== null ? est : f.inclusive[c.ev] === null ? 0 : f.inclusive[c.ev]);
	};
	let last = Infinity;
	for (const r of t.rows) {
		const f = functionOf(byKey, r);
		const v = f === null ? Number((r.cells[cols.indexOf(c)].count.match(/[\d,]+/) || ['0'])[0].replace(/,/g, '')) : value(f);
		if (v > last)
			return 'sorted by ' + label + ': ' + r.full + ' (' + v + ') after one of ' + last;
		last = v;
	}
	await goTo(page, '#help');
	await page.eval(`window.cgaReport.state.sortKey = null`);
	return null;
}

/* The pages of the recursive functions with estimates (at most MAX):
 * their costs table shows the bound and the estimate marked, of the
 * primary event PRIMARY (the events the page does not estimate: the
 * bound unmarked, no estimate). */
async function checkEstimatePages(page, json, primary, max) {
	const list = json.functions.filter(f => json.events.some((e, ev) => estimateBeside(f, ev) !== null)).slice(0, max);
	for (const f of list) {
		await goTo(page, pageHash(f));
		const t = await page.eval(`(() => {
			const r = (${readTable.toString()})('table.costs');
			r.events = Array.from(document.querySelectorAll('table.costs tbody th'), th => th.textContent);
			r.note = (document.querySelector('p.estimate-note') || {}).textContent || '';
			return r;
		})()`);
		const bound = t.heads.indexOf('inclusive') - 1, est = t.heads.indexOf(APPROX + ' estimate') - 1;
		if (bound < 0 || est < 0)
			return f.function + ': the costs table has ' + JSON.stringify(t.heads);
		for (let i = 0; i < t.rows.length; i++) {
			const ev = json.events.findIndex(e => e.name === t.events[i]);
			const e = ev === primary ? estimateBeside(f, ev) : null;
			const wantBound = (e !== null ? GE + ' ' : '') + group(f.inclusive[ev]);
			const wantEst = e !== null ? APPROX + ' ' + group(e) : ev === primary ? group(f.inclusive[ev]) : '';
			if (t.rows[i].cells[bound].count !== wantBound || t.rows[i].cells[est].count !== wantEst)
				return f.function + ': ' + t.events[i] + ' shows ' + t.rows[i].cells[bound].count + ' and ' +
					t.rows[i].cells[est].count + ', not ' + wantBound + ' and ' + wantEst;
		}
		if (!/lower bound/.test(t.note))
			return f.function + ': no word on what the bound is';
	}
	return null;
}

/* In the page: every share written, and whether it is marked as more than
 * the total. */
function shares() {
	const out = [];
	for (const e of document.querySelectorAll('#app .pct, #app td.num, #app p, #app li')) {
		if (e.children.length && !e.classList.contains('pct'))
			continue;
		for (const m of e.textContent.matchAll(/(>100% \()?([-+]?\d+\.\d\d)%/g))
			out.push({ value: Number(m[2]), marked: !!m[1] });
	}
	return out;
}

/* Calls inside cycles, marked on the pages of the functions that make or
 * take them (at most MAX pages), in their call lists and => lines; no bare
 * share above 100%. */
async function checkRecursiveCalls(page, json, max) {
	const list = json.functions.filter(f => f.callers.concat(f.callees).some(c => c.recursive)).slice(0, max);
	for (const f of list) {
		await goTo(page, pageHash(f));
		const got = await page.eval(`(() => {
			const read = ${readTable.toString()};
			return { callers: read('section.callers table'), callees: read('section.callees table'),
				lineCalls: Array.from(document.querySelectorAll('table.source tr.call'), tr => {
					const c = tr.querySelector('td.num .count');
					return { count: c ? c.textContent : '', pct: !!tr.querySelector('td.num .pct'),
						name: (tr.querySelector('.fname') || {}).textContent };
				}),
				shares: (${shares.toString()})() };
		})()`);
		for (const kind of ['callers', 'callees']) {
			const want = f[kind], t = got[kind];
			const rows = t ? t.rows : [];
			if (rows.length !== want.length)
				return f.function + ': ' + rows.length + ' ' + kind + ' shown, the JSON has ' + want.length;
			for (let k = 0; k < want.length; k++) {
				const w = want[k], r = rows[k];
				if (r.full !== w.function)
					return f.function + ': ' + kind + ' ' + k + ' is ' + r.full + ', JSON ' + w.function;
				for (const cell of r.cells.slice(0, -1)) {
					if (w.recursive !== cell.count.startsWith(NESTED + ' '))
						return f.function + ': the ' + (w.recursive ? 'recursive ' : '') + 'call of ' + kind +
							' ' + w.function + ' reads ' + JSON.stringify(cell.count);
					if (w.recursive && cell.pct !== '')
						return f.function + ': the recursive call of ' + w.function + ' has a share ' + cell.pct;
				}
			}
		}
		const file = (json.files || []).find(x => x.file === f.file);
		if (file && got.lineCalls.length) {
			const recursiveLines = file.lines.reduce((n, l) => n + l.calls.filter(c => c.recursive).length, 0);
			const marked = got.lineCalls.filter(c => c.count.startsWith(NESTED)).length;
			if (marked !== recursiveLines)
				return f.function + ': ' + marked + ' => lines marked ' + NESTED + ', the JSON has ' +
					recursiveLines + ' recursive calls in ' + f.file;
			if (got.lineCalls.some(c => c.count.startsWith(NESTED) && c.pct))
				return f.function + ': a recursive => line has a share';
		}
		if (json.base === undefined) {
			const bare = got.shares.find(s => s.value > 100.005 && !s.marked);
			if (bare)
				return f.function + ': a bare share of ' + bare.value + '%';
		}
	}
	return null;
}

/* Cycle pages (at most MAX): members by estimated cost with their
 * figures; the calls entering and leaving the cycle, with their costs and
 * counts, against the JSON's calls. */
async function checkCycles(page, json, ev, max) {
	const byKey = new Map(json.functions.map(f => [f.file + '\u0000' + f.function, f]));
	for (const c of json.cycles.slice(0, max)) {
		await goTo(page, '#cycle/' + c.id);
		const got = await page.eval(`(() => {
			const read = ${readTable.toString()};
			return { members: read('table.members'), entering: read('section.entering table'),
				leaving: read('section.leaving table') };
		})()`);
		if (!got.members)
			return '<cycle ' + c.id + '>: no table of members';
		const members = c.members.map(m => byKey.get(m.file + '\u0000' + m.function));
		const inside = new Set(members);
		if (got.members.rows.length !== members.length)
			return '<cycle ' + c.id + '>: ' + got.members.rows.length + ' members, the JSON has ' + members.length;
		const heads = got.members.heads;
		const col = h => heads.indexOf(h);
		const name = json.events[ev].name;
		const want = ['self', GE + ' incl', APPROX + ' incl'].map(h => col(name + ' ' + h));
		if (want.some(k => k < 0) || col('calls') < 0)
			return '<cycle ' + c.id + '>: the members\' columns are ' + JSON.stringify(heads);
		let last = Infinity;
		for (const r of got.members.rows) {
			const f = members.find(m => m.function === r.full && whereOf(m) === r.whereTitle);
			if (!f)
				return '<cycle ' + c.id + '>: ' + r.full + ' is no member';
			const est = estimateBeside(f, ev);
			const e = Number(est !== null ? est : f.inclusive[ev]);
			if (e > last)
				return '<cycle ' + c.id + '>: ' + f.function + ' (estimate ' + e + ') after one of ' + last;
			last = e;
			const cells = want.map(k => r.cells[k].count);
			const exp = [group(f.self[ev] === null ? '.' : f.self[ev]),
				(est !== null ? GE + ' ' : '') + group(f.inclusive[ev]),
				est !== null ? APPROX + ' ' + group(est) : group(f.inclusive[ev])];
			if (cells.join('|') !== exp.join('|'))
				return '<cycle ' + c.id + '>: ' + f.function + ' shows ' + cells.join(', ') + ', the JSON ' + exp.join(', ');
			if (r.cells[col('calls')].count !== group(f.calls))
				return '<cycle ' + c.id + '>: ' + f.function + ' called ' + r.cells[col('calls')].count;
		}
		/* Calls as "caller → callee count cost", from the JSON and the page. */
		const calls = (dir) => {
			const out = [];
			for (const m of members)
				for (const call of m[dir === 'entering' ? 'callers' : 'callees']) {
					const other = byKey.get(call.file + '\u0000' + call.function);
					if (inside.has(other))
						continue;
					const [a, b] = dir === 'entering' ? [call.function, m.function] : [m.function, call.function];
					out.push(a + ' \u2192 ' + b + ' ' + group(call.count) + ' ' + group(call.inclusive[ev]));
				}
			return out.sort();
		};
		for (const dir of ['entering', 'leaving']) {
			const t = got[dir];
			const rows = t ? t.rows : [];
			const heads = t ? t.heads : [];
			const k = heads.indexOf(name), n = heads.indexOf('count');
			const shown = rows.map(r => r.names.join(' \u2192 ') + ' ' + r.cells[n].count + ' ' + r.cells[k].count).sort();
			const exp = calls(dir);
			if (shown.join('\n') !== exp.join('\n'))
				return '<cycle ' + c.id + '>: calls ' + dir + ' ' + JSON.stringify(shown.slice(0, 3)) +
					'..., the JSON ' + JSON.stringify(exp.slice(0, 3)) + '... (' + shown.length + ' and ' +
					exp.length + ')';
		}
	}
	return null;
}

/* The text report's function table: its rows' names, in order. */
function textRows(file) {
	const lines = fs.readFileSync(file, 'utf8').split('\n');
	let k = lines.findIndex(l => / file:function$/.test(l));
	if (k < 0)
		return null;
	const out = [];
	for (k += 2; k < lines.length && lines[k] !== ''; k++)
		out.push(lines[k]);
	return out;
}

/* The table of a page just loaded lists first what the text report lists,
 * scrolled down to the end as a person reads it. */
async function checkFirstRows(page, kase) {
	const want = textRows(kase.text);
	const n = await page.eval(`(async () => {
		const rows = () => document.querySelectorAll('table.functions tbody tr').length;
		for (let last = -1; rows() !== last;) {
			last = rows();
			window.scrollTo(0, document.body.scrollHeight);
			await new Promise(r => requestAnimationFrame(() => setTimeout(r, 50)));
		}
		window.scrollTo(0, 0);
		return rows();
	})()`);
	return n === want.length ? null : 'the table shows ' + n + ' rows first, the text report lists ' + want.length;
}

/* Every function of the call graph and of the flame graph's first rows
 * opens, on a click, a page with its calls (at most MAX of each). */
async function checkWhole(page, json, max) {
	const byPlace = new Map(json.functions.map(f => [f.function + '\u0000' + whereOf(f), f]));
	for (const [view, what] of [['#callgraph', 'svg.callgraph g.node.linked'],
		['#flame', 'FRAMES']]) {
		await goTo(page, view);
		const n = await page.eval(what === 'FRAMES'
			? `window.cgaReport.flame ? window.cgaReport.flame.frames.filter(f => f.depth > 0 && f.depth <= 4 && f.g).length : 0`
			: `document.querySelectorAll(${JSON.stringify(what)}).length`);
		for (let i = 0; i < Math.min(n, max); i++) {
			await goTo(page, view);
			const got = await page.eval(`(() => {
				const target = ${JSON.stringify(what)} === 'FRAMES'
					? window.cgaReport.flame.frames.filter(f => f.depth > 0 && f.depth <= 4 && f.g)[${i}].rect
					: document.querySelectorAll(${JSON.stringify(what)})[${i}];
				target.dispatchEvent(new MouseEvent('click', { bubbles: true }));
				return new Promise(r => setTimeout(() => r({ hash: location.hash,
					title: (document.querySelector('#app h2') || {}).textContent,
					where: (document.querySelector('#app h2 + p.where') || {}).textContent,
					callers: document.querySelectorAll('section.callers tbody tr').length,
					callees: document.querySelectorAll('section.callees tbody tr').length }), 30));
			})()`);
			const f = byPlace.get(got.title + '\u0000' + got.where);
			if (!f)
				return view + ': a click opens ' + got.hash + ', no function of the JSON';
			if (got.callers !== f.callers.length || got.callees !== f.callees.length)
				return view + ': ' + f.function + '\'s page shows ' + got.callers + ' callers and ' + got.callees +
					' callees, the JSON ' + f.callers.length + ' and ' + f.callees.length;
		}
	}
	return null;
}

/* The call graph's labels (--format=dot): per node, "file:function" (its
 * id), the label's lines. */
function readDot(file) {
	const labels = new Map();
	const unq = s => s.replace(/\\(.)/g, '$1');
	for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
		const m = /^\t+"((?:[^"\\]|\\.)*)" \[.*label="((?:[^"\\]|\\.)*)", tooltip=/.exec(line);
		if (m)
			labels.set(unq(m[1]), m[2].split('\\n').map(s => unq(s).replace(/&amp;/g, '&')));
	}
	return labels;
}

/* Names as the call graph labels them, one line each, the full name on
 * hover and on the page; inlined code labelled with its host. */
async function checkNames(page, kase, json) {
	const labels = readDot(kase.dotfile);
	const t = await wholeTable(page, true);
	const byKey = new Map(json.functions.map(f => [keyOf(f), f]));
	let n = 0;
	for (const r of t.rows) {
		const f = functionOf(byKey, r);
		if (f === null)
			continue;
		const label = labels.get(f.file + ':' + f.function);
		if (label === undefined)
			continue;
		n++;
		const inlined = /^code inlined into /.test(label[0]);
		const want = inlined ? label[0].slice('code inlined into '.length) : label[0];
		if (r.name !== want)
			return f.function.slice(0, 60) + ' is shown as ' + JSON.stringify(r.name) + ', the call graph labels it ' +
				JSON.stringify(want);
		if (r.full !== f.function)
			return JSON.stringify(r.name) + ': its tooltip is ' + JSON.stringify(r.full);
		const where = (inlined ? 'inlined into ' + want + ' from ' : '') + whereOf(f);
		if (r.where !== where)
			return f.function.slice(0, 60) + ': where it is reads ' + JSON.stringify(r.where) + ', not ' +
				JSON.stringify(where);
	}
	if (n === 0)
		return 'no function of the table is in the call graph';
	const tall = await page.eval(`(() => {
		const bad = [];
		for (const e of document.querySelectorAll('table.functions td.name .fname, table.functions td.name .where')) {
			const h = e.getBoundingClientRect().height, lh = parseFloat(getComputedStyle(e).lineHeight) ||
				1.3 * parseFloat(getComputedStyle(e).fontSize);
			if (h > 1.6 * lh) bad.push(e.textContent.slice(0, 50) + ' ' + h.toFixed(1) + 'px tall');
		}
		return bad;
	})()`);
	if (tall.length)
		return tall.length + ' names over more than one line: ' + tall.slice(0, 2).join('; ');
	const long = json.functions.find(f => f.function.length > 60 && labels.has(f.file + ':' + f.function));
	if (long) {
		await goTo(page, pageHash(long));
		const h2 = await page.eval(`document.querySelector('h2').textContent`);
		if (h2 !== long.function)
			return 'the page of ' + long.function.slice(0, 40) + '... is titled ' + JSON.stringify(h2.slice(0, 60));
	}
	return null;
}

/* The JSON's sums for a host H: its self cost, its calls out (of its
 * cycle), the inclusive costs of its inlined code, against its inclusive
 * cost, for every event: whether they add up. */
function addsUp(json, h, inlined) {
	const rec = recursive(h);
	for (let ev = 0; ev < json.events.length; ev++) {
		let sum = BigInt(h.self[ev] || 0);
		for (const c of h.callees)
			if (!(rec && c.recursive))
				sum += BigInt(c.inclusive[ev] || 0);
		for (const g of inlined)
			sum += BigInt(g.inclusive[ev] || 0);
		if (sum !== BigInt(h.inclusive[ev] || 0))
			return false;
	}
	return true;
}

/* Code inlined from another file: its host's page lists it with its
 * figures, and says whether the sums add up, as the JSON's do. */
async function checkInlined(page, json, max) {
	const byKey = new Map(json.functions.map(f => [f.file + '\u0000' + f.function, f]));
	const hosts = new Map();
	for (const f of json.functions) {
		if (!f.inlined_into)
			continue;
		const h = byKey.get(f.inlined_into.file + '\u0000' + f.inlined_into.function);
		if (!h)
			return f.function + ' is inlined into ' + f.inlined_into.function + ', no function of the JSON';
		if (!hosts.has(h))
			hosts.set(h, []);
		hosts.get(h).push(f);
	}
	/* Half of them among those whose figures do not add up, if any. */
	const all = [...hosts];
	const pick = all.filter(([h, l]) => !addsUp(json, h, l)).slice(0, max / 2);
	pick.push(...all.filter(([h, l]) => addsUp(json, h, l)).slice(0, max - pick.length));
	for (const [h, list] of pick) {
		await goTo(page, pageHash(h));
		const got = await page.eval(`(() => {
			const t = (${readTable.toString()})('section.inlined table');
			return { t, adds: (document.querySelector('p.adds-up') || {}).textContent || '' };
		})()`);
		if (!got.t)
			return h.function + ': its page lists no inlined code (the JSON has ' + list.length + ')';
		const shown = got.t.rows.map(r => r.whereTitle + ' ' + r.cells.map(c => c.count).join(' ')).sort();
		const evs = got.t.heads.filter(x => / incl$/.test(x)).map(x => json.events.findIndex(e => e.name + ' incl' === x));
		const dot = v => v === null ? '.' : json.base !== undefined ? signed(v) : group(v);
		const want = list.map(g => whereOf(g) + ' ' + evs.map(ev => dot(g.inclusive[ev]) + ' ' +
			dot(g.self[ev])).join(' ')).sort();
		if (shown.join('\n') !== want.join('\n'))
			return h.function + ': inlined code ' + JSON.stringify(shown.slice(0, 2)) + ', the JSON ' + JSON.stringify(want.slice(0, 2));
		const ok = addsUp(json, h, list);
		const says = /add up to its inclusive cost/.test(got.adds) && !/do not add up/.test(got.adds);
		if (ok !== says)
			return h.function + ': the page says ' + JSON.stringify(got.adds) + ', but the JSON\'s figures ' +
				(ok ? '' : 'do not ') + 'add up';
		if (!ok && !/: .{20,}/.test(got.adds))
			return h.function + ': the page does not say why they do not add up';
	}
	return null;
}

/* In the page: the warnings banner of the view shown, as text. */
const bannerItems = `Array.from(document.querySelectorAll('#app .warnings li'), li => li.textContent)`;

async function checkWarnings(page, json) {
	const want = json.warnings || [];
	for (const hash of ['#functions', '#flame', '#help']) {
		await goTo(page, hash);
		const got = await page.eval(bannerItems);
		if (got.join('\n') !== want.join('\n'))
			return hash + ': the banner reads ' + JSON.stringify(got) + ', the JSON\'s warnings are ' + JSON.stringify(want);
	}
	return null;
}

/* A page given warnings of its own (its data changed here): each shows as
 * text on every view, a function's page included. */
async function checkWarningsGiven(browser, kase, json) {
	const warnings = ['x.out: ends without a totals: line; the profile may be truncated',
		'<b>not bold</b> & "quoted"', 'x.out:12: malformed line, ignored: \'\u0007\''];
	const html = fs.readFileSync(kase.html, 'utf8');
	const open = '<script type="application/json" id="cga-data">';
	const at = html.indexOf(open) + open.length, end = html.indexOf('</script>', at);
	const model = JSON.parse(html.slice(at, end));
	model.warnings = warnings;
	const data = JSON.stringify(model).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
	const file = kase.html.replace(/\.html$/, '-warned.html');
	fs.writeFileSync(file, html.slice(0, at) + data + html.slice(end));
	const page = await browser.newPage(1366, 768);
	try {
		await page.open(file);
		for (let i = 0; i < 100 && !await page.eval('!!(window.cgaReport && window.cgaReport.ready)'); i++)
			await sleep(50);
		const f = json.functions[0];
		for (const hash of ['#functions', '#flame', '#help', pageHash(f)]) {
			await goTo(page, hash);
			const got = await page.eval(`({ items: ${bannerItems}, bold: document.querySelectorAll('#app .warnings li *').length,
				shown: (document.querySelector('#app .warnings') || { getBoundingClientRect: () => ({ height: 0 }) })
					.getBoundingClientRect().height })`);
			if (got.items.join('\n') !== warnings.join('\n') || got.shown === 0 || got.bold)
				return hash + ': the banner reads ' + JSON.stringify(got.items);
		}
		return page.errors.length ? page.errors[0] : null;
	} finally {
		await page.close();
	}
}

/* Typing into the flame graph's search box leaves the graph where it is. */
async function checkSearchStill(page) {
	await goTo(page, '#flame');
	const moved = await page.eval(`(() => {
		const box = document.getElementById('flame-search'), svg = document.querySelector('.flame-box svg');
		if (!box || !svg) return null;
		const top = () => svg.getBoundingClientRect().top;
		const before = top(), out = [];
		for (const text of ['.', 'a', '^no such function at all$', '(', 'e|i|o|u', '']) {
			box.value = text;
			box.dispatchEvent(new Event('input'));
			if (Math.abs(top() - before) > 0.5) out.push(JSON.stringify(text) + ' moves it by ' + (top() - before).toFixed(1) + 'px');
		}
		return out;
	})()`);
	return moved && moved.length ? 'typing into the search box: ' + moved.join('; ') : null;
}

/* The call graph opens at a size whose text is at least 8 pixels tall
 * fitted to the window; where fitting would make it smaller, at the size
 * dot drew it. */
async function checkGraphOpens(page) {
	await goTo(page, '#help');
	await goTo(page, '#callgraph');
	const r = await page.eval(`(() => {
		const svg = document.querySelector('svg.callgraph');
		if (!svg) return null;
		const fit = document.querySelector('.tools input[type=checkbox]');
		const text = () => {
			let least = Infinity;
			for (const t of svg.querySelectorAll('text')) {
				const b = t.getBoundingClientRect();
				if (b.height > 0) least = Math.min(least, parseFloat(getComputedStyle(t).fontSize) *
					svg.getBoundingClientRect().width / svg.viewBox.baseVal.width);
			}
			return least;
		};
		const first = { fitted: fit.checked, text: text() };
		if (!first.fitted) fit.click();
		const fitted = text();
		if (!first.fitted) fit.click();
		return { first, fitted };
	})()`);
	if (r === null)
		return null;
	if (r.first.fitted && r.first.text < 8)
		return 'the graph opens fitted with text ' + r.first.text.toFixed(1) + ' pixels tall';
	if (!r.first.fitted && r.fitted >= 8)
		return 'the graph opens at its full size, though fitted its text is ' + r.fitted.toFixed(1) + ' pixels tall';
	return null;
}

/* The call graph draws as many functions as the data says, and its
 * caption says so where they are fewer than reach --node-thres. */
async function checkGraphCaption(page, g) {
	await goTo(page, '#callgraph');
	const r = await page.eval(`(() => ({
		nodes: document.querySelectorAll('svg.callgraph g.node').length,
		caption: (document.querySelector('.tools .muted') || {}).textContent || ''
	}))()`);
	if (r.nodes !== g.drawn)
		return 'the graph has ' + r.nodes + ' nodes, the data says ' + g.drawn + ' are drawn';
	const cut = 'the ' + g.drawn + ' largest of the ' + g.reached + ' functions of at least ' + g.node_thres + ' %';
	if (g.drawn < g.reached && !r.caption.includes(cut))
		return 'the caption ' + JSON.stringify(r.caption) + ' does not say "' + cut + '"';
	if (g.drawn === g.reached && r.caption.includes('largest'))
		return 'the caption ' + JSON.stringify(r.caption) + ' says the graph is cut, though it draws all ' + g.reached;
	return null;
}

/* A diff writes growth with "+": every count of the table against the
 * JSON's. */
async function checkSigns(page, json) {
	const t = await wholeTable(page, true);
	const byKey = new Map(json.functions.map(f => [keyOf(f), f]));
	const cols = columnsOf(t.heads, json);
	for (const r of t.rows) {
		const f = functionOf(byKey, r);
		if (f === null)
			continue;
		for (let k = 0; k < cols.length; k++) {
			const c = cols[k];
			const v = c.kind === 'calls' ? f.calls : c.kind === 'self' ? f.self[c.ev] : f.inclusive[c.ev];
			if (v === null || c.kind === APPROX)
				continue;
			const want = c.kind === 'calls' && v === 0 ? '\u00b10' : signed(v);
			if (r.cells[k].count !== want)
				return f.function + ': ' + (c.kind === 'calls' ? 'calls' : json.events[c.ev].name + ' ' + c.kind) +
					' reads ' + r.cells[k].count + ', the change is ' + v;
			if (r.cells[k].pct && Number(v) > 0 && !r.cells[k].pct.startsWith('+'))
				return f.function + ': the share ' + r.cells[k].pct + ' of a growth has no +';
		}
	}
	return null;
}

async function run(page, kase, json, data, check, browser) {
	if (kase.kind === 'aprof')
		return;
	const label = kase.name;
	const estimates = json.functions.some(f => json.events.some((e, ev) => estimateBeside(f, ev) !== null));
	const nested = json.functions.some(f => f.callees.some(c => c.recursive));
	await check(label + ': the warnings about the input in a banner on every view', () => checkWarnings(page, json));
	if (kase.name === 'c')
		await check(label + ': a page given warnings shows each, as text, on every view', () =>
			checkWarningsGiven(browser, kase, json));
	if (estimates) {
		await check(label + ': bounds marked \u2265 beside their estimates \u2248 in the table, sorted by either', () =>
			checkEstimates(page, json));
		await check(label + ': function pages show the bound and the estimate', () => checkEstimatePages(page, json, data.page.primary, 6));
	}
	if (nested && kase.kind !== 'diff')
		await check(label + ': calls inside cycles marked ' + NESTED + ', without a share; no bare share above 100%', () =>
			checkRecursiveCalls(page, json, 8));
	if (json.cycles.length && kase.kind !== 'diff')
		await check(label + ': cycle pages: members by estimated cost, the calls entering and leaving', () =>
			checkCycles(page, json, data.page.primary, 2));
	if (kase.kind !== 'diff')
		await check(label + ': every function of the graphs has its page', () => checkWhole(page, json, 5));
	if (kase.dotfile)
		await check(label + ': names as the call graph labels them, on one line, in full on hover and on the page', () =>
			checkNames(page, kase, json));
	if (json.functions.some(f => f.inlined_into))
		await check(label + ': inlined code labelled, listed by its host, whose figures add up or say why not', () =>
			checkInlined(page, json, 8));
	if (data.flame && !data.flame.missing)
		await check(label + ': typing into the search box does not move the flame graph', () => checkSearchStill(page));
	if (data.callgraph && data.callgraph.svg) {
		await check(label + ': the call graph opens fitted only where its text stays 8 pixels tall', () =>
			checkGraphOpens(page));
		await check(label + ': the call graph draws the functions its caption says', () =>
			checkGraphCaption(page, data.callgraph));
	}
	if (kase.kind === 'diff')
		await check(label + ': growth is written with +', () => checkSigns(page, json));
	await goTo(page, '#functions');
}

module.exports = { run, checkFirstRows, readDot, estimateBeside, goTo, readTable };
