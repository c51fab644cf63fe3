/* Checks of cgannotate's flame graphs in headless Chromium, of the page's
 * (#flame of --format=html) and of the SVG of --format=flamegraph, each
 * against a source independent of what is drawn: the folded stacks of
 * --format=folded (in a diff OLD's and NEW's), the JSON report and the
 * call graph of --format=dot with the same options.  What a person sees
 * is read -- the rectangles as laid out, the tooltips, the labels, the
 * colours as computed -- and the flame graph is rebuilt from the
 * rectangles alone.  check.js runs these for tests/browser.sh and
 * tests/browser-flame.sh, with its TAP helper:
 *
 *   - the frames are the folded stacks': each with its count (in a diff
 *     OLD's too), as wide as its share, within its parent, beside its
 *     siblings; exactly those at least 0.1 unit wide are drawn; drawn,
 *     zoomed (a shift-click, on the page) and reset (the one control
 *     shown);
 *   - each label is its name cut at the frame's width by the script's
 *     estimate of text widths, a name of more than 60 characters its
 *     shortened label (the page data's labels, the SVG's <metadata>), no
 *     longer than 60 and the call graph's label of that function;
 *   - colours: warm; in a diff those of the relative change each tooltip
 *     gives, grey exactly where the frame's whole counts did not change,
 *     that change within the rounding of its whole counts';
 *   - no label runs past its frame, no line of text past the picture, and
 *     hovering a frame of a long name writes a line that ends before the
 *     search's result with the frame's counts and share;
 *   - the SVG's script labels the frames, after a reset, as the program
 *     did (but for a known bug, reported as a TODO); its Search button
 *     shows where its script runs and only there; searching each function
 *     finds the share the JSON gives as its inclusive estimate, frames too
 *     narrow to draw included;
 *   - the page's flame graph has, frame for frame, the tooltips and
 *     colours of the SVG of the same profile and options. */
'use strict';

const fs = require('fs');
const path = require('path');
const { readDot, goTo } = require('./check-page.js');

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

/* The flame graph of case KASE's folded stacks. */
function flameOfCase(kase) {
	return kase.old ? flameOf(readFolded(kase.new), readFolded(kase.old)) : flameOf(readFolded(kase.folded));
}

/* How the flame graph's script cuts labels: its estimate of text widths
 * (web/flamegraph.js's table, which tests/flame.sh checks against the
 * program's), at its font size, with its room on either side. */
const FRAMES_WIDTH = 1180;          /* the picture's 1200 units less 10 on either side */
const MIN_WIDTH = 0.1;
/* Names longer than this (in characters) are labelled shortened. */
const NAME_MAX = 60;
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

/* The label of a frame W units wide showing NAME: NAME, or the longest
 * start of it that fits with "..", or nothing where not even one
 * character does (tests/flame-check.py's fitted()). */
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

const chars = s => [...s].length;

/* The call graph's labels of the functions of the JSON report JSON whose
 * names are longer than NAME_MAX: by name, the first line of the label
 * of --format=dot with every node (KASE.labels), for code that is no
 * inlined code; empty without that file. */
function graphLabels(kase, json) {
	const out = new Map();
	if (!kase.labels || !json)
		return out;
	const labels = readDot(kase.labels);
	for (const f of json.functions) {
		const label = labels.get(f.file + ':' + f.function);
		if (label !== undefined && chars(f.function) > NAME_MAX && !/^code inlined into /.test(label[0]))
			out.set(f.function, label[0]);
	}
	return out;
}

/* In the page: what a person sees of the flame graph SVG, its frames
 * drawn (their rectangles as laid out, in CSS pixels; their tooltips;
 * their labels; their colours as computed; in a --format=flamegraph SVG
 * the shortened name its label is cut from, from its <metadata>), and
 * the picture's box.  Run in the page as its source text. */
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
	const meta = svg.querySelector('metadata#cga-data');
	const names = meta === null ? [] : JSON.parse(meta.textContent).names;
	for (const g of group.querySelectorAll(':scope > .frame')) {
		if (!drawn(g))
			continue;
		const rect = g.querySelector('rect');
		const r = rect.getBoundingClientRect();
		const short = g.hasAttribute('data-n') ? names[Number(g.getAttribute('data-n'))] : null;
		frames.push({ title: g.querySelector('title').textContent, label: g.querySelector('text').textContent,
			short: typeof short === 'string' ? short : null,
			left: r.left, right: r.right, top: r.top, fill: getComputedStyle(rect).fill });
	}
	/* The picture as drawn: from its units to the window's pixels. */
	const ctm = svg.getScreenCTM();
	const units = svg.viewBox.baseVal.width;
	return { left: ctm.e, right: ctm.e + ctm.a * units, width: ctm.a * units, units, frames };
}

/* The flame graph M (measureFlame's) rebuilt from its rectangles alone:
 * a frame's row is its depth, its parent the frame of the row below that
 * spans it, its stack (key) its parents' names and its own.  Returns
 * { frames, all, shown (the stacks drawn), px, tol, near }, or why it
 * cannot be rebuilt. */
function framesAsDrawn(m) {
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
			info: cut < 0 ? '' : f.title.slice(cut + 1).split('\n')[0] });
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
	return { frames, all, shown, px, tol, near };
}

/* The label frame F (framesAsDrawn's) is cut from: its name, or for a
 * name of more than NAME_MAX characters its shortened label (F.short), at
 * most NAME_MAX long and, where the call graph labels the function (the
 * map CALLED), that label.  Returns it, or why not as { bad }. */
function labelSource(f, called) {
	const short = f.short === null || f.short === undefined ? f.name : f.short;
	if ((chars(f.name) > NAME_MAX) !== (short !== f.name) || chars(short) > NAME_MAX)
		return { bad: JSON.stringify(f.name.slice(0, 80)) + ' (' + chars(f.name) + ' characters) is labelled from ' +
			JSON.stringify(short.slice(0, 80)) };
	const graph = called.get(f.name);
	if (graph !== undefined && graph !== short)
		return { bad: JSON.stringify(f.name.slice(0, 80)) + ' is labelled from ' + JSON.stringify(short) +
			', the call graph labels it ' + JSON.stringify(graph) };
	return short;
}

/* The relative change, in percent, a frame's tooltip line INFO gives:
 * "(+12.34%)", "(-0.00%)", "(\u00b10.00%)" (its whole counts did not
 * change), "(new)" (Infinity); null if none.  Its sign is the text's. */
function shownChange(info) {
	const m = /\((new|\u00b10\.00%|[-+]\d+\.\d\d%)\),/.exec(info);
	if (m === null)
		return null;
	return { rel: m[1] === 'new' ? Infinity : m[1][0] === '\u00b1' ? 0 : Number(m[1].slice(0, -1)),
		unchanged: m[1][0] === '\u00b1', grew: m[1] === 'new' || m[1][0] === '+' };
}

/* The fill of a relative change REL (percent): web/flamegraph.js's and
 * report-flame.c's diverging(), as README "Flame graphs" gives it. */
function paleOf(rel) {
	return Math.round(225 * (1 - Math.min(Math.abs(rel) / 100, 1)));
}

/* A frame F of a differential flame graph DEPTH levels above "all", whose
 * whole counts are OLD and NOW (the folded stacks'), as
 * tests/flame-check.py's check_change() has it for the SVG: its colour is
 * that of the relative change its tooltip gives (of its widths before
 * rounding, within the tooltip's rounding to two decimals), grey exactly
 * where its whole counts did not change; and that number is the change of
 * its whole counts within their rounding (2 units a level).  Returns why
 * not, or null. */
function badChange(f, old, now, depth) {
	const change = shownChange(f.info);
	if (change === null)
		return 'no relative change in its tooltip ' + JSON.stringify(f.info);
	const rel = change.rel;
	const rgb = /^rgb\((\d+), (\d+), (\d+)\)$/.exec(f.fill);
	if (!rgb)
		return 'filled ' + f.fill;
	const [r, g, b] = rgb.slice(1).map(Number);
	const says = 'its tooltip says ' + JSON.stringify(f.info) + ' for OLD ' + old + ', NEW ' + now;
	if (old === now || change.unchanged)
		return old === now && change.unchanged && [r, g, b].join() === '228,228,228' ? null
			: says + ', filled ' + f.fill;
	if ((old === 0n) !== (rel === Infinity))
		return says;
	if (rel !== Infinity) {
		const whole = Number(now - old) * 100 / Number(old);
		const units = 2 * (depth + 1);
		const allowed = 100 * units * (1 + Number(now) / Number(old)) / Number(old) + 0.01;
		if (Math.abs(rel - whole) > allowed)
			return says + ': ' + whole.toFixed(2) + '% within ' + allowed.toFixed(2);
	}
	/* Where the tooltip's rounding to 0.01% leaves the colour. */
	const size = Math.abs(rel);
	const palest = paleOf(Math.max(size - 0.005, 0)), deepest = paleOf(size + 0.005);
	const pale = change.grew ? (r === 255 && g === b ? g : -1) : (b === 255 && r === g ? r : -1);
	if (pale < deepest || pale > palest)
		return says + ', filled ' + f.fill + ', not ' + (change.grew ? 'rgb(255, p, p)' : 'rgb(p, p, 255)') +
			' with p from ' + deepest + ' to ' + palest;
	return null;
}

/* The flame graph M (measureFlame's) against the folded stacks (FLAME,
 * flameOf's), zoomed into the frame of the stack ZOOM (null: not zoomed):
 * rebuilt from the rectangles alone (framesAsDrawn), each frame is the
 * stack its tooltip and its parents name, with the count of the folded
 * lines through it (in a diff OLD's too), as wide as its share of the
 * frame zoomed into (at full width, as are those below it), within its
 * parent and beside its siblings; the frames drawn are exactly those at
 * least 0.1 unit wide; each label is its name, or its shortened label
 * (labelSource, CALLED the call graph's labels), as the script cuts it at
 * that width; in a diff each frame has the colour of the change its
 * tooltip gives (badChange), elsewhere a warm colour.  Returns why not,
 * or null. */
function checkGeometry(m, flame, zoom, diff, called) {
	const drawn = framesAsDrawn(m);
	if (typeof drawn === 'string')
		return drawn;
	const { frames, all, shown, px, near } = drawn;
	/* Widths: the script's arithmetic, from the folded stacks. */
	const total = Number(flame.total);
	const scale = total > 0 ? FRAMES_WIDTH / total : 0;
	const unitsOf = key => Number(flame.drawn.get(key) || 0n) * scale;
	const inZoom = key => zoom === null || key === zoom || key.startsWith(zoom + ';');
	const aboveZoom = key => zoom !== null && (zoom === key || zoom.startsWith(key + ';'));
	const zoomScale = zoom === null ? 1 : FRAMES_WIDTH / unitsOf(zoom);
	const want = key => aboveZoom(key) ? FRAMES_WIDTH : inZoom(key) ? unitsOf(key) * zoomScale : 0;
	const count = (side, key) => key === '' ? side.total : side.width.get(key) || 0n;
	const digits = t => BigInt(t.replace(/,/g, ''));
	if (digits(diff ? / NEW ([\d,]+),/.exec(all.info)[1] : all.info.split(' ')[0]) !== flame.newer.total)
		return '"all" says ' + JSON.stringify(all.info) + ', the folded stacks add up to ' + flame.newer.total;
	if (diff) {
		const bad = badChange(all, flame.older.total, flame.newer.total, 0);
		if (bad)
			return 'all: ' + bad;
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
		const source = labelSource(f, called);
		if (source.bad)
			return f.key + ': ' + source.bad;
		if (f.label !== fitLabel(source, lw))
			return f.key + ', ' + lw.toFixed(4) + ' units wide: labelled ' + JSON.stringify(f.label) + ', not ' +
				JSON.stringify(fitLabel(source, lw));
		if (diff) {
			const bad = badChange(f, count(flame.older, f.key), count(flame.newer, f.key), f.depth);
			if (bad)
				return f.key + ': ' + bad;
			continue;
		}
		const rgb = /^rgb\((\d+), (\d+), (\d+)\)$/.exec(f.fill);
		if (!rgb)
			return f.key + ': filled ' + f.fill;
		const [r, g, b] = rgb.slice(1).map(Number);
		if (r < 205 || g > 230 || b > 55)
			return f.key + ': filled ' + f.fill + ', not a warm colour';
	}
	for (const key of flame.drawn.keys())
		if (!shown.has(key) && want(key) >= MIN_WIDTH + 1e-9)
			return key + ': ' + want(key).toFixed(3) + ' units wide' + (zoom === null ? '' : ' zoomed into ' + zoom) +
				', not drawn';
	return null;
}

/* The page's flame graph as drawn, each frame with the shortened label
 * the page's data gives its name (DATA.flame's labels). */
async function measurePage(page, data) {
	const m = await page.eval(`(() => {
		const svg = document.querySelector('#app svg.cga-flame');
		return svg ? (${measureFlame.toString()})(svg) : null;
	})()`);
	if (m === null)
		return null;
	const short = new Map(data.flame.names.map((name, i) => [name, data.flame.labels[i]]));
	for (const f of m.frames) {
		const cut = f.title.indexOf('\n');
		f.short = short.get(cut < 0 ? f.title : f.title.slice(0, cut)) || null;
	}
	return m;
}

/* The flame graph of the page against the folded stacks, as drawn; then
 * searching "." matches every frame: the stacks' share of the whole
 * program's total (the JSON's, which --focus does not change). */
async function checkFlame(page, kase, json, data) {
	await goTo(page, '#flame');
	const m = await measurePage(page, data);
	if (m === null)
		return 'no flame graph: ' + await page.eval('document.querySelector(".note") && document.querySelector(".note").textContent');
	const diff = kase.kind === 'diff';
	const flame = flameOfCase(kase);
	const bad = checkGeometry(m, flame, null, diff, graphLabels(kase, json));
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
 * are those the program wrote, frame by drawn frame (those the SVG left
 * out, listed in its <metadata> for the search, have none).  The script
 * cuts a label at the frame's width as the SVG holds it, rounded to two
 * decimals, the program at the exact width: a label that differs only as
 * a width 0.005 off would cut it is that known bug (an expected failure),
 * any other difference a failure. */
async function checkCut(page) {
	const diffs = await page.eval(`(() => {
		const flame = cgaFlame.current;
		const drawn = flame.frames.filter(f => f.g);
		const labels = () => drawn.map(f => f.label.textContent);
		const written = labels();
		flame.reset();
		const again = labels();
		return drawn.map((f, i) => ({ name: f.short || f.name, w: Number(f.rect.getAttribute('width')),
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
async function checkZoom(page, kase, json, data) {
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
	const flame = flameOfCase(kase);
	const called = graphLabels(kase, json);
	const zoomed = checkGeometry(await measurePage(page, data), flame, picked, diff, called);
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
	const reset = checkGeometry(await measurePage(page, data), flame, null, diff, called);
	return reset ? 'after the reset: ' + reset : null;
}

/* An SVG of --format=flamegraph (open in PAGE) against the folded stacks,
 * as drawn. */
async function checkSvg(page, kase, json) {
	const m = await page.eval(`(${measureFlame.toString()})(document.documentElement)`);
	return checkGeometry(m, flameOfCase(kase), null, !!kase.old, graphLabels(kase, json));
}

/* The page's flame graph (of PAGE, DATA its data) against the SVG of the
 * same profile and options (KASE.svg), both as drawn and rebuilt from
 * their rectangles: the same frames, each with the same tooltip and the
 * same colour as computed. */
async function checkLikeSvg(browser, page, kase, data) {
	await goTo(page, '#flame');
	const onPage = await measurePage(page, data);
	if (onPage === null)
		return 'no flame graph on the page';
	const other = await browser.newPage(1366, 768);
	let inSvg;
	try {
		await other.open(kase.svg);
		inSvg = await other.eval(`(${measureFlame.toString()})(document.documentElement)`);
	} finally {
		await other.close();
	}
	const a = framesAsDrawn(onPage), b = framesAsDrawn(inSvg);
	if (typeof a === 'string' || typeof b === 'string')
		return typeof a === 'string' ? 'the page: ' + a : 'the SVG: ' + b;
	const bySvg = new Map(b.frames.map(f => [f.key, f]));
	const bad = [];
	for (const f of a.frames) {
		const g = bySvg.get(f.key);
		bySvg.delete(f.key);
		if (g === undefined)
			bad.push((f.key || 'all') + ': drawn on the page, not in the SVG');
		else if (g.title !== f.title)
			bad.push((f.key || 'all') + ': ' + JSON.stringify(f.title) + ' on the page, ' + JSON.stringify(g.title) +
				' in the SVG');
		else if (g.fill !== f.fill)
			bad.push((f.key || 'all') + ': ' + f.fill + ' on the page, ' + g.fill + ' in the SVG');
	}
	for (const key of bySvg.keys())
		bad.push(key + ': drawn in the SVG, not on the page');
	return bad.length > 0 ? bad.length + ' frames differ: ' + bad.slice(0, 3).join('; ') : null;
}

const searchButton = `getComputedStyle(document.getElementById('cga-search')).display`;

/* The SVG's Search button (of PAGE, where its script ran) is displayed. */
async function checkSearchShown(page) {
	const shown = await page.eval(searchButton);
	return shown === 'none' ? 'it is not displayed' : null;
}

/* Where scripts do not run (as in an <img>), the SVG shows no Search
 * button. */
async function checkSearchHidden(browser, kase) {
	const page = await browser.newPage(1366, 768);
	try {
		await page.send('Emulation.setScriptExecutionDisabled', { value: true });
		await page.open(kase.svg);
		const shown = await page.eval(searchButton);
		return shown !== 'none' ? 'it is displayed (' + shown + ')' : null;
	} finally {
		await page.close();
	}
}

/* Searching the name of each function of the JSON (names of one function
 * only, "^NAME$") in the SVG of PAGE finds the share of the whole program
 * that the JSON gives as its inclusive estimate: frames too narrow to draw
 * counted too. */
async function checkSearchEach(page, json) {
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
		: want.length === 0 ? 'no function to search' : null;
}

module.exports = { checkFlame, checkZoom, checkFit, checkCut, checkSvg, checkLikeSvg, checkSearchShown,
	checkSearchHidden, checkSearchEach };
