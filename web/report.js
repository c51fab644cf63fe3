/* The HTML report of cgannotate --format=html: a viewer over the data the
 * page holds (the <script id="cga-data"> element: the --format=json model
 * with the page's own fields, see the README).  Every table and view is
 * drawn here from that data; nothing is fetched.  Strings from the profile
 * only ever reach the page as text nodes (textContent) or as attribute
 * values set through the DOM, never as markup.
 *
 * Views, named by the URL fragment so that back, forward and shared links
 * work: #functions, #function/FILE/NAME, #cycle/N, #groups, #flame,
 * #callgraph, #help; for aprof reports #routines and #routine/ID. */
'use strict';

/* global cgaFlame */
(function () {
	const data = JSON.parse(document.getElementById('cga-data').textContent);
	const app = document.getElementById('app');
	/* The words every view uses for an estimate beside a bound. */
	const BOUND_TEXT = '\u2265: proven lower bound of the cost spent while it runs ' +
		'(recursion: the profile records no more)';
	const ESTIMATE_TEXT = '\u2248: estimated from the call graph\u2019s stacks, what the flame graph draws';
	const NESTED_MARK = '\u21bb';
	const NESTED_TEXT = NESTED_MARK + ': a call inside a cycle of calls (recursion): its recorded cost ' +
		'counts nested activations again at each level, so it is no share of anything';
	const README_LINK = 'README.md#exact-and-estimated';
	const NOT_ESTIMATED = 'not estimated: the report estimates the stacks of one event, the first ' +
		'--sort event (else the first shown)';

	/* ---- small helpers ---- */

	function el(tag, attrs, ...children) {
		const e = document.createElement(tag);
		for (const [k, v] of Object.entries(attrs || {})) {
			if (v === null || v === undefined || v === false)
				continue;
			if (k === 'class')
				e.className = v;
			else if (k.startsWith('on'))
				e.addEventListener(k.slice(2), v);
			else
				e.setAttribute(k, v === true ? '' : v);
		}
		for (const c of children)
			if (c !== null && c !== undefined && c !== false)
				e.append(c instanceof Node ? c : String(c));
		return e;
	}

	function isBig(v) {
		return typeof v === 'string';
	}

	/* Counts are JSON numbers, or decimal strings beyond 2^53. */
	function count(v) {
		if (v === null || v === undefined)
			return '.';
		return cgaFlame.groupDigits(String(v));
	}

	function signedCount(v) {
		if (v === null || v === undefined)
			return '.';
		const s = count(v);
		return diffMode && !s.startsWith('-') && s !== '0' ? '+' + s : s;
	}

	/* A call or jump count: in a diff signed, and "±0" where it did not
	 * change, as the text report and the call graph write it. */
	function callCount(v) {
		if (!diffMode || v === null || v === undefined)
			return count(v);
		const s = signedCount(v);
		return s === '0' ? '\u00b10' : s;
	}

	function toNumber(v) {
		return v === null || v === undefined ? 0 : Number(v);
	}

	/* Compare two counts exactly, absent (null) below every count. */
	function compareCounts(a, b) {
		if (a === null || a === undefined)
			return b === null || b === undefined ? 0 : -1;
		if (b === null || b === undefined)
			return 1;
		if (isBig(a) || isBig(b)) {
			const x = BigInt(a), y = BigInt(b);
			return x < y ? -1 : x > y ? 1 : 0;
		}
		return a < b ? -1 : a > b ? 1 : 0;
	}

	function magnitude(v) {
		if (v === null || v === undefined)
			return v;
		if (isBig(v))
			return v.startsWith('-') ? v.slice(1) : v;
		return Math.abs(v);
	}

	function percentOf(v, ev) {
		const total = toNumber(base[ev]);
		return v === null || v === undefined || total === 0 ? null : toNumber(v) * 100 / Math.abs(total);
	}

	/* A share as text, signed in a diff.  Of a profile that is no diff no
	 * figure the page shows as a share exceeds its total unless the
	 * profile disagrees with itself: such a share is marked, never bare. */
	function percentText(p) {
		if (p === null)
			return '';
		if (!diffMode && p > 100.005)
			return '>100% (' + p.toFixed(2) + '%)';
		return (diffMode && p > 0 ? '+' : '') + p.toFixed(2) + '%';
	}

	const MARK_TITLE = {
		'\u2265': BOUND_TEXT,
		'\u2248': ESTIMATE_TEXT,
	};

	/* A count cell: the count, its share of the total below it.  OPTS:
	 * cls, more classes; mark, '\u2265' (a proven lower bound) or '\u2248'
	 * (an estimate) before both; nested, a call inside a cycle of calls,
	 * whose cost counts nested activations and is no share of anything;
	 * title. */
	function costCell(v, ev, opts) {
		const o = opts || {};
		const p = o.nested ? null : percentOf(v, ev);
		const mark = o.mark ? o.mark + '\u00a0' : '';
		const text = diffMode ? signedCount(v) : count(v);
		const cls = 'num' + (o.cls ? ' ' + o.cls : '') + (o.nested ? ' nested' : '') +
			(o.mark === '\u2265' ? ' bound' : o.mark === '\u2248' ? ' estimate' : '');
		const pct = p !== null && p > 100.005 && !diffMode ? 'pct over' : 'pct';
		return el('td', { class: cls, 'data-value': v === null || v === undefined ? '' : String(v),
			title: o.title || (o.nested ? NESTED_TEXT : o.mark ? MARK_TITLE[o.mark] : null) },
		el('span', { class: 'count' }, (o.nested && v !== null && v !== undefined ? NESTED_MARK + '\u00a0' : mark) + text),
		data.page.show_percs && p !== null && toNumber(v) !== 0
			? el('span', { class: pct }, mark + percentText(p)) : null);
	}

	function regexOf(text) {
		if (text === '')
			return null;
		try {
			return new RegExp(text);
		} catch (e) {
			return undefined;
		}
	}

	function go(hash) {
		if (location.hash !== hash)
			location.hash = hash;
		else
			route();
	}

	/* ---- the Callgrind model ---- */

	const diffMode = data.base !== undefined;
	const base = data.base || data.totals || [];
	const events = data.events || [];
	const page = data.page || {};
	const functions = data.functions || [];
	const keyOf = f => f.file + '\u0000' + f.function;
	const byKey = new Map();
	const byFrame = new Map();
	functions.forEach((f, i) => {
		f.index = i;
		/* The page names objects by their place in a list of them. */
		if (typeof f.object === 'number')
			f.object = data.objects[f.object];
		byKey.set(keyOf(f), f);
		/* A frame of the flame graph is a name, as folded lines write it. */
		const frame = f.function.replace(/;/g, ':').replace(/\n/g, ' ');
		if (!byFrame.has(frame))
			byFrame.set(frame, []);
		byFrame.get(frame).push(f);
	});
	const cycles = data.cycles || [];
	const cycleById = new Map(cycles.map(c => [c.id, c]));
	const filesByName = new Map((data.files || []).map(f => [f.file, f]));
	const sourcesByName = new Map((data.sources || []).map(s => [s.file, s]));
	const listingsByKey = new Map();
	for (const l of data.machine_code || []) {
		if (!listingsByKey.has(keyOf(l)))
			listingsByKey.set(keyOf(l), []);
		listingsByKey.get(keyOf(l)).push(l);
	}

	function hashOf(f) {
		return '#function/' + encodeURIComponent(f.file) + '/' + encodeURIComponent(f.function);
	}

	/* A call of the data: [index, count, cost] or [index, count, cost,
	 * true] (a call inside a cycle of calls), or an object naming a
	 * function that is no entry of "functions". */
	function callOf(c) {
		if (Array.isArray(c))
			return { func: functions[c[0]], count: c[1], inclusive: c[2], recursive: c[3] === true };
		return { func: byKey.get(c.file + '\u0000' + c.function) ||
			{ file: c.file, function: c.function, missing: true }, count: c.count,
			inclusive: c.inclusive, recursive: c.recursive === true };
	}

	/* F's callees, as callOf gives them. */
	function calleesOf(f) {
		return (f.callees || []).map(callOf);
	}

	/* F's callers: the data gives a caller by its index alone, whose
	 * callees hold the call (in full only a caller that is no entry of
	 * "functions"). */
	function callersOf(f) {
		return (f.callers || []).map(c => {
			if (typeof c !== 'number')
				return callOf(c);
			const g = functions[c];
			if (g.calleeAt === undefined)
				g.calleeAt = new Map((g.callees || []).filter(Array.isArray).map(x => [x[0], x]));
			const call = callOf(g.calleeAt.get(f.index));
			call.func = g;
			return call;
		});
	}

	/* The name shown in lists: shortened as the call graph's labels are,
	 * where the page gives a shorter one; the full name on hover. */
	function shownName(f) {
		return f.short !== undefined ? f.short : f.function;
	}

	function funcLink(f) {
		const title = f.short !== undefined ? f.function : null;
		if (f.missing)
			return el('span', { class: 'fname', title }, shownName(f));
		return el('a', { href: hashOf(f), class: 'fname', title }, shownName(f));
	}

	function whereText(f) {
		return f.file + (f.object ? ' [' + f.object + ']' : '');
	}

	/* The function code inlined from another file was inlined into, or
	 * null. */
	function hostOf(f) {
		const h = f.inlined_into;
		if (h === undefined || h === null)
			return null;
		return typeof h === 'number' ? functions[h] : byKey.get(h.file + '\u0000' + h.function) || null;
	}

	/* F's place: "file [object]", and for inlined code what it was
	 * inlined into, as the call graph labels it. */
	function whereLine(f) {
		const host = hostOf(f);
		const line = el('span', { class: 'where', title: whereText(f) });
		if (host !== null)
			line.append(el('span', { class: 'inlined' }, 'inlined into ' + shownName(host) + ' from '));
		line.append(whereText(f));
		return line;
	}

	/* Where a figure of event EV has an estimate beside it: F's inclusive
	 * cost is a proven lower bound (a member of a cycle of calls, or a
	 * function calling itself) that its estimate differs from. */
	function estimateOf(f, ev) {
		const e = f.inclusive_estimate;
		if (e === undefined || e === null)
			return null;
		const a = f.inclusive ? f.inclusive[ev] : null, b = e[ev];
		return compareCounts(a === null ? 0 : a, b === null ? 0 : b) === 0 ? null : b;
	}

	/* Code inlined into each function from other files. */
	const inlinedInto = new Map();
	for (const f of functions) {
		const host = hostOf(f);
		if (host !== null) {
			if (!inlinedInto.has(host))
				inlinedInto.set(host, []);
			inlinedInto.get(host).push(f);
		}
	}

	/* ---- layout: header and navigation ---- */

	function header(current) {
		const tabs = data.format === 'aprof'
			? [['#routines', 'Routines', 'r']]
			: [['#functions', 'Functions', 'f'], ['#flame', 'Flame graph', 'g'],
				['#callgraph', 'Call graph', 'c']];
		if (data.groups)
			tabs.splice(1, 0, ['#groups', 'Groups', 'o']);
		tabs.push(['#help', 'Keys', '?']);
		const nav = el('nav', { 'aria-label': 'views' });
		for (const [hash, label, key] of tabs)
			nav.append(el('a', { href: hash, class: hash === current ? 'current' : null,
				'aria-current': hash === current ? 'page' : null, title: 'key ' + key }, label));
		const head = el('header', {}, el('h1', {}, 'cgannotate'),
			el('span', { class: 'file' }, data.mode === 'diff'
				? data.inputs[1] + ' against ' + data.inputs[0] : data.file), nav, warnings());
		return head;
	}

	/* What cgannotate warned about the input (a profile cut short, totals
	 * that do not match its costs, lines skipped): on every view, since
	 * the figures may be wrong. */
	function warnings() {
		const list = Array.isArray(data.warnings) ? data.warnings : [];
		if (list.length === 0)
			return null;
		return el('div', { class: 'warnings', role: 'alert' },
			el('b', {}, list.length === 1 ? 'A warning about the input: ' : list.length +
				' warnings about the input: '), 'the figures may be wrong.',
			el('ul', {}, ...list.map(w => el('li', {}, String(w)))));
	}

	/* The one line that says what \u2265 and \u2248 mean, a click away, with
	 * the README's section. */
	function legend() {
		return el('details', { class: 'legend' },
			el('summary', {}, '\u2265 proven lower bound, \u2248 estimate: what they mean'),
			el('p', {}, BOUND_TEXT + '; ' + ESTIMATE_TEXT + '. ' + NESTED_TEXT + '. More: ',
				el('a', { href: README_LINK }, 'README.md, \u201cExact and estimated\u201d'), '.'));
	}

	function summary() {
		const box = el('div', { class: 'summary' });
		if (data.mode === 'diff') {
			for (const [label, old] of [['OLD', true], ['NEW', false]]) {
				const part = data.parts.find((pt) => pt.subtracted === old);
				if (part && part.command)
					box.append(el('div', {}, el('b', {}, 'Command (' + label + '): '), part.command));
			}
		} else if (data.command) {
			box.append(el('div', {}, el('b', {}, 'Command: '), data.command));
		}
		if (data.creator)
			box.append(el('div', {}, el('b', {}, 'Creator: '), data.creator));
		if (diffMode)
			box.append(el('div', {}, el('b', {}, 'Changes: '),
				data.mode === 'diff' ? 'NEW minus OLD; percentages of OLD\'s totals'
					: 'a profile of differences'));
		const totals = el('div', {}, el('b', {}, 'Totals: '));
		page.shown.forEach((ev, i) => {
			if (i > 0)
				totals.append(', ');
			totals.append(events[ev].name + ' ' + count(data.totals[ev]));
		});
		box.append(totals);
		const notes = [];
		if (page.focus && page.focus.length)
			notes.push('--focus=' + page.focus.join(' --focus='));
		if (page.hide && page.hide.length)
			notes.push('--hide=' + page.hide.join(' --hide='));
		notes.push('--threshold=' + page.threshold + ': the table lists first the ' + page.listed +
			' rows the text report lists; every function has its page');
		box.append(el('div', { class: 'muted' }, notes.join('; ')));
		return box;
	}

	/* ---- the function table ---- */

	/* The events of which some function's bound has an estimate beside it:
	 * the table gives them a column of estimates. */
	const estimateEvents = new Set(data.format === 'aprof' ? []
		: page.shown.filter(ev => functions.some(f => estimateOf(f, ev) !== null)));
	const firstRows = Math.max(1, page.listed || 0);

	const state = {
		filter: '',
		sortKey: null,              /* null: the report's order */
		sortEvent: page.primary,
		sortDir: -1,
		barEvent: page.primary,
		barKind: page.inclusive === 'no' ? 'self' : 'inclusive',
		columns: null,
		limit: firstRows,
	};

	/* As many events as fit beside the names (at most 60 characters) and
	 * the calls: an event takes two columns, three with estimates. */
	function defaultColumns() {
		let room = window.innerWidth - 620;
		const cols = new Set([page.primary]);
		room -= estimateEvents.has(page.primary) ? 350 : 235;
		for (const ev of page.shown) {
			const w = estimateEvents.has(ev) ? 350 : 235;
			if (!cols.has(ev) && room >= w) {
				cols.add(ev);
				room -= w;
			}
		}
		return cols;
	}

	/* The events whose columns the tables show: those chosen under
	 * Columns, as many as fit by default. */
	function visibleEvents() {
		if (state.columns === null)
			state.columns = defaultColumns();
		return page.shown.filter(ev => state.columns.has(ev));
	}

	function rowsOfTable() {
		const rows = functions.map(f => ({ kind: 'function', f, self: f.self, inclusive: f.inclusive,
			inclusive_estimate: f.inclusive_estimate || f.inclusive,
			calls: f.calls, name: f.function, where: whereText(f) }));
		if (page.inclusive !== 'no')
			for (const c of cycles)
				rows.push({ kind: 'cycle', c, self: c.self, inclusive: c.inclusive,
					inclusive_estimate: c.inclusive, calls: null,
					name: '<cycle ' + c.id + '>', where: c.members.length + ' functions' });
		return rows;
	}

	function sortRows(rows) {
		if (state.sortKey === null) {
			/* The report's order; cycles where their cost puts them. */
			const kind = page.inclusive === 'no' ? 'self' : 'inclusive';
			const fs = rows.filter(r => r.kind === 'function');
			const cs = rows.filter(r => r.kind === 'cycle');
			if (cs.length === 0)
				return fs;
			const out = [];
			let k = 0;
			const key = r => magnitude(r[kind] ? r[kind][page.primary] : null);
			cs.sort((a, b) => compareCounts(key(b), key(a)));
			for (const f of fs) {
				while (k < cs.length && compareCounts(key(cs[k]), key(f)) > 0)
					out.push(cs[k++]);
				out.push(f);
			}
			return out.concat(cs.slice(k));
		}
		const dir = state.sortDir;
		const value = r => {
			if (state.sortKey === 'name')
				return r.name;
			if (state.sortKey === 'calls')
				return r.calls;
			const v = r[state.sortKey] ? r[state.sortKey][state.sortEvent] : null;
			return diffMode ? magnitude(v) : v;
		};
		const sorted = rows.slice();
		sorted.sort((a, b) => {
			const x = value(a), y = value(b);
			const c = state.sortKey === 'name' ? (x < y ? -1 : x > y ? 1 : 0) : compareCounts(x, y);
			return c !== 0 ? dir * c : a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
		});
		return sorted;
	}

	function headerCell(label, key, ev, title) {
		const active = state.sortKey === key && (ev === undefined || state.sortEvent === ev);
		const sort = active ? (state.sortDir < 0 ? 'descending' : 'ascending') : 'none';
		return el('th', { scope: 'col', 'aria-sort': sort, class: key === 'name' ? 'name' : 'num' },
			el('button', {
				type: 'button', title: title || 'sort by this column', 'data-sort': key,
				'data-event': ev === undefined ? null : ev,
				onclick: () => {
					if (active)
						state.sortDir = -state.sortDir;
					else
						state.sortDir = key === 'name' ? 1 : -1;
					state.sortKey = key;
					if (ev !== undefined)
						state.sortEvent = ev;
					state.limit = firstRows;
					drawTable();
				},
			}, label, el('span', { class: 'arrow' }, active ? (state.sortDir < 0 ? ' \u25be' : ' \u25b4') : '')));
	}

	/* A row's inclusive cell and, for an event with estimates, its
	 * estimate's: a bound with an estimate beside it is marked \u2265, the
	 * estimate \u2248; an exact cost is the same in both, unmarked (and
	 * muted in the second). */
	function inclusiveCells(tr, r, ev) {
		const v = r.inclusive ? r.inclusive[ev] : null;
		const est = r.kind === 'function' ? estimateOf(r.f, ev) : null;
		tr.append(costCell(v, ev, { mark: est !== null ? '\u2265' : null }));
		if (!estimateEvents.has(ev))
			return;
		if (est !== null)
			tr.append(costCell(est, ev, { mark: '\u2248' }));
		else
			tr.append(costCell(v, ev, { cls: 'same', title: 'exact: the same as its inclusive cost' }));
	}

	let tableBox = null;
	/* Rows are drawn this many at a time as the table is scrolled down: a
	 * table of thousands of rows takes seconds to lay out at once. */
	const ROWS_AT_ONCE = 500;
	let moreRows = null;

	/* The row of the table for R, with the columns of events COLS. */
	function tableRow(r, cols) {
		const tr = el('tr', { class: r.kind === 'cycle' ? 'cycle' : null,
			'data-index': r.kind === 'function' ? r.f.index : null,
			'data-cycle': r.kind === 'cycle' ? r.c.id : null });
		for (const ev of cols) {
			inclusiveCells(tr, r, ev);
			tr.append(costCell(r.self ? r.self[ev] : null, ev));
		}
		tr.append(el('td', { class: 'num ncalls', 'data-value': r.calls === null ? '' : String(r.calls) },
			r.calls === null ? '' : callCount(r.calls)));
		/* The bar: the share of the total, as the percentages. */
		const share = percentOf(r[state.barKind] ? r[state.barKind][state.barEvent] : null, state.barEvent);
		const width = share === null ? '0' : Math.min(100, Math.abs(share)).toFixed(1);
		const name = r.kind === 'cycle'
			? [el('a', { href: '#cycle/' + r.c.id, class: 'fname' }, r.name), el('span', { class: 'where' }, r.where)]
			: [funcLink(r.f), whereLine(r.f)];
		tr.append(el('td', { class: 'name', style: '--share: ' + width + '%' }, ...name));
		return tr;
	}

	function drawTable() {
		const cols = visibleEvents();
		const re = regexOf(state.filter);
		const all = sortRows(rowsOfTable());
		const rows = re ? all.filter(r => re.test(r.name) || re.test(r.where)) : all;
		const head = el('tr');
		for (const ev of cols) {
			const name = events[ev].name;
			head.append(headerCell(name + ' incl', 'inclusive', ev, 'inclusive cost of ' + name +
				(estimateEvents.has(ev) ? ' (\u2265: a proven lower bound, for recursion)' : '') + ': sort by it'));
			if (estimateEvents.has(ev))
				head.append(headerCell(name + ' \u2248', 'inclusive_estimate', ev, 'inclusive cost of ' +
					name + ', estimated where the first column is a bound (\u2248), else the same: sort by it'));
			head.append(headerCell(name + ' self', 'self', ev, 'own cost of ' + name + ': sort by it'));
		}
		head.append(headerCell('calls', 'calls'));
		head.append(headerCell('function', 'name', undefined, 'sort by name'));
		const body = el('tbody');
		/* Those the limit shows: "Show all" draws them at once, the first
		 * ones (--threshold) a part at a time as the table scrolls down. */
		const limit = Math.min(rows.length, state.limit);
		let drawn = state.limit === Infinity ? limit : Math.min(limit, ROWS_AT_ONCE);
		for (const r of rows.slice(0, drawn))
			body.append(tableRow(r, cols));
		const table = el('table', { class: 'functions' }, el('thead', {}, head), body);
		const first = !re && rows.length > firstRows && limit === firstRows
			? ', the first ' + firstRows + ' those the text report lists (--threshold=' + page.threshold + ')' : '';
		const status = el('p', { class: 'status', role: 'status' }, (rows.length === all.length
			? rows.length + ' rows' : rows.length + ' of ' + all.length + ' rows match') + first);
		const more = rows.length > limit ? el('button', { type: 'button', class: 'more',
			onclick: () => { state.limit = Infinity; drawTable(); } },
		'Show all ' + rows.length + ' rows (' + (rows.length - limit) + ' more)') : null;
		const end = el('div', { class: 'table-end' });
		if (moreRows)
			moreRows.disconnect();
		moreRows = null;
		if (drawn < limit) {
			moreRows = new IntersectionObserver(seen => {
				if (!seen.some(e => e.isIntersecting))
					return;
				const next = Math.min(limit, drawn + ROWS_AT_ONCE);
				for (const r of rows.slice(drawn, next))
					body.append(tableRow(r, cols));
				drawn = next;
				moreRows.unobserve(end);
				if (drawn < limit)
					moreRows.observe(end);
			}, { rootMargin: '1500px' });
			moreRows.observe(end);
		}
		tableBox.replaceChildren(status, el('div', { class: 'table-scroll' }, table), end, more || '');
	}

	function viewFunctions() {
		if (state.columns === null)
			state.columns = defaultColumns();
		const filter = el('input', { type: 'search', id: 'filter', value: state.filter,
			placeholder: 'regular expression', 'aria-label': 'filter functions by a regular expression',
			oninput: e => {
				const re = regexOf(e.target.value);
				e.target.classList.toggle('bad', re === undefined);
				if (re === undefined)
					return;
				state.filter = e.target.value;
				state.limit = firstRows;
				drawTable();
			} });
		const bar = el('select', { id: 'bar-event', 'aria-label': 'the cost the bars show',
			onchange: e => {
				const [kind, ev] = e.target.value.split(':');
				state.barKind = kind;
				state.barEvent = Number(ev);
				drawTable();
			} });
		const kinds = { inclusive: 'incl', inclusive_estimate: '\u2248', self: 'self' };
		for (const ev of page.shown)
			for (const kind of Object.keys(kinds))
				if (kind !== 'inclusive_estimate' || estimateEvents.has(ev))
					bar.append(el('option', { value: kind + ':' + ev,
						selected: kind === state.barKind && ev === state.barEvent }, events[ev].name + ' ' + kinds[kind]));
		const colBox = el('fieldset', { class: 'columns' }, el('legend', {}, 'Columns'));
		for (const ev of page.shown)
			colBox.append(el('label', {}, el('input', { type: 'checkbox', 'data-event': ev,
				checked: state.columns.has(ev), onchange: e => {
					if (e.target.checked)
						state.columns.add(ev);
					else
						state.columns.delete(ev);
					drawTable();
				} }), ' ' + events[ev].name));
		const tools = el('div', { class: 'tools' },
			el('label', {}, 'Filter ', filter), el('label', {}, 'Bars: ', bar), colBox);
		tableBox = el('div', { class: 'table-box' });
		app.replaceChildren(header('#functions'), summary(), tools, estimateEvents.size ? legend() : '', tableBox);
		drawTable();
	}

	/* ---- a function's page ---- */

	/* Every shown event, a row each, under COLUMNS: [label, cost vector,
	 * the options of costCell for event EV (a function, or none)]. */
	function costsTable(columns) {
		const head = el('tr', {}, el('th', { scope: 'col', class: 'name' }, 'event'));
		for (const [label] of columns)
			head.append(el('th', { scope: 'col', class: 'num' }, label));
		const body = el('tbody');
		for (const ev of page.shown) {
			const tr = el('tr', { 'data-event': ev }, el('th', { scope: 'row', class: 'name' }, events[ev].name));
			for (const [, v, opts] of columns) {
				const o = opts ? opts(ev) : null;
				tr.append(o && o.none ? el('td', { class: 'num none', title: o.none })
					: costCell(v ? v[ev] : null, ev, o));
			}
			body.append(tr);
		}
		return el('table', { class: 'costs' }, el('thead', {}, head), body);
	}

	/* The "=> callee (Nx)" rows under a line of source or machine code, with
	 * the inclusive costs of the calls in the SHOWN events' columns. */
	function appendCalls(body, calls, shown) {
		for (const c of calls.map(callOf)) {
			const call = el('tr', { class: 'call' });
			for (const e of shown)
				call.append(costCell(c.inclusive ? c.inclusive[e] : null, e, { nested: c.recursive }));
			call.append(el('td', {}), el('td', { class: 'code' }, '=> ', funcLink(c.func),
				' (' + callCount(c.count) + 'x)'));
			body.append(call);
		}
	}

	/* CALLS (as callOf gives them) in a table: each call's costs in the
	 * shown events' columns, its count, the function at its other end. */
	function callsTable(calls, caption, cls, label) {
		const shown = visibleEvents();
		const head = el('tr');
		for (const ev of shown)
			head.append(el('th', { scope: 'col', class: 'num', 'data-event': ev }, events[ev].name));
		head.append(el('th', { scope: 'col', class: 'num' }, 'count'));
		head.append(el('th', { scope: 'col', class: 'name' }, label || (cls === 'callers' ? 'caller' : 'callee')));
		const body = el('tbody');
		for (const c of calls) {
			const tr = el('tr', { 'data-index': c.func.missing ? null : c.func.index,
				class: c.recursive ? 'recursive' : null });
			for (const ev of shown)
				tr.append(costCell(c.inclusive ? c.inclusive[ev] : null, ev, { nested: c.recursive }));
			tr.append(el('td', { class: 'num', 'data-value': String(c.count) }, callCount(c.count)));
			tr.append(el('td', { class: 'name' }, ...(c.from ? [funcLink(c.from), ' \u2192 '] : []), funcLink(c.func),
				c.from ? null : whereLine(c.func)));
			body.append(tr);
		}
		return el('section', { class: cls }, el('h3', {}, caption + ' (' + calls.length + ')'),
			calls.length ? el('div', { class: 'table-scroll' }, el('table', { class: 'calls-list' },
				el('thead', {}, head), body)) : el('p', { class: 'muted' }, 'none'),
			calls.some(c => c.recursive) ? el('p', { class: 'muted' }, NESTED_TEXT + '.') : null);
	}

	/* Heat: the share of the file's costliest line, as a background. */
	function heat(v, max) {
		const x = max > 0 ? Math.min(1, Math.abs(toNumber(v)) / max) : 0;
		return x > 0 ? 'background: rgba(255, ' + Math.round(120 - 60 * x) + ', 0, ' +
			(0.08 + 0.5 * x).toFixed(3) + ')' : null;
	}

	function sourceView(f) {
		const lines = filesByName.get(f.file);
		const src = sourcesByName.get(f.file);
		if (!lines)
			return el('p', { class: 'muted' }, 'No source lines: ' + (f.file === '???' || f.file === ''
				? 'the profile names no file.' : 'the file was not found when the report was written' +
				' (name its directory with -I DIR, as for the text report), or has no line data.'));
		const shown = visibleEvents();
		const costOf = new Map(lines.lines.map(l => [l.line, l]));
		const ev = page.primary;
		let max = 0;
		for (const l of lines.lines)
			max = Math.max(max, Math.abs(toNumber(l.self ? l.self[ev] : 0)));
		const head = el('tr');
		for (const e of shown)
			head.append(el('th', { scope: 'col', class: 'num' }, events[e].name));
		head.append(el('th', { scope: 'col', class: 'num' }, 'line'), el('th', { scope: 'col' }, 'source'));
		const body = el('tbody');
		const text = src ? src.lines : lines.lines.map(l => [l.line, '']);
		let last = 0;
		for (const [n, code] of text) {
			if (n !== last + 1 && last !== 0)
				body.append(el('tr', { class: 'gap' }, el('td', { colspan: shown.length + 2 }, '\u22ee')));
			last = n;
			const l = costOf.get(n);
			const tr = el('tr', { id: 'line-' + n, style: l && l.self ? heat(l.self[ev], max) : null });
			for (const e of shown)
				tr.append(costCell(l && l.self ? l.self[e] : null, e));
			tr.append(el('td', { class: 'num lineno' }, n), el('td', { class: 'code' }, code));
			body.append(tr);
			appendCalls(body, l && l.calls ? l.calls : [], shown);
		}
		return el('div', {}, el('p', { class: 'muted' }, src ? 'From ' + src.path +
			'; lines within ' + page.context + ' of a line with a cost.' : 'The source file was not found: costs by line number.'),
		el('table', { class: 'source' }, el('thead', {}, head), body));
	}

	/* A jump line, worded as the text report's. */
	function jumpText(j) {
		const times = v => ' time' + (String(v) === '1' ? '' : 's');
		return 'jump ' + callCount(j.taken) + (j.executed === null ? times(j.taken)
			: ' of ' + callCount(j.executed) + times(j.executed)) + ' to ' + j.target +
			(j.function !== null && j.function !== undefined ? ' <' + j.function + '>' : '');
	}

	function bigSum(a, b) {
		return a === null ? BigInt(b) : a + BigInt(b);
	}

	/* A BigInt as the data writes counts: a number up to 2^53, else a string. */
	function countOf(b) {
		if (b === null)
			return null;
		return b >= -(2n ** 53n) && b <= 2n ** 53n ? Number(b) : String(b);
	}

	/* The text report's last line of a listing: the counts of its
	 * instructions shown with their code, and their share of F's self cost. */
	function annotatedRow(f, ins, shown) {
		const sum = events.map(() => null);
		for (const i of ins)
			if (i.disassembly !== null && i.self)
				i.self.forEach((v, e) => { if (v !== null) sum[e] = bigSum(sum[e], v); });
		const share = page.shown.map(e => {
			const self = f.self ? toNumber(f.self[e]) : 0;
			/* A ratio: in a diff, a self cost that fell by 2,000 of which
			 * 2,000 are shown is 100%, not -100%. */
			return events[e].name + ' ' + (self === 0 ? '-'
				: (toNumber(countOf(sum[e])) * 100 / self).toFixed(2) + '%');
		});
		const tr = el('tr', { class: 'annotated' });
		for (const e of shown)
			tr.append(costCell(countOf(sum[e]), e));
		tr.append(el('td', {}), el('td', { class: 'code' }, 'annotated: ' + share.join(', ') +
			' of the function\'s self cost'));
		return tr;
	}

	/* The rows of an instruction the profile has: "# file:line" when the
	 * position changes (in AT, the last one), its counts, its calls and
	 * jumps. */
	function instructionRows(body, i, index, at, shown, max, missing) {
		const where = i.file !== null && i.line !== 0 ? i.file + ':' + i.line : null;
		if (where !== null && where !== at.where) {
			body.append(el('tr', { class: 'at' }, el('td', { colspan: shown.length }),
				el('td', { class: 'code', colspan: 2 }, '# ' + where)));
			at.where = where;
		}
		const tr = el('tr', { class: 'instr', 'data-instr': index,
			style: i.self ? heat(i.self[page.primary], max) : null });
		for (const e of shown)
			tr.append(costCell(i.self ? i.self[e] : null, e));
		tr.append(el('td', { class: 'code' }, i.address), el('td', { class: 'code' },
			i.disassembly !== null ? i.disassembly : missing ? '' : '(no instruction starts here in the object)'));
		body.append(tr);
		appendCalls(body, i.calls, shown);
		for (const j of i.jumps)
			body.append(el('tr', { class: 'jump' }, el('td', { colspan: shown.length + 1 }),
				el('td', { class: 'code' }, jumpText(j))));
	}

	/* One listing of F's code (one object's): the lines the text report's
	 * --asm shows, the counts those of F's instructions (the JSON's). */
	function listingView(f, listing, max) {
		const shown = visibleEvents();
		const head = el('tr');
		for (const e of shown)
			head.append(el('th', { scope: 'col', class: 'num', 'data-event': e }, events[e].name));
		head.append(el('th', { scope: 'col' }, 'address'), el('th', { scope: 'col' }, 'instruction'));
		const body = el('tbody');
		const mine = [];
		const at = { where: null };
		for (const line of listing.lines) {
			if (line === null) {
				body.append(el('tr', { class: 'gap', title: 'instructions more than ' + page.context +
					' from one with a count are left out' }, el('td', { colspan: shown.length + 2 }, '\u22ee')));
			} else if (Array.isArray(line)) {
				const tr = el('tr', { class: 'instr' });
				for (const e of shown)
					tr.append(costCell(null, e));
				tr.append(el('td', { class: 'code' }, line[0]), el('td', { class: 'code' },
					line[1] !== null ? line[1] : listing.missing ? '' : '(no instruction starts here in the object)'));
				body.append(tr);
			} else {
				mine.push(f.instructions[line]);
				instructionRows(body, f.instructions[line], line, at, shown, max, listing.missing);
			}
		}
		const range = mine.length ? ' ' + mine[0].address + '-' + mine[mine.length - 1].address : '';
		return el('section', { class: 'asm-listing' },
			el('p', { class: 'asm-head where' }, f.file + ':' + f.function +
				(listing.object !== null ? ' [' + listing.object + ']' : '') + range),
			listing.missing ? el('p', { class: 'note' }, 'No disassembly: ' + listing.missing) : null,
			el('table', { class: 'source asm' }, el('thead', {}, head), body,
				el('tfoot', {}, annotatedRow(f, mine, shown))));
	}

	function asmView(f) {
		let max = 0;
		for (const i of f.instructions)
			max = Math.max(max, Math.abs(toNumber(i.self ? i.self[page.primary] : 0)));
		return el('div', {}, ...(listingsByKey.get(keyOf(f)) || []).map(l => listingView(f, l, max)));
	}

	/* The sum of cost vectors VS, exactly, one count per event (null
	 * where every one is absent). */
	function sumCosts(vs) {
		const sum = events.map(() => null);
		for (const v of vs)
			if (v)
				v.forEach((x, e) => { if (x !== null && x !== undefined) sum[e] = bigSum(sum[e], x); });
		return sum.map(countOf);
	}

	function isRecursive(f) {
		return (f.cycle !== undefined && f.cycle !== null) || calleesOf(f).some(c => c.recursive) ||
			callersOf(f).some(c => c.recursive);
	}

	/* Whether F's own cost, its calls (out of its cycle, when it is
	 * recursive) and the code inlined into it add up to its inclusive cost,
	 * in words; why not, where they do not. */
	function addsUp(f, parts, recursive, inlined) {
		const sum = sumCosts(parts);
		const off = page.shown.filter(ev => compareCounts(sum[ev] === null ? 0 : sum[ev],
			f.inclusive && f.inclusive[ev] !== null ? f.inclusive[ev] : 0) !== 0);
		const calls = recursive ? 'its calls out of its cycle of calls' : 'its calls';
		const what = 'Its own cost' + (inlined.length ? ', ' + calls + ' and the code inlined into it'
			: ' and ' + calls);
		if (off.length === 0)
			return el('p', { class: 'adds-up' }, what + ' add up to its inclusive cost.');
		const ev = off.includes(page.primary) ? page.primary : off[0];
		const figures = events[ev].name + ' ' + signedCount(sum[ev]) + ' against ' +
			signedCount(f.inclusive ? f.inclusive[ev] : null);
		let why;
		if (recursive)
			why = 'its inclusive cost is the larger of two lower bounds, and here the calls into it from ' +
				'outside its cycle of calls cost more: the rest of what runs beneath those calls is spent ' +
				'in the cycle\u2019s other members or deeper in its own recursion (see \u2248, the estimate)';
		else if (compareCounts(f.calls, 0) === 0)
			why = 'nothing calls it, so its inclusive cost is its own cost and its calls, and the code ' +
				'inlined into it is counted apart';
		else
			why = 'the calls into it record another cost than it and its callees spend: the profile ' +
				'disagrees with itself (callgrind files code reached by a jump under another function; ' +
				'a profile may be cut short)';
		return el('p', { class: 'adds-up note' }, what + ' do not add up to its inclusive cost (' + figures +
			(off.length > 1 ? ', and ' + (off.length - 1) + ' more event' + (off.length > 2 ? 's' : '') : '') +
			'): ' + why + '.');
	}

	function viewFunction(f) {
		const parts = [header(null)];
		const recursive = isRecursive(f);
		const host = hostOf(f);
		const inlined = inlinedInto.get(f) || [];
		const out = calleesOf(f).filter(c => !c.recursive);
		const hasEstimate = f.inclusive_estimate !== undefined;
		parts.push(el('h2', { class: 'fname' }, f.function));
		parts.push(el('p', { class: 'where' }, whereText(f)));
		if (host !== null)
			parts.push(el('p', { class: 'inlined-note' }, 'Code inlined into ', funcLink(host), ' from ' + f.file +
				': the profile lists it as a function of its own, which nothing calls; its cost is part of ' +
				'the inclusive cost of ', funcLink(host), ', in whose frames the flame graph draws it.'));
		const columns = [['inclusive', f.inclusive, ev => ({ mark: estimateOf(f, ev) !== null ? '\u2265' : null })]];
		/* The events the report did not estimate (null: all but the primary
		 * one) have no estimate to show. */
		if (hasEstimate)
			columns.push(['\u2248 estimate', f.inclusive_estimate.map((v, ev) => estimateOf(f, ev) !== null
				? v : f.inclusive[ev]), ev => f.inclusive_estimate[ev] === null ? { none: NOT_ESTIMATED }
				: { mark: estimateOf(f, ev) !== null ? '\u2248' : null }]);
		columns.push(['self', f.self]);
		columns.push([recursive ? 'calls out of its cycle' : 'callees', sumCosts(out.map(c => c.inclusive))]);
		if (inlined.length)
			columns.push(['inlined code', sumCosts(inlined.map(g => g.inclusive))]);
		parts.push(costsTable(columns));
		if (hasEstimate)
			parts.push(el('p', { class: 'estimate-note' }, 'It calls itself, directly or through a cycle of ' +
				'calls: the profile proves only a lower bound of its inclusive cost (\u2265), and the ' +
				'estimate beside it (\u2248) is what the flame graph draws.'), legend());
		parts.push(addsUp(f, [f.self, ...out.map(c => c.inclusive), ...inlined.map(g => g.inclusive)],
			recursive, inlined));
		parts.push(el('p', {}, 'Calls into it: ' + callCount(f.calls) + '.'));
		if (f.cycle !== undefined && f.cycle !== null)
			parts.push(el('p', {}, 'Member of ', el('a', { href: '#cycle/' + f.cycle }, '<cycle ' + f.cycle + '>'), '.'));
		const frame = f.function.replace(/;/g, ':').replace(/\n/g, ' ');
		const same = (byFrame.get(frame) || []).filter(g => g !== f);
		if (same.length)
			parts.push(el('p', { class: 'muted' }, 'Also of this name (one frame in the flame graph): ',
				...same.map((g, i) => [i ? ', ' : '', el('a', { href: hashOf(g) }, g.file)]).flat()));
		parts.push(el('div', { class: 'calls' }, callsTable(callersOf(f), 'Callers', 'callers'),
			callsTable(calleesOf(f), 'Callees', 'callees')));
		if (inlined.length)
			parts.push(inlinedTable(inlined));
		parts.push(el('h3', {}, 'Source: ' + f.file), sourceView(f));
		if (f.instructions)
			parts.push(el('h3', {}, 'Machine code'), asmView(f));
		app.replaceChildren(...parts);
	}

	/* The code inlined into a function from other files: each one's own
	 * cost and inclusive cost (its own and its calls). */
	function inlinedTable(list) {
		const shown = visibleEvents();
		const head = el('tr');
		for (const ev of shown)
			head.append(el('th', { scope: 'col', class: 'num', 'data-event': ev }, events[ev].name + ' incl'),
				el('th', { scope: 'col', class: 'num' }, events[ev].name + ' self'));
		head.append(el('th', { scope: 'col', class: 'name' }, 'from'));
		const body = el('tbody');
		const sorted = list.slice().sort((a, b) => compareCounts(magnitude(b.inclusive[page.primary]),
			magnitude(a.inclusive[page.primary])) || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
		for (const g of sorted) {
			const tr = el('tr', { 'data-index': g.index });
			for (const ev of shown)
				tr.append(costCell(g.inclusive[ev], ev), costCell(g.self ? g.self[ev] : null, ev));
			tr.append(el('td', { class: 'name' }, el('a', { href: hashOf(g), class: 'where', title: whereText(g) },
				whereText(g))));
			body.append(tr);
		}
		return el('section', { class: 'inlined' }, el('h3', {}, 'Inlined code (' + list.length + ')'),
			el('p', { class: 'muted' }, 'Code the compiler inlined into it from other files, which the ' +
				'profile lists apart under its name.'),
			el('div', { class: 'table-scroll' }, el('table', { class: 'calls-list' }, el('thead', {}, head), body)));
	}

	/* A cycle of calls: its members by estimated cost, each with its own
	 * cost, bound and estimate; then the calls that enter it and leave it,
	 * whose recorded costs are exact. */
	function viewCycle(c) {
		const members = c.members.map(m => byKey.get(m.file + '\u0000' + m.function) ||
			{ file: m.file, function: m.function, missing: true });
		const inside = new Set(members);
		const estimate = f => f.inclusive_estimate || f.inclusive;
		const key = f => f.missing ? null : magnitude(estimate(f)[page.primary]);
		members.sort((a, b) => compareCounts(key(b), key(a)) ||
			(a.function < b.function ? -1 : a.function > b.function ? 1 : 0));
		const parts = [header(null), el('h2', {}, '<cycle ' + c.id + '>'),
			el('p', { class: 'muted' }, 'Functions that call each other: a strongly connected ' +
				'component of the call graph. Its inclusive cost is what the calls entering it cost; ' +
				'a member\u2019s is a proven lower bound (\u2265), beside its estimate (\u2248).'),
			costsTable([['inclusive', c.inclusive], ['self', c.self]]), legend(),
			el('h3', {}, 'Members (' + members.length + '), by estimated cost')];
		const shown = visibleEvents();
		const head = el('tr');
		for (const ev of shown)
			head.append(el('th', { scope: 'col', class: 'num', 'data-event': ev }, events[ev].name + ' self'),
				el('th', { scope: 'col', class: 'num' }, events[ev].name + ' \u2265 incl'),
				el('th', { scope: 'col', class: 'num' }, events[ev].name + ' \u2248 incl'));
		head.append(el('th', { scope: 'col', class: 'num' }, 'calls'), el('th', { scope: 'col', class: 'name' }, 'member'));
		const body = el('tbody');
		for (const f of members) {
			const tr = el('tr', { 'data-index': f.missing ? null : f.index });
			for (const ev of shown) {
				const est = f.missing ? null : estimateOf(f, ev);
				tr.append(costCell(f.self ? f.self[ev] : null, ev),
					costCell(f.inclusive ? f.inclusive[ev] : null, ev, { mark: est !== null ? '\u2265' : null }),
					costCell(est !== null ? est : f.inclusive ? f.inclusive[ev] : null, ev,
						{ mark: est !== null ? '\u2248' : null }));
			}
			tr.append(el('td', { class: 'num', 'data-value': f.missing ? '' : String(f.calls) },
				f.missing ? '' : callCount(f.calls)));
			tr.append(el('td', { class: 'name' }, funcLink(f), f.missing ? null : whereLine(f)));
			body.append(tr);
		}
		parts.push(el('div', { class: 'table-scroll' }, el('table', { class: 'functions members' },
			el('thead', {}, head), body)));
		const entering = [], leaving = [];
		for (const f of members) {
			if (f.missing)
				continue;
			for (const call of callersOf(f))
				if (!inside.has(call.func))
					entering.push(Object.assign(call, { from: call.func, func: f }));
			for (const call of calleesOf(f))
				if (!inside.has(call.func))
					leaving.push(Object.assign(call, { from: f }));
		}
		const byCost = (a, b) => compareCounts(magnitude(b.inclusive ? b.inclusive[page.primary] : null),
			magnitude(a.inclusive ? a.inclusive[page.primary] : null));
		entering.sort(byCost);
		leaving.sort(byCost);
		parts.push(el('div', { class: 'calls' },
			callsTable(entering, 'Calls entering it', 'entering', 'caller \u2192 member'),
			callsTable(leaving, 'Calls leaving it', 'leaving', 'member \u2192 callee')));
		app.replaceChildren(...parts);
	}

	/* ---- #groups: the groups of --group-by (data.groups) ---- */

	const ESTIMATE_NOTE = '\u2265: proven lower bound of the cost spent while it runs (recursion: the ' +
		'profile records no more); \u2248: estimated from the call graph\u2019s stacks, what the ' +
		'flame graph draws';

	/* A group's inclusive cost of event EV: one count where it is exact,
	 * else the proven bound and, where it differs, the estimate, each
	 * marked, bound first. */
	function groupInclusiveCell(g, ev) {
		const bound = g.inclusive[ev], estimate = g.inclusive_estimate[ev];
		if (g.exact || bound === null)
			return costCell(bound, ev);
		const same = compareCounts(bound, estimate) === 0;
		const p = percentOf(same ? bound : estimate, ev);
		return el('td', { class: 'num', title: ESTIMATE_NOTE,
			'data-value': estimate === null ? '' : String(estimate) },
		el('span', { class: 'count' }, '\u2265 ' + count(bound)),
		same ? null : ' ', same ? null : el('span', { class: 'count' }, '\u2248 ' + count(estimate)),
		p !== null && data.page.show_percs
			? el('span', { class: 'pct' }, (same ? '\u2265 ' : '\u2248 ') + percentText(p)) : null);
	}

	/* A cost per call as the text report writes it: one decimal below 10,
	 * "-" where no call enters. */
	function perCallText(v) {
		if (v === null || v === undefined)
			return '-';
		return !isBig(v) && Math.abs(v) < 10 ? v.toFixed(1) : count(v);
	}

	function viewGroups() {
		const groups = data.groups;
		if (!groups) {
			viewNowhere('No groups', 'This report was written without --group-by: write it again ' +
				'with --group-by=object, file, class or namespace to see its functions grouped.');
			return;
		}
		const ev0 = page.shown[0];
		const head = el('tr', {}, el('th', {}, data.group_by));
		for (const ev of page.shown)
			head.append(el('th', { class: 'num' }, events[ev].name + ' incl'),
				el('th', { class: 'num' }, events[ev].name + ' self'));
		head.append(el('th', { class: 'num' }, 'calls'), el('th', { class: 'num' }, 'functions'),
			el('th', { class: 'num' }, events[ev0].name + ' self/call'),
			el('th', { class: 'num' }, events[ev0].name + ' incl/call'));
		const body = el('tbody');
		for (const g of groups) {
			const row = el('tr', {}, el('td', { class: 'fname' }, g.group));
			for (const ev of page.shown)
				row.append(groupInclusiveCell(g, ev), costCell(g.self[ev], ev));
			row.append(el('td', { class: 'num' }, callCount(g.calls)),
				el('td', { class: 'num' }, count(g.functions)),
				el('td', { class: 'num' }, perCallText(g.self_per_call[ev0])),
				el('td', { class: 'num' }, perCallText(g.inclusive_per_call[ev0])));
			body.append(row);
		}
		app.replaceChildren(header('#groups'), el('h2', {}, 'Groups by ' + data.group_by),
			el('p', { class: 'muted' }, 'Self: the sum of the group\u2019s functions\u2019; calls: those ' +
				'entering it from other groups; inclusive: the stacks holding any of its functions, ' +
				'exact where none is recursive and none runs beneath another, else ', ESTIMATE_NOTE,
				' (', el('a', { href: 'README.md#exact-and-estimated' }, 'README.md#exact-and-estimated'),
				').'),
			el('div', { class: 'table-box' }, el('table', { class: 'functions' }, el('thead', {}, head), body)));
	}

	/* ---- the flame graph ---- */

	let flame = null;

	function openFrame(name) {
		const fs = (byFrame.get(name) || []).slice();
		if (fs.length === 0)
			return;
		fs.sort((a, b) => compareCounts(magnitude(b.inclusive[page.primary]), magnitude(a.inclusive[page.primary])));
		go(hashOf(fs[0]));
	}

	/* A view whose part of the data is absent (or says why it is
	 * missing) shows PARTS and the reason; true then. */
	function showMissing(parts, part, none) {
		if (part && !part.missing)
			return false;
		parts.push(el('p', { class: 'note' }, part ? part.missing : none));
		app.replaceChildren(...parts);
		return true;
	}

	function viewFlame() {
		const parts = [header('#flame')];
		const tree = data.flame;
		if (showMissing(parts, tree, 'No flame graph.'))
			return;
		const svg = cgaFlame.build(tree, data.mode === 'diff' ? data.inputs[1] + ' against ' +
			data.inputs[0] : (data.command || data.file));
		/* Of a width of its own, so that what it says never moves the graph. */
		const result = el('span', { class: 'muted search-result', role: 'status' });
		const search = el('input', { type: 'search', id: 'flame-search', placeholder: 'regular expression',
			'aria-label': 'search frames by a regular expression', oninput: e => {
				const re = regexOf(e.target.value);
				e.target.classList.toggle('bad', re === undefined);
				if (re === undefined)
					return;
				const r = flame.search(re);
				result.textContent = re === null ? '' : r.frames + ' frames match, ' + r.share.toFixed(2) + '% of the total';
			} });
		parts.push(el('div', { class: 'tools' }, el('label', {}, 'Search ', search), result,
			el('button', { type: 'button', onclick: () => flame.reset() }, 'Reset zoom'),
			el('span', { class: 'muted' }, 'Click a frame: its function. Shift+click: zoom. ' +
				(tree.diff ? 'Red: own cost grew, blue: shrank; widths: the larger of OLD and NEW.' :
					'Frames are stacks estimated from the call graph (see the README).'))));
		parts.push(el('div', { class: 'flame-box' }, svg));
		app.replaceChildren(...parts);
		flame = cgaFlame.attach(svg, { open: openFrame });
		window.cgaReport.flame = flame;
	}

	/* ---- the call graph ---- */

	/* The DOT node id of F as the --format=dot graph writes it, which dot
	 * puts in each node's <title>: "file:function", backslashes doubled,
	 * ':' in the file as "\:", what is no text as \xNN. */
	function dotId(f) {
		const esc = (s, colon) => {
			let out = '';
			for (const ch of s) {
				const c = ch.codePointAt(0);
				if (ch === '\\')
					out += '\\\\';
				else if (colon && ch === ':')
					out += '\\:';
				else if (c < 0x20 || c === 0x7f || c === 0xfffe || c === 0xffff)
					out += Array.from(new TextEncoder().encode(ch),
						b => '\\x' + b.toString(16).padStart(2, '0')).join('');
				else
					out += ch;
			}
			return out;
		};
		/* dot reads HTML entities in ids ("&amp;" as "&") and keeps them so. */
		const entities = { amp: '&', lt: '<', gt: '>', quot: '"', apos: '\'' };
		return (esc(f.file, true) + ':' + esc(f.function, false)).replace(
			/&(#[0-9]+|#x[0-9a-fA-F]+|amp|lt|gt|quot|apos);/g, (m, e) => e[0] !== '#' ? entities[e]
				: String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10)));
	}

	const SVG_TAGS = new Set(['svg', 'g', 'title', 'polygon', 'polyline', 'ellipse', 'path',
		'text', 'rect', 'circle', 'line']);
	const SVG_ATTRS = new Set(['id', 'class', 'fill', 'stroke', 'points', 'cx', 'cy', 'rx', 'ry',
		'd', 'x', 'y', 'x1', 'y1', 'x2', 'y2', 'r', 'width', 'height', 'viewBox', 'transform',
		'font-family', 'font-size', 'font-weight', 'font-style', 'text-anchor', 'stroke-width',
		'stroke-dasharray', 'fill-opacity', 'stroke-opacity', 'preserveAspectRatio']);

	/* Graphviz's SVG, kept to shapes and text: no element or attribute
	 * that could run code or fetch anything comes through. */
	function cleanSvg(node) {
		for (const child of Array.from(node.childNodes)) {
			if (child.nodeType === Node.COMMENT_NODE || child.nodeType === Node.PROCESSING_INSTRUCTION_NODE) {
				child.remove();
			} else if (child.nodeType === Node.ELEMENT_NODE) {
				if (child.localName === 'a') {
					cleanSvg(child);
					child.replaceWith(...child.childNodes);
					continue;
				}
				if (!SVG_TAGS.has(child.localName) || child.namespaceURI !== 'http://www.w3.org/2000/svg') {
					child.remove();
					continue;
				}
				for (const a of Array.from(child.attributes))
					if (!SVG_ATTRS.has(a.name))
						child.removeAttribute(a.name);
				cleanSvg(child);
			}
		}
	}

	/* The size dot drew the graph at, in CSS pixels: its width and height
	 * (in points), else its viewBox; null when it gives neither. */
	function drawnSize(svg) {
		const px = v => {
			const m = /^\s*([0-9.]+)\s*(pt|px)?\s*$/.exec(v || '');
			return m ? Number(m[1]) * (m[2] === 'pt' ? 4 / 3 : 1) : NaN;
		};
		let w = px(svg.getAttribute('width')), h = px(svg.getAttribute('height'));
		if (!(w > 0 && h > 0)) {
			const vb = svg.viewBox.baseVal;
			[w, h] = vb ? [vb.width, vb.height] : [NaN, NaN];
		}
		return w > 0 && h > 0 ? { w, h } : null;
	}

	/* Redraws the call graph at its size for the window; null elsewhere. */
	let graphFit = null;
	window.addEventListener('resize', () => graphFit && graphFit());

	/* The graph NODE in BOX at the size dot drew it, or fitted into the
	 * window both ways: scaled down to the room below the box's top, never
	 * up (a small graph would have letters as tall as the window). */
	function sizeGraph(node, box, size, fit) {
		box.classList.toggle('natural', !fit);
		if (size === null)
			return;
		let scale = 1;
		if (fit) {
			node.style.width = node.style.height = '0';
			const frame = box.offsetHeight - box.clientHeight;
			const top = box.getBoundingClientRect().top + window.scrollY;
			const below = parseFloat(getComputedStyle(document.body).paddingBottom) || 0;
			const room = Math.max(120, window.innerHeight - top - frame - below);
			scale = Math.min(1, box.clientWidth / size.w, room / size.h);
		}
		node.style.width = size.w * scale + 'px';
		node.style.height = size.h * scale + 'px';
		return scale;
	}

	/* The smallest text of the graph NODE drawn at SIZE, in CSS pixels:
	 * font sizes are in the units of its viewBox. */
	function smallestText(node, size) {
		const vb = node.viewBox.baseVal;
		let least = Infinity;
		for (const t of node.querySelectorAll('text[font-size]'))
			least = Math.min(least, parseFloat(t.getAttribute('font-size')));
		return vb && vb.width > 0 && Number.isFinite(least) ? least * size.w / vb.width : Infinity;
	}

	/* Text smaller than this is not read: a graph that fits the window
	 * only at a smaller size opens at the size dot drew it. */
	const READABLE_PX = 8;

	/* What the graph shows: all the functions --format=dot would, or the
	 * largest of them (the page draws at most so many unless --node-thres
	 * is given). */
	function graphCaption(g) {
		const cut = g.drawn < g.reached
			? ' with the ' + g.drawn + ' largest of the ' + g.reached + ' functions of at least ' +
				g.node_thres + ' % (--node-thres=' + g.node_thres + ' draws them all; every function has its page)'
			: '';
		return 'The graph of --format=dot' + cut + ', drawn by ' + g.program + '. Click a function to open it.';
	}

	function viewCallgraph() {
		const parts = [header('#callgraph')];
		const g = data.callgraph;
		if (showMissing(parts, g, 'No call graph.'))
			return;
		const doc = new DOMParser().parseFromString(g.svg, 'image/svg+xml');
		const svg = doc.documentElement;
		if (svg.localName !== 'svg') {
			parts.push(el('p', { class: 'note' }, 'The call graph drawn by dot could not be read.'));
			app.replaceChildren(...parts);
			return;
		}
		cleanSvg(svg);
		for (const a of Array.from(svg.attributes))
			if (!SVG_ATTRS.has(a.name))
				svg.removeAttribute(a.name);
		const byId = new Map(functions.map(f => [dotId(f), f]));
		const node = document.importNode(svg, true);
		const size = drawnSize(node);
		node.removeAttribute('width');
		node.removeAttribute('height');
		node.setAttribute('class', 'callgraph');
		for (const n of node.querySelectorAll('g.node')) {
			const title = n.querySelector('title');
			const f = title ? byId.get(title.textContent) : undefined;
			if (!f)
				continue;
			n.setAttribute('tabindex', '0');
			n.setAttribute('role', 'link');
			n.setAttribute('aria-label', f.function);
			n.classList.add('linked');
			n.addEventListener('click', () => go(hashOf(f)));
			n.addEventListener('keydown', e => {
				if (e.key === 'Enter')
					go(hashOf(f));
			});
		}
		const box = el('div', { class: 'graph-box' }, node);
		const fit = el('input', { type: 'checkbox', checked: true, onchange: () =>
			sizeGraph(node, box, size, fit.checked) });
		parts.push(el('div', { class: 'tools' }, el('label', {}, fit, ' fit the window'),
			el('span', { class: 'muted' }, graphCaption(g))));
		parts.push(box);
		app.replaceChildren(...parts);
		graphFit = () => sizeGraph(node, box, size, fit.checked);
		const scale = graphFit();
		if (size !== null && smallestText(node, size) * scale < READABLE_PX) {
			fit.checked = false;
			graphFit();
		}
	}

	/* ---- aprof reports ---- */

	const routines = data.format === 'aprof' ? data.routines : [];
	const aprofState = { filter: '', sortKey: null, sortDir: -1 };

	function fitText(r) {
		return r.fit ? r.fit.b.toFixed(2) : '-';
	}

	function routineName(r) {
		return (data.page.mangled && r.mangled) || r.full_name || r.name || String(r.id);
	}

	function viewRoutines() {
		const box = el('div', { class: 'table-box' });
		const cols = [['self', 'self'], ['cumulative', 'cumulative'], ['calls', 'calls'],
			['inputs', 'inputs'], ['max_rms', 'max-rms'], ['growth', 'growth']];
		const draw = () => {
			const re = regexOf(aprofState.filter);
			let rows = routines.slice();
			if (aprofState.sortKey !== null) {
				const key = aprofState.sortKey;
				const v = r => key === 'growth' ? (r.fit ? r.fit.b : null) : key === 'name' ? routineName(r) : r[key];
				rows.sort((a, b) => {
					const x = v(a), y = v(b);
					const c = key === 'name' ? (x < y ? -1 : x > y ? 1 : 0) : compareCounts(x, y);
					return aprofState.sortDir * c;
				});
			}
			if (re)
				rows = rows.filter(r => re.test(routineName(r)));
			const head = el('tr');
			for (const [key, label] of cols.concat([['name', 'routine']])) {
				const active = aprofState.sortKey === key;
				head.append(el('th', { scope: 'col', class: key === 'name' ? 'name' : 'num',
					'aria-sort': active ? (aprofState.sortDir < 0 ? 'descending' : 'ascending') : 'none' },
				el('button', { type: 'button', 'data-sort': key, onclick: () => {
					aprofState.sortDir = active ? -aprofState.sortDir : key === 'name' ? 1 : -1;
					aprofState.sortKey = key;
					draw();
				} }, label)));
			}
			const body = el('tbody');
			for (const r of rows) {
				const p = r.self !== null && toNumber(data.total) ? toNumber(r.self) * 100 / toNumber(data.total) : null;
				body.append(el('tr', { 'data-id': r.id },
					el('td', { class: 'num' }, el('span', { class: 'count' }, count(r.self)),
						p !== null ? el('span', { class: 'pct' }, p.toFixed(2) + '%') : null),
					el('td', { class: 'num' }, count(r.cumulative)), el('td', { class: 'num' }, count(r.calls)),
					el('td', { class: 'num' }, count(r.inputs)), el('td', { class: 'num' }, count(r.max_rms)),
					el('td', { class: 'num' }, fitText(r)),
					el('td', { class: 'name' }, el('a', { href: '#routine/' + r.id, class: 'fname' }, routineName(r)),
						el('span', { class: 'where' }, r.image || ''))));
			}
			box.replaceChildren(el('p', { class: 'status', role: 'status' }, rows.length + ' routines'),
				el('table', { class: 'functions' }, el('thead', {}, head), body));
		};
		const filter = el('input', { type: 'search', id: 'filter', value: aprofState.filter,
			'aria-label': 'filter routines by a regular expression', placeholder: 'regular expression',
			oninput: e => {
				const re = regexOf(e.target.value);
				e.target.classList.toggle('bad', re === undefined);
				if (re !== undefined) {
					aprofState.filter = e.target.value;
					draw();
				}
			} });
		const info = el('div', { class: 'summary' });
		for (const [k, label] of [['application', 'Application'], ['command', 'Command'],
			['cost_metric', 'Cost'], ['input_metric', 'Input']])
			if (data[k])
				info.append(el('div', {}, el('b', {}, label + ': '), data[k]));
		info.append(el('div', {}, el('b', {}, 'Total: '), count(data.total),
			data.total_calculated ? ' (calculated)' : ''));
		app.replaceChildren(header('#routines'), info, el('div', { class: 'tools' },
			el('label', {}, 'Filter ', filter)), box);
		draw();
	}

	/* Average (circles) and maximum (triangles) cost against the input
	 * size, with the fitted curve a * rms^b: the text report's plot. */
	function plot(r) {
		const W = 640, H = 320, L = 70, B = 40, T = 10, R = 10;
		const pts = r.points.filter(p => p.occ > 0);
		const xs = pts.map(p => toNumber(p.rms));
		const avg = pts.map(p => toNumber(p.sum) / toNumber(p.occ));
		const max = pts.map(p => toNumber(p.max));
		const xMax = Math.max(1, ...xs), yMax = Math.max(1, ...max, ...avg);
		const X = x => L + (W - L - R) * x / xMax, Y = y => H - B - (H - B - T) * y / yMax;
		const ns = 'http://www.w3.org/2000/svg';
		const svg = document.createElementNS(ns, 'svg');
		svg.setAttribute('viewBox', '0 0 ' + W + ' ' + H);
		svg.setAttribute('class', 'plot');
		svg.setAttribute('role', 'img');
		svg.setAttribute('aria-label', 'cost against input size');
		const add = (tag, attrs, text) => {
			const e = document.createElementNS(ns, tag);
			for (const [k, v] of Object.entries(attrs))
				e.setAttribute(k, v);
			if (text !== undefined)
				e.textContent = text;
			svg.append(e);
			return e;
		};
		add('line', { x1: L, y1: H - B, x2: W - R, y2: H - B, stroke: '#333' });
		add('line', { x1: L, y1: T, x2: L, y2: H - B, stroke: '#333' });
		add('text', { x: (L + W) / 2, y: H - 8, 'text-anchor': 'middle' }, (data.input_metric || 'rms'));
		add('text', { x: L - 6, y: T + 10, 'text-anchor': 'end' }, count(Math.round(yMax)));
		add('text', { x: W - R, y: H - B + 16, 'text-anchor': 'end' }, count(xMax));
		if (r.fit) {
			let d = '';
			for (let k = 0; k <= 100; k++) {
				const x = xMax * k / 100;
				const y = r.fit.a * Math.pow(x, r.fit.b);
				if (Number.isFinite(y))
					d += (d ? ' L ' : 'M ') + X(x).toFixed(1) + ' ' + Y(Math.min(y, yMax * 1.05)).toFixed(1);
			}
			add('path', { d, fill: 'none', stroke: '#888', 'stroke-dasharray': '4 3' });
		}
		pts.forEach((p, i) => {
			add('circle', { cx: X(xs[i]), cy: Y(avg[i]), r: 3, fill: '#c33' });
			const x = X(xs[i]), y = Y(max[i]);
			add('path', { d: 'M ' + x + ' ' + (y - 4) + ' L ' + (x + 4) + ' ' + (y + 3) + ' L ' + (x - 4) + ' ' + (y + 3) + ' Z', fill: '#36c' });
		});
		return svg;
	}

	function viewRoutine(r) {
		const parts = [header(null), el('h2', { class: 'fname' }, routineName(r)),
			el('p', { class: 'where' }, (r.image || '') + (r.mangled ? ' (' + r.mangled + ')' : ''))];
		parts.push(el('p', {}, 'Self ' + count(r.self) + ', cumulative ' + count(r.cumulative) + ', ' +
			count(r.calls) + ' calls, ' + count(r.inputs) + ' input sizes. ' + (r.fit
			? 'Fit: cost \u2248 ' + r.fit.a.toPrecision(4) + ' \u00b7 rms^' + r.fit.b.toFixed(3) +
				' (R\u00b2 ' + r.fit.r2.toFixed(3) + ').' : 'No fit: fewer than 3 usable input sizes.')));
		parts.push(el('figure', {}, plot(r), el('figcaption', { class: 'muted' },
			'Average cost (red circles) and maximum (blue triangles) against the input size; ' +
			'dashed: the fitted curve.')));
		const head = el('tr');
		for (const h of ['rms', 'calls', 'min', 'average', 'max', 'self average'])
			head.append(el('th', { scope: 'col', class: 'num' }, h));
		const body = el('tbody');
		for (const p of r.points)
			body.append(el('tr', {}, el('td', { class: 'num' }, count(p.rms)),
				el('td', { class: 'num' }, count(p.occ)), el('td', { class: 'num' }, count(p.min)),
				el('td', { class: 'num' }, p.occ ? (toNumber(p.sum) / toNumber(p.occ)).toFixed(1) : '-'),
				el('td', { class: 'num' }, count(p.max)),
				el('td', { class: 'num' }, p.self_sum !== null && p.occ ? (toNumber(p.self_sum) / toNumber(p.occ)).toFixed(1) : '-')));
		parts.push(el('table', { class: 'costs' }, el('thead', {}, head), body));
		app.replaceChildren(...parts);
	}

	/* ---- keys ---- */

	const keys = data.format === 'aprof'
		? [['/', 'the filter box'], ['r', 'the routine table'], ['?', 'this list'],
			['Escape', 'leave a box; in the table, clear the filter']]
		: [['/', 'the filter or search box'], ['f', 'the function table'], ['g', 'the flame graph'],
			['c', 'the call graph'], ['o', 'the groups (--group-by)'], ['j, k', 'next, previous row of a table'],
			['Enter', 'open the row\u2019s function'], ['?', 'this list'],
			['Escape', 'leave a box; in the flame graph, reset the zoom']];

	function viewHelp() {
		const list = el('dl', { class: 'keys' });
		for (const [k, what] of keys)
			list.append(el('dt', {}, el('kbd', {}, k)), el('dd', {}, what));
		app.replaceChildren(header('#help'), el('h2', {}, 'Keys'), list, el('h2', {}, 'Marks'),
			el('dl', { class: 'keys' }, el('dt', {}, '\u2265'), el('dd', {}, BOUND_TEXT.slice(3)),
				el('dt', {}, '\u2248'), el('dd', {}, ESTIMATE_TEXT.slice(3)),
				el('dt', {}, NESTED_MARK), el('dd', {}, NESTED_TEXT.slice(3))),
			el('p', {}, 'More: ', el('a', { href: README_LINK }, 'README.md, \u201cExact and estimated\u201d'), '.'),
			el('p', { class: 'muted' }, 'Written by ' + data.page.generator + '. Everything shown is in ' +
				'this one file; nothing is fetched.'));
	}

	document.addEventListener('keydown', e => {
		const t = e.target;
		const typing = t && (t.localName === 'input' || t.localName === 'select' || t.localName === 'textarea');
		if (e.key === 'Escape') {
			if (typing)
				t.blur();
			else if (flame && location.hash === '#flame')
				flame.reset();
			return;
		}
		if (typing || e.ctrlKey || e.metaKey || e.altKey)
			return;
		const views = data.format === 'aprof' ? { r: '#routines' } : { f: '#functions', o: '#groups', g: '#flame', c: '#callgraph' };
		if (e.key === '?') {
			go('#help');
		} else if (views[e.key]) {
			go(views[e.key]);
		} else if (e.key === '/') {
			const box = document.getElementById('filter') || document.getElementById('flame-search');
			if (box) {
				e.preventDefault();
				box.focus();
			}
		} else if (e.key === 'j' || e.key === 'k') {
			const links = Array.from(app.querySelectorAll('tbody a.fname'));
			if (links.length === 0)
				return;
			const at = links.indexOf(document.activeElement);
			const next = e.key === 'j' ? Math.min(links.length - 1, at + 1) : Math.max(0, at - 1);
			links[next].focus();
		}
	});

	/* ---- routing ---- */

	/* The text of a fragment, or null when its %-escapes are malformed (a
	 * link cut short or typed by hand), on which decodeURIComponent throws. */
	function decoded(text) {
		try {
			return decodeURIComponent(text);
		} catch (e) {
			return null;
		}
	}

	/* A link to nothing this report holds: a note, in the page's frame. */
	function viewNowhere(title, text) {
		app.replaceChildren(header(null), el('h2', {}, title), el('p', { class: 'note' }, text));
	}

	function malformed(raw) {
		viewNowhere('No such view', 'The link #' + raw + ' is malformed: each % in it must start ' +
			'an escape such as %2F, of UTF-8 text. It names no view of this report.');
	}

	/* #function/FILE/NAME, each part escaped by encodeURIComponent. */
	function routeFunction(raw) {
		const rest = raw.slice('function/'.length);
		const slash = rest.indexOf('/');
		if (slash < 0) {
			viewNowhere('No such function', 'The link #' + raw + ' names no function: a ' +
				'function\u2019s link is #function/FILE/NAME.');
			return;
		}
		const file = decoded(rest.slice(0, slash)), func = decoded(rest.slice(slash + 1));
		if (file === null || func === null)
			malformed(raw);
		else if (byKey.has(file + '\u0000' + func))
			viewFunction(byKey.get(file + '\u0000' + func));
		else
			viewNowhere('No such function', 'No function ' + func + ' in ' + file +
				' in this report.');
	}

	function routeAprof(hash) {
		const m = /^routine\/(.*)$/.exec(hash);
		const r = m ? routines.find(x => String(x.id) === m[1]) : null;
		if (r)
			viewRoutine(r);
		else if (m)
			viewNowhere('No such routine', 'No routine ' + m[1] + ' in this report.');
		else if (hash === 'help')
			viewHelp();
		else if (hash === '' || hash === 'routines')
			viewRoutines();
		else
			viewNowhere('No such view', 'This report has no view #' + hash + '.');
	}

	function route() {
		const raw = location.hash.replace(/^#/, '');
		const hash = decoded(raw);
		flame = null;
		graphFit = null;
		if (moreRows) {
			moreRows.disconnect();
			moreRows = null;
		}
		if (data.format !== 'aprof' && raw.startsWith('function/'))
			routeFunction(raw);
		else if (hash === null)
			malformed(raw);
		else if (data.format === 'aprof')
			routeAprof(hash);
		else if (hash.startsWith('cycle/') && cycleById.has(Number(hash.slice(6))))
			viewCycle(cycleById.get(Number(hash.slice(6))));
		else if (hash.startsWith('cycle/'))
			viewNowhere('No such cycle', 'No <cycle ' + hash.slice(6) + '> in this report.');
		else if (hash === 'flame')
			viewFlame();
		else if (hash === 'callgraph')
			viewCallgraph();
		else if (hash === 'groups')
			viewGroups();
		else if (hash === 'help')
			viewHelp();
		else if (hash === '' || hash === 'functions')
			viewFunctions();
		else
			viewNowhere('No such view', 'This report has no view #' + hash + '.');
		const h1 = app.querySelector('h2') || app.querySelector('h1');
		document.title = (h1 && h1 !== app.querySelector('h1') ? h1.textContent + ' \u2014 ' : '') +
			'cgannotate: ' + (data.file || '');
		window.scrollTo(0, 0);
	}

	window.cgaReport = { data, route, state };
	window.addEventListener('hashchange', route);
	route();
	window.cgaReport.ready = true;
})();
