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
 *   - the flame graph, rebuilt from its rectangles alone, is the folded
 *     stacks' (in a diff OLD's and NEW's): each frame with its count, as
 *     wide as its share, within its parent, beside its siblings, labelled
 *     as the script's widths cut its name, and in a diff red where its own
 *     count grew, blue where it shrank; so it is zoomed (a shift-click)
 *     and reset (the one control shown);
 *   - no label runs past its frame (measured in the fonts the browser
 *     draws with), no line of text past the picture, drawn, zoomed and
 *     reset, and hovering a frame of a long name writes a line that ends
 *     before the search's result with the frame's counts and share; in
 *     the SVGs of --format=flamegraph too (kind "svg"), whose frames are
 *     measured as the page's are and whose labels the script must cut as
 *     the program did (but for a known bug, reported as a TODO);
 *   - with dot, the call graph has the nodes and edges of --format=dot and
 *     its nodes open their functions; fitted to the window it is all in it
 *     and never larger than dot drew it; without dot, a SKIP;
 *   - aprof reports: the routine table against the JSON's routines, its
 *     sorting and filter, a routine's page with its plot;
 *   - a link to no view, function, cycle or routine of the report, or one
 *     whose %-escapes are malformed, shows a note in the page's frame;
 *   - no view scrolls sideways in a window 1366 pixels wide;
 *   - no error reaches the console, no request leaves the file, and no
 *     script of the profile's runs (window.__pwned stays unset).
 *
 * A case whose profile is absent ({name, kind, absent: WHY}) has its
 * checks as SKIPs, a page that does not load has each of them fail: the
 * number of checks is fixed.
 *
 * usage: node check.js MANIFEST  (a JSON array of cases written by
 * tests/browser.sh: {name, kind, html, json, folded, text, graph, dot,
 * labels, old, new}, or {name, kind: "svg", svg, folded or old and new})
 * Environment: CHROMIUM, the browser to run [/usr/bin/chromium];
 * BROWSER_CHECKS, a regular expression: only the checks it matches. */
'use strict';

const fs = require('fs');
const path = require('path');
const { Browser } = require('./cdp.js');
const pageChecks = require('./check-page.js');
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

/* The folded stacks of FILE: the width of every stack prefix (the frame of
 * a flame graph), the own count of every stack (its line) and the total. */
function readFolded(file) {
	const width = new Map(), own = new Map();
	let total = 0n;
	for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
		if (line === '')
			continue;
		const at = line.lastIndexOf(' ');
		const frames = line.slice(0, at).split(';');
		const count = BigInt(line.slice(at + 1));
		own.set(frames.join(';'), (own.get(frames.join(';')) || 0n) + count);
		total += count;
		for (let k = 1; k <= frames.length; k++) {
			const key = frames.slice(0, k).join(';');
			width.set(key, (width.get(key) || 0n) + count);
		}
	}
	return { width, own, total };
}

/* What a flame graph of the folded stacks NEW (and OLD, in a diff) draws:
 * each frame as wide as its count, or in a diff as the larger of its two
 * own counts plus its children's widths. */
function flameOf(newer, older) {
	const drawn = new Map();
	if (!older) {
		for (const [k, v] of newer.width)
			drawn.set(k, v);
		return { drawn, total: newer.total, newer, older: null };
	}
	const keys = new Set([...newer.width.keys(), ...older.width.keys()]);
	const depth = k => k.split(';').length;
	const sorted = [...keys].sort((a, b) => depth(b) - depth(a));
	const big = (a, b) => a > b ? a : b;
	let total = 0n;
	for (const k of sorted) {
		const d = big(newer.own.get(k) || 0n, older.own.get(k) || 0n) + (drawn.get(k) || 0n);
		drawn.set(k, d);
		const cut = k.lastIndexOf(';');
		if (cut >= 0)
			drawn.set(k.slice(0, cut), (drawn.get(k.slice(0, cut)) || 0n) + d);
		else
			total += d;
	}
	return { drawn, total, newer, older };
}

/* How the flame graph's script cuts labels: its estimate of text widths
 * (web/flamegraph.js's table, which tests/flame.sh checks against the
 * program's), at its font size, with its room on either side. */
const FRAMES_WIDTH = 1180;          /* the picture's 1200 units less 10 on either side */
const MIN_WIDTH = 0.1;
const widths = (() => {
	const js = fs.readFileSync(path.join(__dirname, '..', '..', 'web', 'flamegraph.js'), 'utf8');
	const get = re => {
		const m = re.exec(js);
		if (!m)
			throw new Error('web/flamegraph.js: no ' + re);
		return m[1];
	};
	const mark = /^(\d+) \* (\d+)$/.exec(get(/const CUT_MARK_WIDTH = (.*?);/).trim());
	return { ascii: get(/const ASCII_WIDTH = \[([^\]]*)\]/).split(',').filter(x => x.trim()).map(Number),
		other: Number(get(/const OTHER_WIDTH = (\d+);/)), mark: Number(mark[1]) * Number(mark[2]),
		font: Number(get(/const FONT_SIZE = (\d+);/)), pad: Number(get(/const LABEL_PAD = (\d+);/)) };
})();

function fitLabel(name, w) {
	const cw = ch => {
		const c = ch.codePointAt(0);
		return c >= 0x20 && c < 0x7f ? widths.ascii[c - 0x20] : widths.other;
	};
	const fits = units => units * widths.font <= (w - 2 * widths.pad) * 100;
	let all = 0;
	for (const ch of name)
		all += cw(ch);
	if (fits(all))
		return name;
	let used = widths.mark, keep = '';
	for (const ch of name) {
		used += cw(ch);
		if (!fits(used))
			break;
		keep += ch;
	}
	return keep === '' ? '' : keep + '..';
}

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

/* The marks before a count and its share: a proven lower bound, an
 * estimate, a call inside a cycle of calls (whose cost counts nested
 * activations again: no share). */
const GE = '\u2265', APPROX = '\u2248', NESTED = '\u21bb';

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
 * marked MARK (none, GE or APPROX before the count and the share; NESTED
 * before the count, and no share). */
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

/* In the page: what a person sees of the flame graph SVG, its frames
 * drawn (their rectangles as laid out, in CSS pixels; their tooltips;
 * their labels; their colours as computed), and the picture's box.  Run
 * in the page as its source text. */
function measureFlame(svg) {
	/* checkVisibility() misses an SVG group hidden by its own style; what
	 * holds the frames is looked at once. */
	const drawn = e => {
		const style = getComputedStyle(e);
		return style.display !== 'none' && style.visibility !== 'hidden';
	};
	const group = svg.querySelector('#cga-frames');
	const frames = [];
	for (let e = group; e !== null && e !== svg.parentNode; e = e.parentElement)
		if (!drawn(e))
			return { left: 0, right: 0, width: 0, units: 0, frames };
	for (const g of group.querySelectorAll(':scope > .frame')) {
		if (!drawn(g))
			continue;
		const rect = g.querySelector('rect');
		const r = rect.getBoundingClientRect();
		frames.push({ title: g.querySelector('title').textContent, label: g.querySelector('text').textContent,
			left: r.left, right: r.right, top: r.top, fill: getComputedStyle(rect).fill });
	}
	/* The picture as drawn: from its units to the window's pixels. */
	const ctm = svg.getScreenCTM();
	const units = svg.viewBox.baseVal.width;
	return { left: ctm.e, right: ctm.e + ctm.a * units, width: ctm.a * units, units, frames };
}

/* The flame graph M (measureFlame's) against the folded stacks (FLAME,
 * flameOf's), zoomed into the frame of the stack ZOOM (null: not zoomed):
 * rebuilt from the rectangles alone -- a frame's row is its depth, its
 * parent the frame of the row below that spans it -- each frame is the
 * stack its tooltip and its parents name, with the count of the folded
 * lines through it (in a diff OLD's too), as wide as its share of the
 * frame zoomed into (at full width, as are those below it), within its
 * parent and beside its siblings; the frames drawn are exactly those at
 * least 0.1 unit wide; each label is the name as the script cuts it at
 * that width; in a diff each frame is red where its own count grew, blue
 * where it shrank, grey where it did not, and elsewhere a warm colour.
 * Returns why not, or null. */
function checkGeometry(m, flame, zoom, diff) {
	/* The page writes x and width to two decimals: each is off by at most
	 * 0.005 unit, a right edge (x + width) by 0.01; two edges compared,
	 * by at most 0.02.  The browser lays SVG out in single precision (24
	 * bits: a ten-thousandth of a pixel at 1,500 pixels): 0.001 unit more,
	 * ten times that. */
	const px = m.width / m.units;
	const tol = 0.021 * px;
	const near = (a, b, t) => Math.abs(a - b) <= (t === undefined ? tol : t);
	const frames = m.frames.map(f => {
		const cut = f.title.indexOf('\n');
		return Object.assign({}, f, { name: cut < 0 ? f.title : f.title.slice(0, cut),
			info: cut < 0 ? '' : f.title.slice(cut + 1) });
	});
	/* Rows, from the one of "all". */
	const tops = [...new Set(frames.map(f => Math.round(f.top * 100) / 100))].sort((a, b) => a - b);
	const rowOf = f => tops.indexOf(Math.round(f.top * 100) / 100);
	const lowest = frames.filter(f => rowOf(f) === tops.length - 1);
	const highest = frames.filter(f => rowOf(f) === 0);
	const up = lowest.length === 1 && lowest[0].name === 'all';
	if (!up && !(highest.length === 1 && highest[0].name === 'all'))
		return 'no "all" frame alone in the bottom or the top row';
	const all = up ? lowest[0] : highest[0];
	for (const f of frames)
		f.depth = up ? tops.length - 1 - rowOf(f) : rowOf(f);
	/* "all" spans the picture but for equal margins. */
	const margin = [all.left - m.left, m.right - all.right];
	if (!near(margin[0], margin[1]) || margin[0] < 0 || margin[0] > m.width / 100)
		return '"all" spans ' + all.left.toFixed(2) + ' to ' + all.right.toFixed(2) + ' in a picture from ' +
			m.left.toFixed(2) + ' to ' + m.right.toFixed(2);
	const full = all.right - all.left;
	const byDepth = [];
	for (const f of frames)
		(byDepth[f.depth] = byDepth[f.depth] || []).push(f);
	for (let d = 0; d < byDepth.length; d++)
		if (!byDepth[d])
			return 'no frame drawn at depth ' + d + ', frames above it';
	const shown = new Set();
	for (const f of frames.sort((a, b) => a.depth - b.depth)) {
		if (f.depth === 0) {
			f.key = '';
			continue;
		}
		const under = byDepth[f.depth - 1].filter(p => p.left <= f.left + tol && p.right >= f.right - tol);
		if (under.length !== 1)
			return JSON.stringify(f.name) + ' at ' + f.left.toFixed(2) + '-' + f.right.toFixed(2) + ', depth ' +
				f.depth + ': ' + (under.length ? under.length + ' frames below it span it' : 'no frame below spans it');
		f.key = (under[0].key ? under[0].key + ';' : '') + f.name;
		if (shown.has(f.key))
			return f.key + ': drawn twice';
		shown.add(f.key);
	}
	for (const row of byDepth) {
		row.sort((a, b) => a.left - b.left);
		for (let i = 1; i < row.length; i++)
			if (row[i].left < row[i - 1].right - tol)
				return row[i - 1].key + ' (to ' + row[i - 1].right.toFixed(2) + ') overlaps ' + row[i].key +
					' (from ' + row[i].left.toFixed(2) + ')';
	}
	/* Widths: the script's arithmetic, from the folded stacks. */
	const total = Number(flame.total);
	const scale = total > 0 ? FRAMES_WIDTH / total : 0;
	const unitsOf = key => Number(flame.drawn.get(key) || 0n) * scale;
	const inZoom = key => zoom === null || key === zoom || key.startsWith(zoom + ';');
	const aboveZoom = key => zoom !== null && (zoom === key || zoom.startsWith(key + ';'));
	const zoomScale = zoom === null ? 1 : FRAMES_WIDTH / unitsOf(zoom);
	const want = key => aboveZoom(key) ? FRAMES_WIDTH : inZoom(key) ? unitsOf(key) * zoomScale : 0;
	const count = (side, key) => side.width.get(key) || 0n;
	const digits = t => BigInt(t.replace(/,/g, ''));
	if (digits(diff ? / NEW ([\d,]+),/.exec(all.info)[1] : all.info.split(' ')[0]) !== flame.newer.total)
		return '"all" says ' + JSON.stringify(all.info) + ', the folded stacks add up to ' + flame.newer.total;
	let change = null, most = 0n;
	if (diff) {
		change = new Map();
		for (const k of new Set([...flame.newer.own.keys(), ...flame.older.own.keys()])) {
			const d = (flame.newer.own.get(k) || 0n) - (flame.older.own.get(k) || 0n);
			change.set(k, d);
			most = (d < 0n ? -d : d) > most ? (d < 0n ? -d : d) : most;
		}
	}
	for (const f of frames) {
		if (f.depth === 0)
			continue;
		const w = want(f.key);
		if (w === 0)
			return f.key + ' is drawn' + (zoom === null ? '' : ' zoomed into ' + zoom) + ', not in the folded stacks' +
				(flame.drawn.has(f.key) ? ' below it' : '');
		if (!near(f.right - f.left, w * px, 0.006 * px) || (aboveZoom(f.key) && !near(f.left, all.left)))
			return f.key + ': ' + ((f.right - f.left) / px).toFixed(3) + ' units wide from ' +
				((f.left - all.left) / px).toFixed(3) + ', the folded stacks make it ' + w.toFixed(3) + ' wide' +
				(zoom === null ? '' : ' zoomed into ' + zoom);
		const shownCount = diff ? [/ NEW ([\d,]+),/.exec(f.info), / OLD ([\d,]+),/.exec(f.info)]
			: [/^([\d,]+) /.exec(f.info)];
		if (!shownCount[0] || digits(shownCount[0][1]) !== count(flame.newer, f.key) ||
			(diff && (!shownCount[1] || digits(shownCount[1][1]) !== count(flame.older, f.key))))
			return f.key + ': its tooltip says ' + JSON.stringify(f.info) + ', the folded stacks ' +
				count(flame.newer, f.key) + (diff ? ' (OLD ' + count(flame.older, f.key) + ')' : '');
		/* The script's width for the label: zoomed, its own arithmetic. */
		const lw = aboveZoom(f.key) ? FRAMES_WIDTH : zoom === null ? unitsOf(f.key)
			: unitsOf(f.key) * (FRAMES_WIDTH / unitsOf(zoom));
		if (f.label !== fitLabel(f.name, lw))
			return f.key + ', ' + lw.toFixed(4) + ' units wide: labelled ' + JSON.stringify(f.label) + ', not ' +
				JSON.stringify(fitLabel(f.name, lw));
		const rgb = /^rgb\((\d+), (\d+), (\d+)\)$/.exec(f.fill);
		if (!rgb)
			return f.key + ': filled ' + f.fill;
		const [r, g, b] = rgb.slice(1).map(Number);
		if (diff) {
			const d = change.get(f.key) || 0n;
			const size = d < 0n ? -d : d;
			const pale = Math.round(225 * (1 - (most > 0n ? Number(size) / Number(most) : 0)));
			const fill = d > 0n ? [255, pale, pale] : d < 0n ? [pale, pale, 255] : [228, 228, 228];
			if ([r, g, b].join() !== fill.join())
				return f.key + ': its own count changed by ' + d + ', filled ' + f.fill + ', not rgb(' + fill.join(', ') + ')';
		} else if (r < 205 || g > 230 || b > 55) {
			return f.key + ': filled ' + f.fill + ', not a warm colour';
		}
	}
	for (const key of flame.drawn.keys())
		if (!shown.has(key) && want(key) >= MIN_WIDTH + 1e-9)
			return key + ': ' + want(key).toFixed(3) + ' units wide' + (zoom === null ? '' : ' zoomed into ' + zoom) +
				', not drawn';
	return null;
}

/* The flame graph of the page against the folded stacks, as drawn; then
 * searching "." matches every frame: the stacks' share of the whole
 * program's total (the JSON's, which --focus does not change). */
async function checkFlame(page, kase, json, data) {
	await goTo(page, '#flame');
	const m = await page.eval(`(() => {
		const svg = document.querySelector('#app svg.cga-flame');
		return svg ? (${measureFlame.toString()})(svg) : null;
	})()`);
	if (m === null)
		return 'no flame graph: ' + await page.eval('document.querySelector(".note") && document.querySelector(".note").textContent');
	const diff = kase.kind === 'diff';
	const flame = diff ? flameOf(readFolded(kase.new), readFolded(kase.old)) : flameOf(readFolded(kase.folded));
	const bad = checkGeometry(m, flame, null, diff);
	if (bad)
		return bad;
	const search = await page.eval(`(() => {
		const box = document.getElementById('flame-search');
		box.value = '.';
		box.dispatchEvent(new Event('input'));
		const matched = document.querySelector('#cga-matched').textContent;
		box.value = '';
		box.dispatchEvent(new Event('input'));
		return matched;
	})()`);
	/* Every stack, as a share of the whole program's total: the JSON's,
	 * focused or not (in a diff NEW's: OLD's total and the change). */
	const ev = data.page.primary;
	const program = diff ? (json.base[ev] === null ? null : Number(json.base[ev]) + Number(json.totals[ev] || 0))
		: json.totals[ev];
	const whole = program === null ? Number(flame.newer.total) : Number(program);
	const share = whole > 0 ? (Number(flame.newer.total) * 100 / Math.abs(whole)).toFixed(2) : '0.00';
	if (search !== 'Matched: ' + share + '%' && m.frames.length > 1)
		return 'searching "." matched ' + search + ', not ' + share + '%';
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
 * it must end, and a hover's line fits. */
async function checkFit(page, flame) {
	const bad = await page.eval(`(() => {
		const textOverflows = ${textOverflows.toString()};
		const hoverOverflows = ${hoverOverflows.toString()};
		const flame = ${flame};
		const bad = textOverflows(flame.svg);
		const picks = flame.frames.filter(f => f.depth === 2).sort((a, b) => b.w - a.w).slice(0, 10);
		for (const f of picks) {
			flame.zoom(f);
			bad.push(...textOverflows(flame.svg).map(why => why + ', zoomed into ' + f.name.slice(0, 40)));
		}
		flame.reset();
		bad.push(...hoverOverflows(flame));
		return bad;
	})()`);
	return bad.length ? bad.length + ' problems: ' + bad.slice(0, 4).join('; ') : null;
}

/* The labels the script of a --format=flamegraph SVG writes after a reset
 * are those the program wrote.  The script cuts a label at the frame's
 * width as the SVG holds it, rounded to two decimals, the program at the
 * exact width: a label that differs only as a width 0.005 off would cut
 * it is that known bug (an expected failure), any other difference a
 * failure. */
async function checkCut(page) {
	const diffs = await page.eval(`(() => {
		const flame = cgaFlame.current;
		const labels = () => flame.frames.map(f => f.g ? f.label.textContent : null);
		const written = labels();
		flame.reset();
		const again = labels();
		return flame.frames.map((f, i) => ({ name: f.name, w: Number(f.rect.getAttribute('width')),
			written: written[i], again: again[i] })).filter(x => x.written !== x.again);
	})()`);
	if (diffs.length === 0)
		return null;
	const say = d => 'the script cuts ' + JSON.stringify(d.name.slice(0, 40)) + ' (' + d.w + ' wide) as ' +
		JSON.stringify(d.again) + ', the program as ' + JSON.stringify(d.written);
	const known = d => d.again === fitLabel(d.name, d.w) &&
		(d.written === fitLabel(d.name, d.w - 0.005) || d.written === fitLabel(d.name, d.w + 0.005));
	const other = diffs.filter(d => !known(d));
	if (other.length)
		return other.length + ' labels differ: ' + other.slice(0, 3).map(say).join('; ');
	return { todo: 'web/flamegraph.js cuts labels at the widths the SVG rounds to two decimals',
		why: diffs.length + ' labels differ: ' + diffs.slice(0, 2).map(say).join('; ') };
}

/* Zoom into the frame with the most descendants that were too narrow to
 * be drawn and are wide enough zoomed (else the widest below "all" with
 * children) with a shift-click, as a person does, then click the one
 * reset control shown: each time the frames drawn are measured against
 * the folded stacks (checkGeometry). */
async function checkZoom(page, kase) {
	await goTo(page, '#flame');
	const picked = await page.eval(`(() => {
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
		const names = [];
		for (let f = pick; f.depth > 0; f = frames[f.parent])
			names.unshift(f.name);
		pick.rect.dispatchEvent(new MouseEvent('click', { bubbles: true, shiftKey: true }));
		return names.join(';');
	})()`);
	if (picked === null)
		return null;
	const diff = kase.kind === 'diff';
	const flame = diff ? flameOf(readFolded(kase.new), readFolded(kase.old)) : flameOf(readFolded(kase.folded));
	const measure = () => page.eval(`(${measureFlame.toString()})(document.querySelector('#app svg.cga-flame'))`);
	const zoomed = checkGeometry(await measure(), flame, picked, diff);
	if (zoomed)
		return 'zoomed into ' + picked + ': ' + zoomed;
	/* One control resets the zoom, not the page's and the picture's. */
	const resets = await page.eval(`(() => {
		const shown = Array.from(document.querySelectorAll('#app button, #app svg .cga-button')).filter(e =>
			/reset zoom/i.test(e.textContent) && e.checkVisibility());
		if (shown.length === 1)
			shown[0].dispatchEvent(new MouseEvent('click', { bubbles: true }));
		return shown.length;
	})()`);
	if (resets !== 1)
		return resets + ' reset controls show zoomed';
	const reset = checkGeometry(await measure(), flame, null, diff);
	return reset ? 'after the reset: ' + reset : null;
}

/* Nodes and edges of a DOT graph, counted as tests/dot-render.sh counts
 * them. */
function dotCounts(file) {
	const lines = fs.readFileSync(file, 'utf8').split('\n');
	const edges = lines.filter(l => l.includes('" -> "')).length;
	return { nodes: lines.filter(l => l.startsWith('\t"')).length - edges, edges };
}

/* With dot, the call graph is drawn (no note in its place) with the nodes
 * and edges of --format=dot with the same options; clicking a node opens
 * the page of the function its tooltip names; the fitted size
 * (checkGraphFit).  Without dot, skipped. */
async function checkCallgraph(page, kase) {
	await goTo(page, '#callgraph');
	const r = await page.eval(`({ nodes: document.querySelectorAll('#app svg.callgraph g.node').length,
		edges: document.querySelectorAll('#app svg.callgraph g.edge').length,
		note: document.querySelector('#app .note') && document.querySelector('#app .note').innerText })`);
	if (!kase.dot)
		return r.nodes === 0 ? { skip: 'dot (Graphviz) not found' } : r.nodes + ' nodes drawn without dot';
	if (r.note)
		return 'no call graph: ' + r.note;
	const want = dotCounts(kase.graph);
	if (r.nodes !== want.nodes || r.edges !== want.edges)
		return r.nodes + ' nodes and ' + r.edges + ' edges drawn, --format=dot has ' + want.nodes + ' and ' + want.edges;
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
			checkFlame(page, kase, json, data));
		await check(label + ': a zoom draws the frames below at their scaled widths', () => checkZoom(page, kase));
		await check(label + ': the flame graph\'s text fits its frames and the picture', async () => {
			await goTo(page, '#flame');
			return checkFit(page, 'window.cgaReport.flame');
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
	skipping = null;
	if (page)
		await page.close();
}

/* An SVG of --format=flamegraph, opened as it is: its frames against the
 * folded stacks, as drawn; its text; the labels its script writes after
 * a reset against those the program wrote. */
async function runSvg(browser, kase) {
	const page = kase.absent ? null : await browser.newPage(1366, 768);
	const label = kase.name;
	skipping = kase.absent ? { skip: kase.absent } : null;
	await check(label + ': its script runs', async () => {
		await page.open(kase.svg);
		if (await page.eval('typeof cgaFlame !== "undefined" && !!cgaFlame.current'))
			return null;
		skipping = { fail: 'its script did not run' };
		return 'no cgaFlame.current';
	}, true);
	await check(label + ': its frames are the folded stacks\', as drawn', async () => {
		const m = await page.eval(`(${measureFlame.toString()})(document.documentElement)`);
		const flame = kase.old ? flameOf(readFolded(kase.new), readFolded(kase.old)) : flameOf(readFolded(kase.folded));
		return checkGeometry(m, flame, null, !!kase.old);
	});
	await check(label + ': after a reset the script labels the frames as the program did', () => checkCut(page));
	await check(label + ': its text fits its frames and the picture', () => checkFit(page, 'cgaFlame.current'));
	await check(label + ': no error on the console', async () =>
		page.errors.length ? page.errors.slice(0, 3).join('; ') : null);
	skipping = null;
	if (page)
		await page.close();
}

async function main() {
	const cases = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
	const browser = Browser.launch(process.env.CHROMIUM || '/usr/bin/chromium');
	try {
		for (const kase of cases)
			await (kase.kind === 'svg' ? runSvg : runCase)(browser, kase);
	} finally {
		await browser.close();
	}
	console.log('1..' + n);
	console.log('# ' + (n - failed - known) + ' passed, ' + failed + ' failed' +
		(known ? ', ' + known + ' known bugs (TODO)' : ''));
}

main().catch(e => {
	tap(false, 'the browser', e.stack || String(e));
	console.log('1..' + n);
	process.exit(0);
});
