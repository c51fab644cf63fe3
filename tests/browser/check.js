/* Loads HTML reports of cgannotate in headless Chromium and checks, after
 * their scripts ran, what a person sees -- the page's text (innerText), its
 * geometry (getBoundingClientRect), its computed colours -- against what
 * cgannotate writes with the same options in --format=json, --format=folded
 * and --format=dot and the text report, never against the page's data
 * attributes or its script's model (TAP on standard output):
 *
 *   - the function table's rows, in order, show the JSON report's
 *     functions: name (one of more than 60 characters shortened as the
 *     call graph labels it, in full on hover), file [object] (for code
 *     inlined from another file "inlined into HOST from file [object]",
 *     HOST what the JSON's inlined_into names), every shown event's
 *     inclusive and self counts with their percentages (a bound that its
 *     estimate differs from marked "≥", as check-page.js checks the
 *     estimates' columns), the calls; cycles, when the JSON has them, are
 *     rows too, their inclusive cost in the estimates' column too;
 *   - clicking a column's header sorts the rows by what it shows, marks
 *     and all, down then up;
 *   - the filter box shows exactly the rows of the functions that match;
 *   - a function's page lists the callers and callees the JSON lists, with
 *     their names, where they live, counts and costs (a call inside a
 *     cycle of calls its costs marked "↻", with no share), and the
 *     instructions and jumps it has, with their counts, amid the lines
 *     the text report's --asm listing shows;
 *   - the flame graph, of the page and of the SVGs of --format=flamegraph
 *     (kind "svg"): check-flame.js's checks, against the folded stacks,
 *     the JSON and the call graph's labels;
 *   - with dot, the call graph has the nodes and edges of --format=dot and
 *     its nodes open their functions; fitted to the window it is all in it
 *     and never larger than dot drew it; without dot, a SKIP;
 *   - aprof reports: the routine table against the JSON's routines, its
 *     sorting and filter, a routine's page with its plot;
 *   - a link to no view, function, cycle or routine of the report, or one
 *     whose %-escapes are malformed, shows a note in the page's frame;
 *   - no view scrolls sideways in a window 1366 pixels wide;
 *   - no error reaches the console, no request leaves the file, and no
 *     script of the profile's runs (window.__pwned stays unset);
 *   - check-page.js's checks of what the page says of estimates, cycles,
 *     names, inlined code and warnings.
 *
 * A case whose profile is absent ({name, kind, absent: WHY}) has its
 * checks as SKIPs, a page that does not load has each of them fail: the
 * number of checks is fixed.
 *
 * usage: node check.js MANIFEST  (a JSON array of cases written by
 * tests/browser.sh: {name, kind, html, json, folded, text, graph, dot,
 * labels, old, new, svg}, or {name, kind: "svg", svg, folded or old and
 * new, json, labels}; tests/browser-flame.sh writes cases of kind "svg")
 * Environment: CHROMIUM, the browser to run [/usr/bin/chromium];
 * BROWSER_CHECKS, a regular expression: only the checks it matches. */
'use strict';

const fs = require('fs');
const { eachCase } = require('./cdp.js');
const pageChecks = require('./check-page.js');
const flameChecks = require('./check-flame.js');
const { goTo } = pageChecks;

let n = 0;
let failed = 0;
let known = 0;
/* While set, the checks of a case are not run, so that the number of
 * checks stays the same whatever happens: { skip: REASON } (its profile
 * or a tool is absent: each is a TAP SKIP) or { fail: REASON } (the page
 * did not load: each fails). */
let skipping = null;

function tap(ok, what, why) {
	n++;
	if (!ok)
		failed++;
	console.log((ok ? 'ok ' : 'not ok ') + n + ' - ' + what + (ok || !why ? '' : ': ' + why));
}

/* FN's promise gives null (the check passed), a string (why it failed),
 * { skip: REASON } or { todo: REASON, why }: a known bug of the program,
 * an expected failure. */
/* BROWSER_CHECKS=RE in the environment runs only the checks whose
 * description matches (and each case's first, which loads it): the
 * planted bugs of tests/mutants.sh need one. */
const only = process.env.BROWSER_CHECKS ? new RegExp(process.env.BROWSER_CHECKS) : null;

function check(what, fn, always) {
	if (only !== null && !always && !only.test(what)) {
		n++;
		console.log('ok ' + n + ' - ' + what + ' # SKIP not asked for (BROWSER_CHECKS)');
		return Promise.resolve();
	}
	if (skipping !== null && skipping.skip) {
		n++;
		console.log('ok ' + n + ' - ' + what + ' # SKIP ' + skipping.skip);
		return Promise.resolve();
	}
	if (skipping !== null) {
		tap(false, what, skipping.fail);
		return Promise.resolve();
	}
	return fn().then(r => {
		if (r && r.skip) {
			n++;
			console.log('ok ' + n + ' - ' + what + ' # SKIP ' + r.skip);
		} else if (r && r.todo) {
			n++;
			known++;
			console.log('not ok ' + n + ' - ' + what + ': ' + r.why + ' # TODO ' + r.todo);
		} else {
			tap(!r, what, r);
		}
	}, e => tap(false, what, e.stack || String(e)));
}

const sleep = ms => new Promise(r => setTimeout(r, ms));

/* ---- what the page should show, from the JSON report ---- */

const grouped = v => String(v).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/* A count as the tables show it: grouped digits, "." where absent, in a
 * diff signed. */
function countShown(v, diff) {
	if (v === null || v === undefined)
		return '.';
	const s = grouped(v);
	return diff && !s.startsWith('-') && s !== '0' ? '+' + s : s;
}

/* A call count as the text report writes it: grouped digits, and in a diff
 * signed, "±0" where it did not change. */
function countText(n, diff) {
	const s = grouped(n);
	if (!diff)
		return s;
	return s === '0' ? '\u00b10' : s.startsWith('-') ? s : '+' + s;
}

/* The percentage shown beside a count V of event EV: its share of the
 * program's total (in a diff, of OLD's), to two decimals, none for an
 * absent or zero count. */
function pctShown(json, v, ev) {
	const total = Number((json.base || json.totals)[ev] || 0);
	if (v === null || v === undefined || Number(v) === 0 || total === 0)
		return '';
	const p = Number(v) * 100 / Math.abs(total);
	return (json.base && p > 0 ? '+' : '') + p.toFixed(2) + '%';
}

/* "file [object]", as a function's line says where it lives. */
const whereOf = f => f.file + (f.object ? ' [' + f.object + ']' : '');

/* The marks before a count: a proven lower bound (and before its share),
 * a call inside a cycle of calls (whose cost counts nested activations
 * again: no share). */
const GE = '\u2265', NESTED = '\u21bb';

/* Names as the lists show them, of the JSON report JSON: a name of more
 * than 60 characters shortened as the call graph labels it (the first
 * line of its label in --format=dot with every node and the same
 * options, KASE.labels). */
function namesShown(kase, json) {
	const labels = kase.labels ? pageChecks.readDot(kase.labels) : new Map();
	const short = new Map();
	for (const f of json.functions) {
		const label = labels.get(f.file + ':' + f.function);
		if (label !== undefined && !/^code inlined into /.test(label[0]))
			short.set(f.function, label[0]);
	}
	return name => {
		if ([...name].length <= 60)
			return name;
		if (!short.has(name))
			throw new Error('the call graph labels no function ' + JSON.stringify(name.slice(0, 80)));
		return short.get(name);
	};
}

/* Where the JSON's function F lives, as its line says: "file [object]",
 * and for code inlined from another file "inlined into HOST from file
 * [object]", HOST the name (as SHOWN shows it) of the function the JSON's
 * inlined_into names. */
function whereShown(f, shown) {
	return (f.inlined_into ? 'inlined into ' + shown(f.inlined_into.function) + ' from ' : '') + whereOf(f);
}

/* A shown count as a number (its mark, if any, left out): BigInt, null
 * for ".", 0 for "\u00b10". */
function shownValue(text) {
	const t = text.replace(/^[\u2265\u2248\u21bb]\u00a0/, '');
	if (t === '.' || t === '')
		return null;
	return t === '\u00b10' ? 0n : BigInt(t.replace(/[,+]/g, ''));
}

/* In the page: the text a person sees of a table cell of counts. */
function cellText(td) {
	const count = td.querySelector('.count'), pct = td.querySelector('.pct');
	return { count: count ? count.innerText : td.innerText, pct: pct ? pct.innerText : '' };
}

/* COUNT and PCT (cellText's) against the JSON's count V of event EV,
 * marked MARK (none; GE before the count and the share; NESTED before the
 * count, and no share). */
function badCell(json, shown, v, ev, mark) {
	const diff = json.base !== undefined;
	const before = mark ? mark + '\u00a0' : '';
	const pct = mark === NESTED ? '' : pctShown(json, v, ev);
	const want = { count: (v === null || v === undefined ? '' : before) + countShown(v, diff),
		pct: pct && before + pct };
	return shown.count === want.count && shown.pct === want.pct ? null
		: JSON.stringify(shown.count + ' ' + shown.pct) + ', not ' + JSON.stringify(want.count + ' ' + want.pct);
}

/* The function table as a person sees it, every column switched on and
 * every row shown: the headers' text and each row's cells, its name as
 * shown and in full (its tooltip, where it has one). */
async function tableRows(page) {
	return page.eval(`(() => {
		const cellText = ${cellText.toString()};
		const more = document.querySelector('button.more');
		if (more) more.click();
		for (const box of document.querySelectorAll('fieldset.columns input[type=checkbox]'))
			if (!box.checked) box.click();
		const heads = Array.from(document.querySelectorAll('table.functions thead th'),
			th => th.innerText.replace(/[\\u25be\\u25b4]/g, '').trim());
		return { heads, rows: Array.from(document.querySelectorAll('table.functions tbody tr')).map(tr => {
			const name = tr.querySelector('td.name .fname');
			return { name: name.title || name.innerText, shown: name.innerText,
				where: tr.querySelector('td.name .where').innerText,
				cells: Array.from(tr.querySelectorAll('td.num'), cellText) };
		}) };
	})()`);
}

/* The headers of a table of counts: per column [event index, kind] from
 * their text ("Ir incl", "Ir \u2248", "Ir self", or an event's name), null
 * for others. */
function columnsOf(json, heads) {
	const names = json.events.map(e => e.name);
	return heads.map(h => {
		const m = /^(.*) (incl|self|\u2248)$/.exec(h);
		const ev = names.indexOf(m ? m[1] : h);
		return ev < 0 ? null : [ev, !m || m[2] === 'incl' ? 'inclusive' : m[2] === 'self' ? 'self'
			: 'inclusive_estimate'];
	});
}

/* Each row of the table shows a function of the JSON, in its order, with
 * its name (shortened as the call graph labels it, in full on hover),
 * where it lives (code inlined from another file: into what), its counts
 * and their percentages (a bound that its estimate differs from marked
 * \u2265: the estimates beside it are check-page.js's), its calls; a
 * cycle's row "<cycle N>" and its counts, its inclusive cost in the
 * estimates' column too, where the JSON has cycles. */
async function checkTable(page, kase, json, data) {
	const { heads, rows } = await tableRows(page);
	const diff = json.base !== undefined;
	const shown = namesShown(kase, json);
	const cols = columnsOf(json, heads);
	const nev = heads.length - 2;
	if (nev < 2 || heads[nev] !== 'calls' || heads[nev + 1] !== 'function' ||
		cols.slice(0, nev).some(c => c === null))
		return 'the table\'s headers: ' + JSON.stringify(heads);
	const cycles = new Map((json.cycles || []).map(c => [c.id, c]));
	const cycleOf = r => {
		const m = /^<cycle (\d+)>$/.exec(r.name);
		const c = m && cycles.get(Number(m[1]));
		return c && r.where === c.members.length + ' functions' ? c : null;
	};
	const fns = rows.filter(r => !cycleOf(r));
	if (fns.length !== json.functions.length)
		return fns.length + ' function rows, the JSON has ' + json.functions.length;
	const bad = (r, what, v, i, mark) => {
		const b = badCell(json, r.cells[i], v, cols[i][0], mark);
		return b && what + ': ' + heads[i] + ' shows ' + b;
	};
	for (let i = 0; i < fns.length; i++) {
		const r = fns[i], j = json.functions[i];
		if (r.name !== j.function || r.shown !== shown(j.function) || r.where !== whereShown(j, shown))
			return 'row ' + i + ' shows ' + JSON.stringify(r.shown + ' ' + r.where) + ' (' +
				JSON.stringify(r.name.slice(0, 80)) + ' in full), the JSON has ' +
				JSON.stringify(shown(j.function) + ' ' + whereShown(j, shown));
		for (let k = 0; k < nev; k++) {
			const [ev, kind] = cols[k];
			if (kind === 'inclusive_estimate')
				continue;
			const bound = kind === 'inclusive' && pageChecks.estimateBeside(j, ev) !== null;
			const why = bad(r, j.function, j[kind] && j[kind][ev], k, bound ? GE : null);
			if (why)
				return why;
		}
		if (r.cells[nev].count !== (j.calls === null ? '' : countText(j.calls, diff)))
			return j.function + ': calls shows ' + JSON.stringify(r.cells[nev].count) + ', JSON ' + j.calls;
	}
	const cycleRows = rows.filter(cycleOf);
	if (data.page.inclusive !== 'no' && cycleRows.length !== cycles.size)
		return cycleRows.length + ' cycle rows, the JSON has ' + cycles.size + ' cycles';
	for (const r of cycleRows)
		for (let k = 0; k < nev; k++) {
			const c = cycleOf(r), [ev, kind] = cols[k];
			const v = kind === 'self' ? c.self : c.inclusive;
			const why = bad(r, r.name, v && v[ev], k, null);
			if (why)
				return why;
		}
	return null;
}

/* Clicking a header (found by its text) sorts the rows by what that
 * column shows, down, then up; in a diff costs by their size. */
async function checkSort(page, json, data) {
	const ev = json.events[data.page.primary].name;
	const diff = json.base !== undefined;
	for (const [head, dir] of [[ev + ' incl', -1], [ev + ' incl', 1], [ev + ' self', -1], ['calls', -1],
		['function', 1]]) {
		const r = await page.eval(`(() => {
			const cellText = ${cellText.toString()};
			const heads = () => Array.from(document.querySelectorAll('table.functions thead th'));
			const label = th => th.innerText.replace(/[\\u25be\\u25b4]/g, '').trim();
			const arrow = ${dir} < 0 ? '\\u25be' : '\\u25b4';
			let th;
			for (let k = 0; k < 3; k++) {
				th = heads().find(h => label(h) === ${JSON.stringify(head)});
				if (!th || th.innerText.includes(arrow))
					break;
				th.querySelector('button').click();
			}
			if (!th || !th.innerText.includes(arrow))
				return null;
			const col = heads().indexOf(th);
			return Array.from(document.querySelectorAll('table.functions tbody tr'), tr =>
				${JSON.stringify(head)} === 'function' ? (e => e.title || e.innerText)(tr.querySelector('td.name .fname'))
					: cellText(tr.children[col]).count);
		})()`);
		if (r === null)
			return 'no header ' + JSON.stringify(head) + ' that sorts ' + (dir < 0 ? 'down' : 'up');
		const key = head === 'function' ? x => x : x => {
			const v = shownValue(x);
			return v === null ? null : diff && head !== 'calls' && v < 0n ? -v : v;
		};
		for (let i = 1; i < r.length; i++) {
			const a = key(r[i - 1]), b = key(r[i]);
			const c = a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1;
			if (c * dir > 0)
				return 'sorted by ' + head + (dir < 0 ? ' down' : ' up') + ': row ' + i + ' ' + r[i] +
					' after ' + r[i - 1];
		}
	}
	return null;
}

/* Typing a regular expression into the filter box shows exactly the
 * functions of the JSON whose name or "file [object]" it matches, each
 * with its name and where it lives. */
async function checkFilter(page, kase, json, filters) {
	const shown = namesShown(kase, json);
	for (const text of filters) {
		const rows = await page.eval(`(() => {
			const box = document.getElementById('filter');
			box.value = ${JSON.stringify(text)};
			box.dispatchEvent(new Event('input'));
			const more = document.querySelector('button.more');
			if (more) more.click();
			return Array.from(document.querySelectorAll('table.functions tbody tr:not(.cycle)')).map(tr =>
				(e => e.title || e.innerText)(tr.querySelector('td.name .fname')) + '\\u0000' + tr.querySelector('td.name .where').innerText);
		})()`);
		const re = new RegExp(text);
		const want = json.functions.filter(f => re.test(f.function) || re.test(whereOf(f)))
			.map(f => f.function + '\u0000' + whereShown(f, shown));
		const count = list => list.reduce((m, x) => m.set(x, (m.get(x) || 0) + 1), new Map());
		const got = count(rows);
		for (const [x, k] of count(want))
			if (got.get(x) !== k)
				return 'filter ' + text + ': ' + JSON.stringify(x.replace('\u0000', ' ')) + ' shown ' + (got.get(x) || 0) +
					' times, ' + k + ' functions of the JSON match';
		if (rows.length !== want.length)
			return 'filter ' + text + ': ' + rows.length + ' rows, ' + want.length + ' functions match';
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
 * report: the instructions the JSON has show its counts, in its order,
 * every other instruction none ("."); the page shows the lines the text's
 * --asm listing shows. */
function checkCode(json, j, got, text) {
	const instr = j.instructions || [];
	let k = 0;
	for (const b of got.blocks)
		for (const r of b.rows) {
			if (k < instr.length && r.address === instr[k].address) {
				for (let e = 0; e < got.codeEvents.length; e++) {
					const bad = badCell(json, r.cells[e], instr[k].self[got.codeEvents[e]], got.codeEvents[e]);
					if (bad)
						return j.function + ' ' + r.address + ': ' + json.events[got.codeEvents[e]].name +
							' shows ' + bad;
				}
				k++;
			} else if (r.cells.some(c => c.count !== '.')) {
				return j.function + ' ' + r.address + ': counts ' + JSON.stringify(r.cells.map(c => c.count)) +
					' where the JSON ' + (k < instr.length ? 'has ' + instr[k].address + ' next' : 'has no more');
			}
		}
	if (k < instr.length)
		return j.function + ': the JSON\'s instruction ' + instr[k].address + ' is not shown with its counts';
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
		for (let i = 0; i < Math.max(w.length, g.length); i++)
			if (!w[i] || !g[i] || w[i][0] !== g[i][0] || w[i][1] !== g[i][1])
				return want[b].head + ' line ' + i + ': ' + JSON.stringify(g[i]) + ', the text report has ' +
					JSON.stringify(w[i]);
	}
	return null;
}

/* Function pages (of the first MAX functions that have one): the title,
 * the callers and callees the JSON lists, in its order, each row showing
 * the function's name and where it lives, the call's costs with their
 * percentages (a call inside a cycle of calls, JSON's "recursive", its
 * costs marked \u21bb and no share) and its count; the machine code
 * (checkCode). */
async function checkPages(page, kase, json, data, max, text) {
	const diff = json.base !== undefined;
	const shownName = namesShown(kase, json);
	const byKey = new Map(json.functions.map(f => [f.file + '\u0000' + f.function, f]));
	let seen = 0;
	for (let i = 0; i < json.functions.length && seen < max; i++) {
		const j = json.functions[i];
		/* Which functions have a page of their own: those the --threshold
		 * keeps; the rest say so. */
		if (data.functions[i].callers === undefined)
			continue;
		seen++;
		const hash = '#function/' + encodeURIComponent(j.file) + '/' + encodeURIComponent(j.function);
		await goTo(page, hash);
		const lists = await page.eval(`(() => {
			const cellText = ${cellText.toString()};
			const names = ${JSON.stringify(json.events.map(e => e.name))};
			const events = sec => Array.from(sec ? sec.querySelectorAll('thead th') : [], th => th.innerText)
				.map(t => names.indexOf(t)).filter(e => e >= 0);
			const read = sec => Array.from(sec.querySelectorAll('tbody tr'), tr => ({
				name: (e => e.title || e.innerText)(tr.querySelector('td.name .fname')),
				shown: tr.querySelector('td.name .fname').innerText,
				where: tr.querySelector('td.name .where').innerText,
				cells: Array.from(tr.querySelectorAll('td.num'), cellText),
			}));
			const listing = sec => {
				const rows = Array.from(sec.querySelectorAll('table.asm tr.instr, table.asm tr.at, ' +
					'table.asm tr.gap, table.asm tr.call, table.asm tr.jump, table.asm tr.annotated'));
				const line = tr => {
					const code = Array.from(tr.querySelectorAll('td.code'), td => td.innerText);
					const kind = ['instr', 'at', 'gap', 'call', 'jump', 'annotated']
						.find(c => tr.classList.contains(c));
					if (kind === 'instr')
						return [kind, code[0] + (code[1] ? '  ' + code[1] : '')];
					if (kind === 'call')
						return [kind, /\\((.*)x\\)$/.exec(code[0])[1]];
					return [kind, kind === 'gap' ? '' : kind === 'at' ? code[0].replace(/^# /, '') : code[0]];
				};
				const note = sec.querySelector('.note');
				return { head: sec.querySelector('.asm-head').innerText,
					lines: (note ? [['note', note.innerText]] : []).concat(rows.map(line)),
					rows: Array.from(sec.querySelectorAll('table.asm tr.instr'), tr => ({
						address: tr.querySelector('td.code').innerText,
						cells: Array.from(tr.querySelectorAll('td.num'), cellText) })) };
			};
			const section = cls => document.querySelector('section.' + cls);
			return { title: document.querySelector('h2').innerText,
				blocks: Array.from(document.querySelectorAll('section.asm-listing'), listing),
				codeEvents: events(section('asm-listing')),
				callers: section('callers') ? read(section('callers')) : [],
				callees: section('callees') ? read(section('callees')) : [],
				heads: { callers: section('callers') && section('callers').querySelector('h3').innerText,
					callees: section('callees') && section('callees').querySelector('h3').innerText },
				callersEvents: events(section('callers')), calleesEvents: events(section('callees')) };
		})()`);
		if (lists.title !== j.function)
			return hash + ': the page is of ' + lists.title;
		const code = checkCode(json, j, lists, text);
		if (code)
			return code;
		for (const kind of ['callers', 'callees']) {
			const want = j[kind], got = lists[kind];
			const head = (kind === 'callers' ? 'Callers' : 'Callees') + ' (' + want.length + ')';
			if (lists.heads[kind] !== head)
				return j.function + ': ' + JSON.stringify(lists.heads[kind]) + ', not ' + JSON.stringify(head);
			if (want.length !== got.length)
				return j.function + ': ' + got.length + ' ' + kind + ', the JSON lists ' + want.length;
			const shown = lists[kind + 'Events'];
			if (shown.length === 0 && want.length > 0)
				return j.function + ': the ' + kind + ' show no event';
			for (let k = 0; k < want.length; k++) {
				const w = want[k], g = got[k];
				const other = byKey.get(w.file + '\u0000' + w.function) || { file: w.file, function: w.function };
				const where = whereShown(other, shownName);
				if (g.name !== w.function || g.shown !== shownName(w.function) || g.where !== where)
					return j.function + ': ' + kind + ' ' + k + ' shows ' + JSON.stringify(g.shown + ' ' + g.where) +
						', the JSON has ' + JSON.stringify(shownName(w.function) + ' ' + where);
				for (let e = 0; e < shown.length; e++) {
					const bad = badCell(json, g.cells[e], w.inclusive[shown[e]], shown[e], w.recursive ? NESTED : null);
					if (bad)
						return j.function + ': ' + kind + ' ' + w.function + ': ' + json.events[shown[e]].name +
							' shows ' + bad;
				}
				if (g.cells[shown.length].count !== countText(w.count, diff))
					return j.function + ': ' + kind + ' ' + w.function + ' count shows ' +
						g.cells[shown.length].count + ', not ' + countText(w.count, diff);
			}
		}
	}
	return seen === 0 ? 'no function has a page' : null;
}

/* Nodes and edges of a DOT graph, counted as tests/dot-render.sh counts
 * them. */
/* The nodes of the DOT text FILE, the first LIMIT of them (the page draws
 * the largest, which come first), and the edges between those. */
function dotCounts(file, limit) {
	const id = '"(?:[^"\\\\]|\\\\.)*"';
	const nodeRe = new RegExp('^\\t(' + id + ') \\['), edgeRe = new RegExp('^\\t(' + id + ') -> (' + id + ')');
	const lines = fs.readFileSync(file, 'utf8').split('\n');
	const nodes = new Set();
	let edges = 0;
	for (const l of lines) {
		const e = edgeRe.exec(l), n = e ? null : nodeRe.exec(l);
		if (n && nodes.size < limit)
			nodes.add(n[1]);
		else if (e && nodes.has(e[1]) && nodes.has(e[2]))
			edges++;
	}
	return { nodes: nodes.size, edges };
}

/* With dot, the call graph is drawn (no note in its place) with the nodes
 * and edges of --format=dot with the same options (its first nodes, as
 * many as the page says it draws); clicking a node opens
 * the page of the function its tooltip names; the fitted size
 * (checkGraphFit).  Without dot, skipped. */
async function checkCallgraph(page, kase) {
	await goTo(page, '#callgraph');
	const r = await page.eval(`({ nodes: document.querySelectorAll('#app svg.callgraph g.node').length,
		edges: document.querySelectorAll('#app svg.callgraph g.edge').length,
		drawn: window.cgaReport.data.callgraph.drawn,
		note: document.querySelector('#app .note') && document.querySelector('#app .note').innerText })`);
	if (!kase.dot)
		return r.nodes === 0 ? { skip: 'dot (Graphviz) not found' } : r.nodes + ' nodes drawn without dot';
	if (r.note)
		return 'no call graph: ' + r.note;
	const want = dotCounts(kase.graph, r.drawn);
	if (r.nodes !== want.nodes || r.edges !== want.edges)
		return r.nodes + ' nodes and ' + r.edges + ' edges drawn, --format=dot\'s first ' + r.drawn +
			' nodes have ' + want.nodes + ' and ' + want.edges;
	/* The first nodes: each a link to its function. */
	for (let k = 0; k < Math.min(3, r.nodes); k++) {
		const got = await page.eval(`(() => {
			const node = document.querySelectorAll('#app svg.callgraph g.node')[${k}];
			const title = node.querySelector('title').textContent;
			node.dispatchEvent(new MouseEvent('click', { bubbles: true }));
			return new Promise(done => setTimeout(() => done({ title,
				page: document.querySelector('#app h2') && document.querySelector('#app h2').innerText,
				where: document.querySelector('#app p.where') && document.querySelector('#app p.where').innerText }), 30));
		})()`);
		/* The tooltip is the node's DOT id, "file:function" (escaped
		 * where a name needs it: then the page is only required). */
		const file = got.where === null ? null : got.where.replace(/ \[.*\]$/, '');
		if (got.page === null || (!kase.hostile && got.title !== file + ':' + got.page))
			return 'clicking the node ' + JSON.stringify(got.title) + ' opens ' + JSON.stringify(got.page);
		await goTo(page, '#callgraph');
	}
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
		/* It opens fitted only where its text stays readable. */
		if (!fit.checked)
			fit.click();
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
	const page = kase.absent ? null : await browser.newPage(1366, 768);
	const label = kase.name;
	let json = null, data = null;
	skipping = kase.absent ? { skip: kase.absent } : null;
	await check(label + ': loads, its script draws the report', async () => {
		const ms = await page.open(kase.html);
		for (let i = 0; i < 100 && !await page.eval('!!(window.cgaReport && window.cgaReport.ready)'); i++)
			await sleep(50);
		if (!await page.eval('!!(window.cgaReport && window.cgaReport.ready)')) {
			skipping = { fail: 'the page did not load' };
			return 'not ready after ' + ms + ' ms';
		}
		json = JSON.parse(fs.readFileSync(kase.json, 'utf8'));
		data = await page.eval('window.cgaReport.data');
		return null;
	}, true);
	if (kase.kind === 'callgrind' && kase.text)
		await check(label + ': the table lists first the text report\'s rows', () => pageChecks.checkFirstRows(page, kase));
	await check(label + ': every view fits the window\'s width', () => checkWidth(page, data, kase.kind === 'aprof'));
	if (kase.kind === 'aprof') {
		await check(label + ': routine table, sorting, filter, routine pages', () => checkAprof(page, json));
	} else {
		await check(label + ': table rows and numbers are the JSON report\'s', () => checkTable(page, kase, json, data));
		await check(label + ': clicking a header sorts by it', () => checkSort(page, json, data));
		await check(label + ': the filter hides the rows that do not match', () =>
			checkFilter(page, kase, json, kase.filters || ['^_', 'main|malloc', 'a.*b']));
		await check(label + ': function pages list the JSON\'s callers and callees', () =>
			checkPages(page, kase, json, data, kase.pages || 8, kase.text ? readAsmText(kase.text) : null));
		await check(label + ': the flame graph\'s frames are the folded stacks\', as drawn', () =>
			flameChecks.checkFlame(page, kase, json, data));
		await check(label + ': a zoom draws the frames below at their scaled widths', () =>
			flameChecks.checkZoom(page, kase, json, data));
		await check(label + ': the flame graph\'s text fits its frames and the picture', async () => {
			await goTo(page, '#flame');
			return flameChecks.checkFit(page, 'window.cgaReport.flame');
		});
		if (kase.svg)
			await check(label + ': the page\'s flame graph has the tooltips and colours of the SVG', () =>
				flameChecks.checkLikeSvg(browser, page, kase, data));
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
	skipping = null;
	if (page)
		await page.close();
}

/* An SVG of --format=flamegraph, opened as it is: its frames against the
 * folded stacks, as drawn; its text; the labels its script writes after
 * a reset against those the program wrote; with the JSON report of the
 * same profile (KASE.json), its Search button and what searching each
 * function finds. */
async function runSvg(browser, kase) {
	const page = kase.absent ? null : await browser.newPage(1366, 768);
	const label = kase.name;
	/* With a JSON report (null where the profile is absent), the search. */
	const searched = kase.json !== undefined;
	const json = searched && !kase.absent ? JSON.parse(fs.readFileSync(kase.json, 'utf8')) : null;
	skipping = kase.absent ? { skip: kase.absent } : null;
	await check(label + ': its script runs', async () => {
		await page.open(kase.svg);
		if (await page.eval('typeof cgaFlame !== "undefined" && !!cgaFlame.current'))
			return null;
		skipping = { fail: 'its script did not run' };
		return 'no cgaFlame.current';
	}, true);
	await check(label + ': its frames are the folded stacks\', as drawn', () => flameChecks.checkSvg(page, kase, json));
	await check(label + ': after a reset the script labels the frames as the program did', () =>
		flameChecks.checkCut(page));
	await check(label + ': its text fits its frames and the picture', () =>
		flameChecks.checkFit(page, 'cgaFlame.current'));
	if (searched) {
		await check(label + ': its Search button shows where its script runs', () =>
			flameChecks.checkSearchShown(page));
		await check(label + ': searching each function finds its inclusive estimate, narrow frames included', () =>
			flameChecks.checkSearchEach(page, json));
	}
	await check(label + ': no error on the console', async () =>
		page.errors.length ? page.errors.slice(0, 3).join('; ') : null);
	if (searched)
		await check(label + ': no Search button where scripts do not run', () =>
			flameChecks.checkSearchHidden(browser, kase));
	skipping = null;
	if (page)
		await page.close();
}

async function main() {
	await eachCase(process.argv[2], (browser, kase) => (kase.kind === 'svg' ? runSvg : runCase)(browser, kase));
	console.log('1..' + n);
	console.log('# ' + (n - failed - known) + ' passed, ' + failed + ' failed' +
		(known ? ', ' + known + ' known bugs (TODO)' : ''));
}

main().catch(e => {
	tap(false, 'the browser', e.stack || String(e));
	console.log('1..' + n);
	process.exit(0);
});
